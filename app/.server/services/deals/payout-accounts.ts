import { eq } from "drizzle-orm";
import { PATHS } from "~/lib/shared/paths";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { payoutAccounts } from "../../db/schema";
import { NotFound } from "../../errors";
import { requireProvider, requireSimulator } from "../../payments/required";
import { type UserRow } from "../users/users";
import { transferDueOf } from "./settle";

// A seller's payout account (a Stripe Express connected account, or the simulator's): opening it,
// onboarding, and its state as the provider says it is.

/**
 * `account.updated` (or the seller back from onboarding): the account's state as the provider says
 * it is now, read back rather than taken from the event (events come late and out of order), and its
 * due money sent once it is ready.
 */
export async function payoutAccountChanged(ctx: AppContext, accountId: string): Promise<void> {
  const account = await requireProvider(ctx).retrievePayoutAccount(accountId);
  const [row] = await ctx.db
    .update(payoutAccounts)
    .set({
      status: account.payoutsEnabled ? "ready" : "pending",
      payoutsEnabled: account.payoutsEnabled,
      updatedAt: ctx.now().toISOString(),
    })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning({ userId: payoutAccounts.userId });
  if (row && account.payoutsEnabled) await transferDueOf(ctx, row.userId);
}

export type PayoutAccountState = { status: "none" | "pending" | "ready"; payoutsEnabled: boolean };

export async function payoutAccountOf(ctx: AppContext, seller: UserRow): Promise<PayoutAccountState> {
  enforce("manage:payouts", seller);
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  return row ? { status: row.status, payoutsEnabled: row.payoutsEnabled } : { status: "none", payoutsEnabled: false };
}

/**
 * POST /api/payouts/account: the seller's connected account (opened once, keyed by the seller) and
 * where they set it up: Stripe's hosted onboarding, or the simulator's local page.
 */
export async function payoutOnboardingLink(ctx: AppContext, seller: UserRow): Promise<string> {
  enforce("manage:payouts", seller);
  const provider = requireProvider(ctx);
  let [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row) {
    const account = await provider.createPayoutAccount({ email: seller.email, idempotencyKey: `payout-account-${seller.id}` });
    await ctx.db
      .insert(payoutAccounts)
      .values({
        userId: seller.id,
        accountId: account.id,
        status: account.payoutsEnabled ? "ready" : "pending",
        payoutsEnabled: account.payoutsEnabled,
        updatedAt: ctx.now().toISOString(),
      })
      .onConflictDoNothing();
    [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  }
  const back = new URL(PATHS.payouts, ctx.publicOrigin).toString();
  return provider.payoutAccountLink(row.accountId, { returnUrl: back, refreshUrl: back });
}

/** Back from onboarding: asks the provider how the account stands (the webhook may come later). */
export async function refreshPayoutAccount(ctx: AppContext, seller: UserRow): Promise<void> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row || row.status === "ready" || !ctx.payments) return;
  try {
    await payoutAccountChanged(ctx, row.accountId);
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "payout-account-refresh-failed", error: String(error) }));
  }
}

/** The simulator's onboarding page: one click makes the seller's account ready (development and tests only). */
export async function completeSimulatedOnboarding(ctx: AppContext, seller: UserRow): Promise<void> {
  enforce("manage:payouts", seller);
  requireSimulator(ctx);
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row) throw new NotFound("Set up your payout account first");
  await ctx.db.update(payoutAccounts).set({ payoutsEnabled: true }).where(eq(payoutAccounts.userId, seller.id));
  await payoutAccountChanged(ctx, row.accountId);
}
