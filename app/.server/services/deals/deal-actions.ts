import { and, desc, eq, isNull, not, sql } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { type DisputeInput } from "~/lib/deals/deal";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, disputes, payments, cars, users } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { batchItemsOf, effectsOf } from "../events";
import { recipientColumns, type UserRow } from "../users/users";
import { releaseHeld, settlePayment } from "./settle";
import { bookingPaymentUnderWay } from "../catalog/payment-window";
import { decideRefund, openDisputeCase, statusIs } from "./payment-states";

// What people do with a deal's money: the buyer confirms the handover or reports a problem, the
// seller gives the money back or declines an unpaid booking, an admin decides a dispute. Each is one
// transition of the payment state machine, then the provider calls it leads to (settlePayment).

/** A booking with its car's seller and its latest deal payment: one round trip. */
async function readDeal(ctx: AppContext, bookingId: string) {
  const [[row], [payment]] = await ctx.db.batch([
    ctx.db
      .select({ bookingId: bookings.id, buyerId: bookings.buyerId, sellerId: cars.sellerId })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.productId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
    ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), sql`${payments.status} is not null`))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(1),
  ]);
  return row ? { ...row, payment } : undefined;
}

const NOT_HELD = "Nothing to do: the money for this booking is not held";

/** POST /api/bookings/:id/handover: the buyer has the car, so the held money goes to the seller. */
export async function confirmHandover(ctx: AppContext, user: UserRow, bookingId: string): Promise<void> {
  const deal = await readDeal(ctx, bookingId);
  enforce("confirm:handover:own", user, deal?.buyerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  if (!deal.payment || !(await releaseHeld(ctx, deal.payment.id, ["held"]))) throw new Conflict(NOT_HELD);
}

/** POST /api/bookings/:id/dispute: the buyer reports a problem; the held money stops until an admin decides. */
export async function openDispute(ctx: AppContext, user: UserRow, bookingId: string, input: DisputeInput): Promise<string> {
  const deal = await readDeal(ctx, bookingId);
  enforce("dispute:booking:own", user, deal?.buyerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  if (!deal.payment) throw new Conflict(NOT_HELD);
  // The seller and every admin hear of it, written with the dispute.
  const id = crypto.randomUUID();
  const notices = await effectsOf(ctx, [{ type: "dispute_opened", payment: deal.payment, disputeId: id }]);
  if (!(await openDisputeCase(ctx, deal.payment, input, ["held"], id, notices.statements))) throw new Conflict(NOT_HELD);
  await notices.afterCommit();
  return id;
}

/** POST /api/bookings/:id/refund: the seller gives back what is left of the money; the car is for sale again. */
export async function refundBySeller(ctx: AppContext, user: UserRow, bookingId: string): Promise<void> {
  const deal = await readDeal(ctx, bookingId);
  enforce("refund:booking:own", user, !!deal && deal.sellerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  const notices = await effectsOf(
    ctx,
    deal.payment ? [{ type: "refund_decided", payment: deal.payment, when: statusIs(deal.payment.id, "refunding") }] : [],
  );
  const writes = notices.statements.map((statement) => ctx.db.run(statement));
  if (!deal.payment || !(await decideRefund(ctx, deal.payment, ["held", "disputed"], writes))) {
    throw new Conflict("Only money still held (or disputed) can be given back");
  }
  await notices.afterCommit();
  await settlePayment(ctx, deal.payment.id);
}

const RESOLVED = "This dispute is already resolved";

/**
 * POST /api/admin/disputes/:id/resolve: an admin decides a dispute, and its money moves accordingly.
 * A dispute about money already paid out (a card dispute after the transfer) is refunded by taking
 * the transfer back, or closed as it stands.
 */
export async function resolveDispute(ctx: AppContext, admin: UserRow, disputeId: string, outcome: "refund" | "release"): Promise<void> {
  enforce("resolve:disputes", admin);
  const [found] = await ctx.db
    .select({ dispute: disputes, payment: payments })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.id, disputeId))
    .limit(1);
  if (!found) throw new NotFound("Dispute not found");
  if (found.dispute.resolution) throw new Conflict(RESOLVED);
  const { payment } = found;
  const open = and(eq(disputes.id, disputeId), isNull(disputes.resolution));
  const audit = await batchItemsOf(ctx, [
    { type: "admin_acted", actor: admin, action: "resolve-dispute", target: disputeId, details: outcome, onlyIfChanged: true },
  ]);
  // Both sides hear the decision, written only with it.
  const notices = await effectsOf(ctx, [{ type: "dispute_decided", payment, disputeId, outcome }]);
  const noticeStatements = notices.statements.map((statement) => ctx.db.run(statement));
  const paidOut = payment.transferId !== null && payment.status === "released";
  let decided: boolean;
  if (outcome === "refund") {
    // A refund resolves its dispute itself (in decideRefund).
    decided = await decideRefund(ctx, payment, paidOut ? ["released"] : ["disputed"], [...audit, ...noticeStatements]);
  } else if (paidOut) {
    const [closed] = await ctx.db.batch([
      ctx.db
        .update(disputes)
        .set({ resolution: "release", resolvedAt: ctx.now().toISOString() })
        .where(open)
        .returning({ id: disputes.id }),
      ...audit,
      ...noticeStatements,
    ]);
    decided = closed.length === 1;
  } else {
    const resolution = ctx.db
      .update(disputes)
      .set({ resolution: "release", resolvedAt: ctx.now().toISOString() })
      .where(and(open, sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.status} = 'released')`));
    decided = await releaseHeld(ctx, payment.id, ["disputed"], [resolution, ...audit, ...noticeStatements]);
  }
  if (!decided) throw new Conflict(RESOLVED);
  await notices.afterCommit();
  await settlePayment(ctx, payment.id);
}

/**
 * POST /api/bookings/:id/decline: the seller removes an unpaid booking of their car, and its buyer is
 * told why (the notification is written only with the delete, in one batch). A booking with payment
 * history stays with its records.
 */
export async function declineBooking(ctx: AppContext, user: UserRow, bookingId: string, reason: string): Promise<void> {
  const deal = await readDeal(ctx, bookingId);
  enforce("decline:booking:own", user, !!deal && deal.sellerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  const deletable = and(
    eq(bookings.id, bookingId),
    eq(bookings.paid, false),
    eq(bookings.refunded, false),
    not(bookingPaymentUnderWay(ctx)),
    sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`,
  )!;
  const [buyer] = deal.buyerId
    ? await ctx.db
        .select({ ...recipientColumns("booking_declined"), productName: cars.name, productId: cars.id })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.buyerId))
        .innerJoin(cars, eq(cars.id, bookings.productId))
        .where(eq(bookings.id, bookingId))
        .limit(1)
    : [];
  const notices = await effectsOf(
    ctx,
    buyer
      ? [
          {
            type: "booking_declined",
            bookingId,
            buyer: { userId: buyer.userId, email: buyer.email, emailOptedOut: buyer.emailOptedOut },
            car: { id: buyer.productId, name: buyer.productName },
            reason,
            when: sql`exists (select 1 from ${bookings} where ${deletable})`,
          },
        ]
      : [],
  );
  // The buyer's notification first: it is written only while the booking is still there to decline.
  const results = await ctx.db.batch([
    ...notices.statements.map((statement) => ctx.db.run(statement)),
    ctx.db.delete(bookings).where(deletable).returning({ id: bookings.id }),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const deleted = results[results.length - 1] as { id: string }[];
  if (deleted.length === 1) {
    await notices.afterCommit();
    return;
  }
  const [row] = await ctx.db
    .select({ paid: bookings.paid, refunded: bookings.refunded, paying: sql<number>`${bookingPaymentUnderWay(ctx)}` })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) throw new NotFound("Booking not found");
  if (row.paying) throw new Conflict("The buyer is paying for this booking right now. Try again in half an hour.");
  throw new Conflict("This booking has a payment on record and cannot be declined");
}
