import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type AppContext } from "../../context";
import { payments, payoutAccounts, users } from "../../db/schema";
import { type Movement } from "../../payments/provider";
import { requireProvider } from "../../payments/required";
import { recipientColumns } from "../users/users";
import { effectsOf } from "../events";
import { ledgerRow, owedBack, owesBack } from "./ledger";
import { reportMoneyProblem } from "./money-problems";
import {
  afterRefundWrites,
  logDeal,
  logFailure,
  type PaymentRow,
  readPayment,
  recordRefunds,
  statusIs,
  transferGroup,
} from "./payment-states";

// The provider calls that move a payment's money after the charge: the seller's transfer, the
// buyer's refund, and the reversal of a transfer whose money was refunded. Each is written down
// before the provider is called (an attempt number and a claim that expires), keyed by that
// attempt, and recorded in the ledger once the provider answers. A refused call is tried again as a
// new attempt; before it, the provider is asked what the earlier attempts did (a call may have moved
// money and lost its answer). After MAX_ATTEMPTS refusals, admins see a money problem.

const CLAIM_SECONDS = 120;
export const MAX_ATTEMPTS = 3;

type AttemptColumn = "transferAttempts" | "refundAttempts" | "reversalAttempts";

/** Claims the payment's next provider call: the attempt's number, or null if another caller holds it or `condition` no longer holds. */
async function claim(ctx: AppContext, payment: PaymentRow, column: AttemptColumn, condition = sql`1`) {
  const now = ctx.now();
  const [claimed] = await ctx.db
    .update(payments)
    .set({ [column]: sql`${payments[column]} + 1`, claimedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000).toISOString() })
    .where(and(eq(payments.id, payment.id), or(isNull(payments.claimedUntil), lt(payments.claimedUntil, now.toISOString())), condition))
    .returning({ attempt: payments[column] });
  return claimed?.attempt ?? null;
}

const letGo = (ctx: AppContext, payment: PaymentRow) =>
  ctx.db.update(payments).set({ claimedUntil: null }).where(eq(payments.id, payment.id));

async function failed(ctx: AppContext, payment: PaymentRow, what: "transfer" | "refund" | "reversal", attempt: number, error: unknown) {
  logFailure(ctx, `${what}-failed`, payment, error);
  await letGo(ctx, payment);
  if (attempt < MAX_ATTEMPTS) return;
  const kind = what === "transfer" ? "transfer_failed" : what === "reversal" ? "reversal_failed" : "missing_at_provider";
  await reportMoneyProblem(ctx, {
    kind,
    key: `${kind}:${payment.id}`,
    paymentId: payment.id,
    bookingId: payment.bookingId,
    amount: what === "transfer" ? (payment.sellerAmount ?? 0) : payment.amount - payment.refundedAmount,
    detail: `The ${what} for ${payment.productName || "a car"} failed ${attempt} times: ${String(error)}`,
  });
}

/**
 * Sends a released payment's share to its seller when their payout account is ready, once ever:
 * the record (with the fee, and the seller's `payout` notification) is written in one batch with
 * the transfer's id. A payment refunded since its share was worked out is stopped instead (an admin
 * decides). True when the transfer is recorded.
 */
export async function transferDue(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (payment.status !== "released" || payment.transferId || !payment.sellerId || !payment.sellerAmount) return false;
  const account = await readyAccountOf(ctx, payment.sellerId);
  if (!account) return false;
  const unchanged = sql`${payments.status} = 'released' and ${payments.transferId} is null and ${payments.refundedAmount} = ${payments.refundedAtRelease}`;
  const attempt = await claim(ctx, payment, "transferAttempts", unchanged);
  if (attempt === null) {
    await ctx.db.batch(afterRefundWrites(ctx, payment) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    return false;
  }
  const provider = requireProvider(ctx);
  let transfer: Movement | undefined;
  try {
    if (attempt > 1) transfer = (await provider.transfersInGroup(transferGroup(payment))).find((t) => t.metadata.paymentId === payment.id);
    transfer ??= await provider.transfer({
      amount: payment.sellerAmount,
      currency: "usd",
      destination: account.accountId,
      transferGroup: transferGroup(payment),
      metadata: { bookingId: payment.bookingId ?? "", paymentId: payment.id },
      idempotencyKey: `transfer-${payment.id}-${attempt}`,
    });
  } catch (error) {
    await failed(ctx, payment, "transfer", attempt, error);
    return false;
  }
  await recordTransfer(ctx, payment, transfer, account);
  return true;
}

/** The seller's payout account when it is ready, and how to tell them. */
async function readyAccountOf(ctx: AppContext, sellerId: string) {
  const [account] = await ctx.db
    .select({ accountId: payoutAccounts.accountId, ...recipientColumns("payout") })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .where(and(eq(payoutAccounts.userId, sellerId), eq(payoutAccounts.status, "ready")))
    .limit(1);
  return account;
}

/** Reconciliation found a transfer of this payment at the provider that the ledger lacks (its answer was lost): recorded now. */
export async function recoverTransfer(ctx: AppContext, payment: PaymentRow): Promise<void> {
  if (payment.transferId || !payment.sellerId) return;
  const transfer = (await requireProvider(ctx).transfersInGroup(transferGroup(payment))).find((t) => t.metadata.paymentId === payment.id);
  const account = await readyAccountOf(ctx, payment.sellerId);
  if (transfer && account) await recordTransfer(ctx, payment, transfer, account);
}

/** The transfer's record: whatever the payment's state now, money that moved is written down (a refund meanwhile is owed back). */
async function recordTransfer(
  ctx: AppContext,
  payment: PaymentRow,
  transfer: Movement,
  seller: { userId: string; email: string; emailOptedOut: boolean },
) {
  const recorded = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.transferId} = ${transfer.id})`;
  const fee = payment.fee ?? 0;
  const notices = await effectsOf(ctx, [{ type: "payout_sent", payment, amount: transfer.amount, seller, when: recorded }]);
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ transferId: transfer.id, claimedUntil: null })
      .where(and(eq(payments.id, payment.id), isNull(payments.transferId))),
    ledgerRow(ctx, payment, { kind: "transfer", amount: transfer.amount, providerId: transfer.id }, recorded),
    ...(fee > 0 ? [ledgerRow(ctx, payment, { kind: "fee", amount: fee, providerId: payment.transactionId }, recorded)] : []),
    ...notices.statements.map((statement) => ctx.db.run(statement)),
  ]);
  await notices.afterCommit();
  logDeal(ctx, "payment-transferred", payment, { transferId: transfer.id });
  const now = await readPayment(ctx, payment.id);
  if (now && now.refundedAmount > now.refundedAtRelease) await reverseOwed(ctx, now);
}

/**
 * Gives a `refunding` payment's money back: what is left of it after earlier refunds. A retry first
 * reads the charge back, so a refund made by an attempt whose answer was lost is recorded, not repeated.
 */
export async function completeRefund(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  const attempt = await claim(ctx, payment, "refundAttempts", sql`${payments.status} = 'refunding'`);
  if (attempt === null) return false;
  const provider = requireProvider(ctx);
  try {
    if (attempt > 1) await recordRefunds(ctx, payment, (await provider.chargeState(payment.transactionId)).refunds);
    const now = (await readPayment(ctx, payment.id))!;
    const left = now.amount - now.refundedAmount;
    if (now.status === "refunding" && left > 0) {
      const refund = await provider.refund({
        intentId: payment.transactionId,
        amount: left,
        metadata: { paymentId: payment.id, bookingId: payment.bookingId ?? "" },
        idempotencyKey: `refund-${payment.id}-${attempt}`,
      });
      await recordRefunds(ctx, now, [refund]);
    }
  } catch (error) {
    await failed(ctx, payment, "refund", attempt, error);
    return false;
  }
  await letGo(ctx, payment);
  return true;
}

/**
 * Takes back from the seller what a paid-out payment's later refunds owe: the transfer is reversed
 * for the refunded amount (as far as it goes; the rest came out of the platform's fee), and a
 * payment refunded whole is given back. A retry first records the reversals earlier attempts made.
 */
export async function reverseOwed(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (!payment.transferId) return false;
  const transferId = payment.transferId;
  const attempt = await claim(ctx, payment, "reversalAttempts", owesBack);
  if (attempt === null) return false;
  const provider = requireProvider(ctx);
  try {
    if (attempt > 1) await recordReversals(ctx, payment, await provider.reversalsOf(transferId));
    const before = await owedBack(ctx, payment.id);
    let { owed, reversed } = before;
    const take = Math.min(owed, before.transferLeft);
    if (take > 0) {
      const reversal = await provider.reverseTransfer({
        transferId,
        amount: take,
        metadata: { paymentId: payment.id },
        idempotencyKey: `reversal-${payment.id}-${reversed}-${attempt}`,
      });
      await recordReversals(ctx, payment, [reversal]);
      ({ owed, reversed } = await owedBack(ctx, payment.id));
    }
    const { feeLeft } = await owedBack(ctx, payment.id);
    const fromFee = Math.min(owed, feeLeft);
    const whole = statusIs(payment.id, "released", "disputed", "refunding");
    await ctx.db.batch([
      ...(fromFee > 0
        ? [ledgerRow(ctx, payment, { kind: "fee_refund", amount: fromFee, providerId: `fee-${payment.id}-${reversed}` }, sql`1`)]
        : []),
      ctx.db
        .update(payments)
        .set({ status: "refunded", claimedUntil: null })
        .where(and(eq(payments.id, payment.id), sql`${payments.refundedAmount} >= ${payments.amount}`, whole)),
      ...afterRefundWrites(ctx, payment),
    ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    await failed(ctx, payment, "reversal", attempt, error);
    return false;
  }
  await letGo(ctx, payment);
  return true;
}

export async function recordReversals(ctx: AppContext, payment: PaymentRow, reversals: Movement[]) {
  if (reversals.length === 0) return;
  await ctx.db.batch(
    reversals.map((reversal) =>
      ledgerRow(ctx, payment, { kind: "transfer_reversal", amount: reversal.amount, providerId: reversal.id }, sql`1`),
    ) as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]],
  );
}
