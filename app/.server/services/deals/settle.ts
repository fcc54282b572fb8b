import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type AppContext } from "../../context";
import { payments, payoutAccounts } from "../../db/schema";
import { owesBack } from "./ledger";
import { completeRefund, reverseOwed, transferDue } from "./money-moves";
import { type PaymentRow, readPayment, release } from "./payment-states";

// After a payment's state changes, the provider calls its new state asks for; and the scheduled run, which does
// the same for every payment whose call is due (held money past its release date, refunds decided,
// released money for ready payout accounts, refunds owed back) and whose claim, if any, has expired.

/** The provider call a payment's state asks for, if any (its claim decides who makes it). */
export async function settlePayment(ctx: AppContext, paymentId: string): Promise<void> {
  const payment = await readPayment(ctx, paymentId);
  if (payment) await callProviderIfDue(ctx, payment);
}

async function callProviderIfDue(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (payment.status === "refunding") return completeRefund(ctx, payment);
  if (payment.transferId && payment.refundedAmount > payment.refundedAtRelease) return reverseOwed(ctx, payment);
  if (payment.status === "released" && !payment.transferId) return transferDue(ctx, payment);
  return false;
}

/** Releases a held (or disputed) payment, reading it again once if a refund changed what is left of it meanwhile; then pays the seller. */
export async function releaseHeld(
  ctx: AppContext,
  paymentId: string,
  from: ("held" | "disputed")[],
  alsoWrite: BatchItem<"sqlite">[] = [],
) {
  for (let read = 0; read < 2; read++) {
    const payment = await readPayment(ctx, paymentId);
    if (!payment || !from.includes(payment.status as "held")) return false;
    if (await release(ctx, payment, from, alsoWrite)) {
      await settlePayment(ctx, paymentId);
      return true;
    }
  }
  return false;
}

const SCHEDULED_BATCH = 100;

/**
 * The Cron Trigger's part of the deal: releases held money past its release date and makes every
 * provider call a payment is waiting for. Each step is the same conditional transition or claimed
 * call a request makes, so it never moves money twice.
 */
export async function runScheduledDeals(ctx: AppContext) {
  const now = ctx.now().toISOString();
  const free = or(isNull(payments.claimedUntil), lt(payments.claimedUntil, now));
  const overdue = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, "held"), lte(payments.releaseAt, now)))
    .orderBy(asc(payments.releaseAt))
    .limit(SCHEDULED_BATCH);
  let released = 0;
  for (const { id } of overdue) if (await releaseHeld(ctx, id, ["held"])) released++;
  const waiting = await ctx.db
    .select({ payment: payments })
    .from(payments)
    .leftJoin(payoutAccounts, and(eq(payoutAccounts.userId, payments.sellerId), eq(payoutAccounts.status, "ready")))
    .where(
      and(
        free,
        or(
          eq(payments.status, "refunding"),
          owesBack,
          and(eq(payments.status, "released"), isNull(payments.transferId), sql`${payoutAccounts.userId} is not null`),
        ),
      ),
    )
    .limit(SCHEDULED_BATCH);
  let providerCalls = 0;
  for (const { payment } of waiting) if (await callProviderIfDue(ctx, payment)) providerCalls++;
  return { released, providerCalls };
}

/** A seller's released money waiting for their payout account, sent now that it is ready. */
export async function transferDueOf(ctx: AppContext, sellerId: string) {
  const due = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.sellerId, sellerId), eq(payments.status, "released"), isNull(payments.transferId)))
    .limit(SCHEDULED_BATCH);
  for (const payment of due) await transferDue(ctx, payment);
}
