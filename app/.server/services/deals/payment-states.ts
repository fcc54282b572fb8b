import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type DealPayment, type DisputeInput } from "~/lib/deals/deal";
import { type AppContext } from "../../context";
import { bookings, disputes, payments, type PaymentStatus, cars, standingPayment } from "../../db/schema";
import { ledgerRow, refundSumsWrite } from "./ledger";

// The payment state machine (docs/features/the-deal.md). A payment is held until the buyer has the
// car, disputed until an admin decides, released to the seller, or given back (refunding, then
// refunded). Every transition is one conditional UPDATE (`… WHERE status IN (…)`) in one batch with
// what it causes (ledger rows, the booking, the car, a dispute), each of those written only if the
// transition happened: of any number of requests, scheduled runs and webhooks meeting on one payment,
// exactly one moves it. Provider calls live in money-moves.ts.

export type PaymentRow = typeof payments.$inferSelect;

/** The fee and the seller's share of what is left of a payment, in cents: the fee half up. */
export function feeSplit(ctx: AppContext, left: number) {
  const fee = Math.floor((left * ctx.config.deal.feeBps + 5_000) / 10_000);
  return { fee, sellerAmount: left - fee };
}

/** The fee, the seller's share and the release date of a payment made now (configuration's settings). */
export function dealTerms(ctx: AppContext, amount: number, paidAt: Date) {
  return {
    ...feeSplit(ctx, amount),
    releaseAt: new Date(paidAt.getTime() + ctx.config.deal.releaseAfterHours * 3_600_000).toISOString(),
  };
}

/** The payment as the contract's Booking.payment shows it (null for payments made before the deal). */
export function toDealPayment(row: {
  status: PaymentStatus | null;
  amount: number | null;
  fee: number | null;
  sellerAmount: number | null;
  createdAt: string | null;
  releaseAt: string | null;
  releasedAt: string | null;
  refundedAt: string | null;
  refundedAmount: number | null;
}): DealPayment | null {
  if (!row.status || row.amount === null || !row.createdAt || !row.releaseAt) return null;
  const refunded = row.status === "refunding" || row.status === "refunded";
  return {
    // A refund decided whose card refund is still being confirmed is the buyer's money already.
    status: refunded ? "refunded" : (row.status as Exclude<PaymentStatus, "refunding">),
    amount: row.amount,
    // Money given back keeps no fee and gives the seller nothing.
    fee: refunded ? 0 : (row.fee ?? 0),
    sellerAmount: refunded ? 0 : (row.sellerAmount ?? row.amount),
    paidAt: row.createdAt,
    releaseAt: row.releaseAt,
    releasedAt: row.releasedAt,
    refundedAt: row.refundedAt,
    refundedAmount: refunded ? row.amount : (row.refundedAmount ?? 0),
  };
}

/** The payment columns Booking.payment needs, for a read that joins `payments` to its booking. */
export const dealPaymentColumns = {
  paymentStatus: payments.status,
  paymentAmount: payments.amount,
  paymentFee: payments.fee,
  paymentSellerAmount: payments.sellerAmount,
  paymentCreatedAt: payments.createdAt,
  paymentReleaseAt: payments.releaseAt,
  paymentReleasedAt: payments.releasedAt,
  paymentRefundedAt: payments.refundedAt,
  paymentRefundedAmount: payments.refundedAmount,
};
type DealPaymentColumns = { [K in keyof typeof dealPaymentColumns]: (typeof dealPaymentColumns)[K]["_"]["data"] | null };

export const dealPaymentOf = (row: DealPaymentColumns) =>
  toDealPayment({
    status: row.paymentStatus,
    amount: row.paymentAmount,
    fee: row.paymentFee,
    sellerAmount: row.paymentSellerAmount,
    createdAt: row.paymentCreatedAt,
    releaseAt: row.paymentReleaseAt,
    releasedAt: row.paymentReleasedAt,
    refundedAt: row.paymentRefundedAt,
    refundedAmount: row.paymentRefundedAmount,
  });

/**
 * The join condition from a booking to its latest deal payment (a booking that lost the car and was
 * paid again has two; payments made before the deal have no status).
 */
export const dealPaymentJoin = and(
  eq(payments.bookingId, bookings.id),
  sql`${payments.id} = (select latest.id from payments latest
    where latest.booking_id = ${bookings.id} and latest.status is not null
    order by latest.created_at desc, latest.id desc limit 1)`,
);

export const statusIs = (paymentId: string, ...statuses: PaymentStatus[]) =>
  sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId} and ${inArray(payments.status, statuses)})`;

/** One group per booking: the charge and its transfer belong together in Stripe. */
export const transferGroup = (payment: PaymentRow) => `booking-${payment.bookingId ?? payment.id}`;

export const logDeal = (ctx: AppContext, event: string, payment: PaymentRow, details: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ requestId: ctx.requestId, event, paymentId: payment.id, bookingId: payment.bookingId, ...details }));

export const logFailure = (ctx: AppContext, event: string, payment: PaymentRow, error: unknown) =>
  console.error(
    JSON.stringify({ requestId: ctx.requestId, event, paymentId: payment.id, bookingId: payment.bookingId, error: String(error) }),
  );

export async function readPayment(ctx: AppContext, paymentId: string): Promise<PaymentRow | undefined> {
  return (await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1))[0];
}

/**
 * `from` → released, with the fee and the seller's share worked out on what is left after refunds,
 * in one batch with `alsoWrite`. Guarded by the refunded amount read: a refund recorded meanwhile
 * makes the caller read again. False if another transition (or a refund) came first.
 */
export async function release(ctx: AppContext, payment: PaymentRow, from: PaymentStatus[], alsoWrite: BatchItem<"sqlite">[] = []) {
  const split = feeSplit(ctx, payment.amount - payment.refundedAmount);
  const [transitioned] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "released", releasedAt: ctx.now().toISOString(), ...split, refundedAtRelease: payment.refundedAmount })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, from), eq(payments.refundedAmount, payment.refundedAmount)))
      .returning({ id: payments.id }),
    ...alsoWrite,
  ]);
  if (transitioned.length === 0) return false;
  logDeal(ctx, "payment-released", payment, split);
  return true;
}

/**
 * What giving a payment back undoes, each only if `given` holds when the batch runs: the buyer's
 * booking (when this payment was what paid it) is no longer paid nor theirs, the car is for sale
 * again when nothing else bought it, and an open dispute ends in the buyer's favour.
 */
function givenBackWrites(ctx: AppContext, payment: PaymentRow, given: SQL) {
  const now = ctx.now().toISOString();
  return [
    ctx.db
      .update(bookings)
      .set({ paid: false, refunded: true })
      .where(and(eq(bookings.id, payment.bookingId ?? ""), eq(bookings.transactionId, payment.transactionId), given)),
    ctx.db
      .update(cars)
      .set({ isPaid: false })
      .where(
        and(
          eq(cars.id, payment.productId ?? ""),
          given,
          sql`not exists (select 1 from ${payments} where ${payments.productId} = ${cars.id} and ${standingPayment})`,
        ),
      ),
    ctx.db
      .update(disputes)
      .set({ resolution: "refund", resolvedAt: now })
      .where(and(eq(disputes.paymentId, payment.id), isNull(disputes.resolution), given)),
  ] as const;
}

/** `from` → refunding: the refund is decided (money-moves.ts makes it), in one batch with `alsoWrite`. False if another transition came first. */
export async function decideRefund(ctx: AppContext, payment: PaymentRow, from: PaymentStatus[], alsoWrite: BatchItem<"sqlite">[] = []) {
  const [transitioned] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "refunding", refundedAt: ctx.now().toISOString() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
      .returning({ id: payments.id }),
    ...givenBackWrites(ctx, payment, statusIs(payment.id, "refunding")),
    ...alsoWrite,
  ]);
  return transitioned.length === 1;
}

/**
 * Records refunds the provider made (each once, by its id) and what follows, in one batch after
 * `before` (notices that check the refunds are not yet recorded). True if any refund was new.
 */
export async function recordRefunds(ctx: AppContext, payment: PaymentRow, refunds: { id: string; amount: number }[], before: SQL[] = []) {
  if (refunds.length === 0) return false;
  const results = await ctx.db.batch([
    ...before.map((statement) => ctx.db.run(statement)),
    ...refunds.map((refund) => ledgerRow(ctx, payment, { kind: "refund", amount: refund.amount, providerId: refund.id }, sql`1`)),
    refundSumsWrite(ctx, payment.id),
    ...afterRefundWrites(ctx, payment),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const fresh = results.slice(before.length, before.length + refunds.length).some((rows) => (rows as unknown[]).length > 0);
  if (fresh) logDeal(ctx, "refunds-recorded", payment, { refunds: refunds.map((refund) => refund.id) });
  return fresh;
}

/**
 * What a payment's refunds lead to, written after its refunded sum: a whole refund gives the payment
 * back; a part refunded after release and before the transfer (and no transfer under way) stops the
 * transfer for an admin (a dispute); one after the transfer is owed back by the seller (money-moves.ts
 * reverses it). Also run when a transfer about to start finds refunds since its share was worked out.
 */
export function afterRefundWrites(ctx: AppContext, payment: PaymentRow) {
  const now = ctx.now().toISOString();
  const whole = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.refundedAmount} >= ${payments.amount})`;
  const stopped = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'released'
    and ${payments.transferId} is null and ${payments.claimedUntil} is null and ${payments.refundedAmount} > ${payments.refundedAtRelease})`;
  return [
    ctx.db.run(sql`
      insert into ${disputes} (id, payment_id, booking_id, reason, note, created_at)
      select ${crypto.randomUUID()}, ${payment.id}, ${payment.bookingId ?? payment.id}, 'other',
        'Part of this payment was refunded at the card provider after it was released; the payout is stopped until you decide.', ${now}
      where ${stopped} and not ${whole}
      on conflict do nothing`),
    ctx.db
      .update(payments)
      .set({
        status: sql`case when ${whole} then 'refunded' else 'disputed' end`,
        refundedAt: sql`coalesce(${payments.refundedAt}, ${now})`,
      })
      .where(and(eq(payments.id, payment.id), stopped)),
    ctx.db
      .update(payments)
      .set({ status: "refunded", refundedAt: sql`coalesce(${payments.refundedAt}, ${now})` })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ["held", "disputed", "refunding"]), whole)),
    ...givenBackWrites(ctx, payment, statusIs(payment.id, "refunded")),
  ];
}

/**
 * held (or released but not yet transferred) → disputed with the dispute's row, in one batch; a
 * payment already paid out stays as it is and gets an open dispute for an admin. The dispute's id,
 * or null when there is nothing to stop (given back already, or a dispute is open). `alsoWrite`
 * runs after the dispute's insert (the notices of it, which check that it was written).
 */
export async function openDisputeCase(
  ctx: AppContext,
  payment: PaymentRow,
  input: DisputeInput,
  from: PaymentStatus[],
  id: string = crypto.randomUUID(),
  alsoWrite: SQL[] = [],
) {
  const paidOut = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.transferId} is not null and ${payments.status} = 'released')`;
  const [transitioned, inserted] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "disputed" })
      .where(
        and(
          eq(payments.id, payment.id),
          sql`(${payments.status} = 'held' or (${payments.status} = 'released' and ${payments.transferId} is null and ${payments.claimedUntil} is null))`,
          inArray(payments.status, from),
        ),
      )
      .returning({ id: payments.id }),
    ctx.db.run(sql`
      insert into ${disputes} (id, payment_id, booking_id, reason, note, created_at)
      select ${id}, ${payment.id}, ${payment.bookingId ?? payment.id}, ${input.reason}, ${input.note ?? ""}, ${ctx.now().toISOString()}
      where ${statusIs(payment.id, "disputed")} or (${paidOut} and ${from.includes("released") ? sql`1` : sql`0`})
      on conflict do nothing`),
    ...alsoWrite.map((statement) => ctx.db.run(statement)),
  ]);
  if (transitioned.length === 0 && inserted.rowsAffected === 0) return null;
  logDeal(ctx, "payment-disputed", payment, { reason: input.reason });
  return id;
}
