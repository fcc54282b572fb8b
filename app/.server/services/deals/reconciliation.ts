import { and, eq, gte, inArray } from "drizzle-orm";
import { formatCents } from "~/lib/shared/format";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { ledgerEntries, type LedgerKind, payments } from "../../db/schema";
import { type ProviderObject } from "../../payments/provider";
import { requireProvider } from "../../payments/required";
import { type UserRow } from "../users/users";
import { recoverTransfer, recordReversals } from "./money-moves";
import { countOpenMoneyProblems, type NewMoneyProblem, reportMoneyProblem } from "./money-problems";
import { fulfilIntent } from "./payments";
import { syncRefunds } from "./provider-events";

// Reconciliation: the provider's charges, refunds, transfers and reversals of the last days against
// the ledger. What is missing from the ledger is first settled the way its event would have (the
// payment recorded, the refund or transfer written down); what still differs, and ledger rows the
// provider does not know, become money problems for admins.

const DAYS = 7;
type Compared = Exclude<LedgerKind, "fee" | "fee_refund">;
const COMPARED: Compared[] = ["charge", "refund", "transfer", "transfer_reversal"];

const keyOf = (kind: string, providerId: string) => `${kind}:${providerId}`;

async function ledgerSince(ctx: AppContext, since: string) {
  const rows = await ctx.db
    .select({
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      providerId: ledgerEntries.providerId,
      bookingId: ledgerEntries.bookingId,
    })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, since), inArray(ledgerEntries.kind, COMPARED)));
  return new Map(rows.map((row) => [keyOf(row.kind, row.providerId), row]));
}

/** Settles a provider object the ledger lacks the way its event would have. */
async function settleMissing(ctx: AppContext, object: ProviderObject) {
  const provider = requireProvider(ctx);
  if (object.kind === "charge" && object.parentId) {
    const intent = await provider.retrieveIntent(object.parentId);
    if (intent?.status === "succeeded" && intent.metadata.bookingId) await fulfilIntent(ctx, intent);
    return;
  }
  if (object.kind === "refund" && object.parentId) {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.transactionId, object.parentId)).limit(1);
    if (payment) await syncRefunds(ctx, payment);
    return;
  }
  if (object.kind === "transfer" && object.metadata.paymentId) {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, object.metadata.paymentId)).limit(1);
    if (payment) await recoverTransfer(ctx, payment);
    return;
  }
  if (object.kind === "transfer_reversal" && object.parentId) {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.transferId, object.parentId)).limit(1);
    if (payment) await recordReversals(ctx, payment, [object]);
  }
}

/** A difference reconciliation found is named by what differs, so each is reported once while open. */
const problemKey = (kind: string, providerId: string) => `reconcile:${keyOf(kind, providerId)}`;

function problemFor(object: ProviderObject, found: { amount: number } | undefined): NewMoneyProblem | null {
  const key = problemKey(object.kind, object.id);
  if (!found) {
    const unknown = object.kind === "charge";
    return {
      kind: unknown ? "unknown_charge" : "missing_in_ledger",
      key,
      amount: object.amount,
      detail: `The provider's ${object.kind.replace("_", " ")} ${object.id} of ${formatCents(object.amount)} is not in the ledger${unknown ? " and pays for no booking" : ""}.`,
    };
  }
  if (found.amount === object.amount) return null;
  return {
    kind: "amount_differs",
    key,
    amount: Math.abs(found.amount - object.amount),
    detail: `The provider's ${object.kind.replace("_", " ")} ${object.id} is ${formatCents(object.amount)}; the ledger says ${formatCents(found.amount)}.`,
  };
}

/**
 * Compares the last days' provider objects with the ledger; `checked` is how many provider objects
 * were compared, `problems` how many money problems are open afterwards.
 */
export async function reconcile(ctx: AppContext): Promise<{ checked: number; problems: number }> {
  const now = ctx.now();
  const since = new Date(now.getTime() - DAYS * 86_400_000);
  const objects = (await requireProvider(ctx).objectsSince(Math.floor(since.getTime() / 1000))).filter((object) =>
    COMPARED.includes(object.kind),
  );
  let ledger = await ledgerSince(ctx, since.toISOString());
  const missing = objects.filter((object) => !ledger.has(keyOf(object.kind, object.id)));
  for (const object of missing) {
    // One object that cannot be settled now (the provider failed) stays a difference; the others go on.
    await settleMissing(ctx, object).catch((error: unknown) =>
      console.error(
        JSON.stringify({ requestId: ctx.requestId, event: "reconcile-settle-failed", object: object.id, error: String(error) }),
      ),
    );
  }
  if (missing.length > 0) ledger = await ledgerSince(ctx, since.toISOString());

  const atProvider = new Set(objects.map((object) => keyOf(object.kind, object.id)));
  for (const object of objects) {
    const found = ledger.get(keyOf(object.kind, object.id));
    const problem = problemFor(object, found);
    if (problem) await reportMoneyProblem(ctx, { ...problem, bookingId: found?.bookingId ?? object.metadata.bookingId ?? null });
  }
  for (const [key, row] of ledger) {
    if (atProvider.has(key)) continue;
    await reportMoneyProblem(ctx, {
      kind: "missing_at_provider",
      key: problemKey(row.kind, row.providerId),
      bookingId: row.bookingId,
      amount: row.amount,
      detail: `The ledger's ${row.kind.replace("_", " ")} ${row.providerId} of ${formatCents(row.amount)} is not at the provider.`,
    });
  }
  return { checked: objects.length, problems: await countOpenMoneyProblems(ctx) };
}

/** POST /api/admin/reconcile: an admin runs the comparison now. */
export async function reconcileNow(ctx: AppContext, admin: UserRow) {
  enforce("reconcile:ledger", admin);
  return reconcile(ctx);
}
