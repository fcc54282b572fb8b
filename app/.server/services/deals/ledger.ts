import { count, desc, eq, inArray, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { type LedgerEntry, type LedgerLine } from "~/lib/deals/deal";
import { DELETED_USER } from "~/lib/accounts/roles";
import { totalPages } from "~/lib/shared/list-query";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, ledgerEntries, type LedgerKind, payments, cars } from "../../db/schema";
import { type UserRow } from "../users/users";

// The ledger: every movement of money as a row, written with the state change it records, and what
// people read of it (a seller's payouts, the admin's Money page and its totals).

/** A ledger row for this payment, written only if `onlyIf` holds when its batch runs (once: see the table's unique indexes). Returns the row's id if written. */
export function ledgerRow(
  ctx: AppContext,
  payment: { id: string; bookingId: string | null; sellerId: string | null },
  entry: { kind: LedgerKind; amount: number; providerId: string },
  onlyIf: SQL,
) {
  return ctx.db.all<{ id: string }>(sql`
    insert into ${ledgerEntries} (id, payment_id, booking_id, seller_id, kind, amount, provider_id, created_at)
    select ${crypto.randomUUID()}, ${payment.id}, ${payment.bookingId}, ${payment.sellerId}, ${entry.kind}, ${entry.amount}, ${entry.providerId}, ${ctx.now().toISOString()}
    where ${onlyIf}
    on conflict do nothing
    returning id`);
}

const ledgerSum = (paymentId: string, kind: LedgerKind) =>
  sql<number>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries} where ${ledgerEntries.paymentId} = ${paymentId} and ${ledgerEntries.kind} = ${kind})`;

/**
 * payments.refunded_amount from the payment's refund rows (in the batch that writes them); a payment
 * not yet released shows its fee and the seller's share on what is left (worked out again at release).
 */
export const refundSumsWrite = (ctx: AppContext, paymentId: string) => {
  const left = sql`(${payments.amount} - ${ledgerSum(paymentId, "refund")})`;
  // Half up in whole cents, as feeSplit (a bound number may arrive as a real: cast).
  const fee = sql`cast((${left} * ${ctx.config.deal.feeBps} + 5000) / 10000 as integer)`;
  const unreleased = sql`${payments.status} in ('held', 'disputed')`;
  return ctx.db
    .update(payments)
    .set({
      refundedAmount: ledgerSum(paymentId, "refund"),
      fee: sql`case when ${unreleased} then ${fee} else ${payments.fee} end`,
      sellerAmount: sql`case when ${unreleased} then ${left} - ${fee} else ${payments.sellerAmount} end`,
    })
    .where(eq(payments.id, paymentId));
};

/** SQL condition on a payments row: paid out, and refunds since owe the seller's account more than was taken back. */
export const owesBack = sql`(${payments.transferId} is not null and ${payments.refundedAmount} - ${payments.refundedAtRelease} >
  (select coalesce(sum(owed.amount), 0) from ${ledgerEntries} owed where owed.payment_id = ${payments.id} and owed.kind in ('transfer_reversal', 'fee_refund')))`;

/**
 * What the seller of a paid-out payment owes back, in cents: refunds made after its fee and share
 * were worked out, less what was taken back by reversals and what the platform's fee covered.
 */
export async function owedBack(ctx: AppContext, paymentId: string) {
  const [row] = await ctx.db
    .select({
      refundedSince: sql<number>`${payments.refundedAmount} - ${payments.refundedAtRelease}`.mapWith(Number),
      transferred: ledgerSum(paymentId, "transfer").mapWith(Number),
      reversed: ledgerSum(paymentId, "transfer_reversal").mapWith(Number),
      fee: ledgerSum(paymentId, "fee").mapWith(Number),
      feeRefunded: ledgerSum(paymentId, "fee_refund").mapWith(Number),
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!row || row.transferred === 0) return { owed: 0, transferLeft: 0, feeLeft: 0, reversed: 0 };
  return {
    owed: Math.max(0, row.refundedSince - row.reversed - row.feeRefunded),
    transferLeft: row.transferred - row.reversed,
    feeLeft: row.fee - row.feeRefunded,
    reversed: row.reversed + row.feeRefunded,
  };
}

/** A payment's car and seller by name, for a read that left-joins `products` to `payments`: kept when either is gone. */
export const paymentNames = {
  productName: sql<string>`coalesce(${cars.name}, ${payments.productName})`,
  sellerName: sql<string>`coalesce(${cars.sellerName}, ${DELETED_USER})`,
};

/**
 * A page of ledger rows (`where`: all, or one seller's), newest first along the ledger's index, each
 * with its car, buyer, seller and payment's state, joined by primary keys (map with toLedgerLine).
 */
const ledgerLinesQuery = (ctx: AppContext, where: SQL | undefined, page: number, limit: number) =>
  ctx.db
    .select({
      entry: ledgerEntries,
      ...paymentNames,
      carId: cars.id,
      buyerName: sql<string>`coalesce(${bookings.buyerName}, ${DELETED_USER})`,
      sellerId: cars.sellerId,
      status: payments.status,
      paidOut: sql<boolean>`${payments.transferId} is not null`.mapWith((value) => Number(value) === 1),
      refundReason: payments.refundReason,
    })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(cars, eq(cars.id, payments.productId))
    .where(where)
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(limit)
    .offset((page - 1) * limit);

const toLedgerLine = (row: Awaited<ReturnType<typeof ledgerLinesQuery>>[number]): LedgerLine => ({
  ...toLedgerEntry(row.entry),
  car: { id: row.carId, name: row.productName },
  buyerName: row.buyerName,
  seller: { id: row.sellerId, name: row.sellerName },
  sale: {
    // A refund decided is the buyer's money already, as bookings show it.
    status: row.status === "refunding" || row.status === null ? "refunded" : row.status,
    paidOut: row.paidOut,
    boughtNothing: row.refundReason !== null,
  },
});

const toLedgerEntry = (row: typeof ledgerEntries.$inferSelect): LedgerEntry => ({
  _id: row.id,
  bookingId: row.bookingId,
  kind: row.kind,
  amount: row.amount,
  providerId: row.providerId,
  createdAt: row.createdAt,
});

/** A page of ledger lines as the contract's API gives it: the entries alone. */
export const asLedgerEntries = <List extends { data: LedgerLine[] }>(list: List) => ({
  ...list,
  data: list.data.map(({ _id, bookingId, kind, amount, providerId, createdAt }): LedgerEntry => ({
    _id,
    bookingId,
    kind,
    amount,
    providerId,
    createdAt,
  })),
});

const sumWhere = (column: SQLWrapper, condition: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then ${column} end), 0)`.mapWith(Number);

const left = sql`${payments.amount} - ${payments.refundedAmount}`;

/** The seller's sums (cents) and their ledger lines, newest first (GET /api/payouts gives the entries alone). */
export async function sellerPayouts(ctx: AppContext, seller: UserRow, page: number, limit: number) {
  enforce("manage:payouts", seller);
  const [[sums], lines, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        held: sumWhere(left, sql`${payments.status} = 'held'`),
        disputed: sumWhere(left, sql`${payments.status} = 'disputed' and ${payments.transferId} is null`),
        due: sumWhere(payments.sellerAmount, sql`${payments.status} = 'released' and ${payments.transferId} is null`),
        paidOut: sumWhere(payments.sellerAmount, sql`${payments.transferId} is not null`),
      })
      .from(payments)
      .where(eq(payments.sellerId, seller.id)),
    ledgerLinesQuery(ctx, eq(ledgerEntries.sellerId, seller.id), page, limit),
    ctx.db.select({ total: count() }).from(ledgerEntries).where(eq(ledgerEntries.sellerId, seller.id)),
  ]);
  return { ...sums, data: lines.map(toLedgerLine), total, currentPage: page, totalPages: totalPages(total, limit) };
}

/**
 * The sums the invariant is about, in cents. `held` is what is left of payments held, disputed or
 * being refunded and not paid out; `due` what is left of released payments not yet paid out (the
 * seller's share and the fee, booked with the transfer); `owed` what sellers owe back of refunds
 * made after they were paid (until reversed).
 */
export type LedgerTotals = {
  charged: number;
  refunded: number;
  fees: number;
  transferred: number;
  reversed: number;
  held: number;
  due: number;
  owed: number;
};

/** The invariant: every cent charged is refunded, a fee, paid out (less taken back), held, due, or owed back. */
export const ledgerBalances = (t: LedgerTotals) => t.charged === t.refunded + t.fees + t.transferred - t.reversed + t.held + t.due - t.owed;

export async function ledgerTotals(ctx: AppContext): Promise<LedgerTotals> {
  const [[ledger], [money]] = await ctx.db.batch([ledgerSumsQuery(ctx), paymentSumsQuery(ctx)]);
  return totalsFrom(ledger, money);
}

const kindSum = (...kinds: LedgerKind[]) => sumWhere(ledgerEntries.amount, inArray(ledgerEntries.kind, kinds));

const ledgerSumsQuery = (ctx: AppContext) =>
  ctx.db
    .select({
      charged: kindSum("charge"),
      refunded: kindSum("refund"),
      fees: kindSum("fee"),
      feeRefunds: kindSum("fee_refund"),
      transfers: kindSum("transfer"),
      reversals: kindSum("transfer_reversal"),
    })
    .from(ledgerEntries);

const paymentSumsQuery = (ctx: AppContext) =>
  ctx.db
    .select({
      held: sumWhere(left, sql`${payments.status} in ('held', 'disputed', 'refunding') and ${payments.transferId} is null`),
      due: sumWhere(left, sql`${payments.status} = 'released' and ${payments.transferId} is null`),
      refundedSincePaidOut: sumWhere(
        sql`${payments.refundedAmount} - ${payments.refundedAtRelease}`,
        sql`${payments.transferId} is not null`,
      ),
    })
    .from(payments)
    .where(sql`${payments.status} is not null`);

function totalsFrom(
  ledger: { charged: number; refunded: number; fees: number; feeRefunds: number; transfers: number; reversals: number },
  money: { held: number; due: number; refundedSincePaidOut: number },
): LedgerTotals {
  return {
    charged: ledger.charged,
    refunded: ledger.refunded,
    fees: ledger.fees - ledger.feeRefunds,
    transferred: ledger.transfers,
    reversed: ledger.reversals,
    held: money.held,
    due: money.due,
    owed: money.refundedSincePaidOut - ledger.reversals - ledger.feeRefunds,
  };
}

/** Every ledger line, newest first, and the totals the invariant is about (GET /api/admin/ledger gives the entries alone). */
export async function adminLedger(ctx: AppContext, admin: UserRow, page: number, limit: number) {
  enforce("read:ledger", admin);
  const [[ledger], [money], lines, [{ total }]] = await ctx.db.batch([
    ledgerSumsQuery(ctx),
    paymentSumsQuery(ctx),
    ledgerLinesQuery(ctx, undefined, page, limit),
    ctx.db.select({ total: count() }).from(ledgerEntries),
  ]);
  return {
    data: lines.map(toLedgerLine),
    total,
    currentPage: page,
    totalPages: totalPages(total, limit),
    totals: totalsFrom(ledger, money),
  };
}
