import { eq, inArray, type SQL, sql } from "drizzle-orm";
import { formatCents } from "~/lib/format";
import { PATHS } from "~/lib/paths";
import { type AppContext } from "../../context";
import { bookings, disputes, users } from "../../db/schema";
import { type Notice, notificationWrites, recipientColumns, type NotificationWrites } from "../notifications/notifications";
import { feeSplit, type PaymentRow } from "./payment-states";

// Who hears about a deal's disputes and refunds, and what they read: each notice names the car and
// the amount, and links to the page where that person acts. Each is written in the batch of the
// change it tells of, only if that change happened (`onlyIf`), so a repeated request tells no one twice.

const carOf = (payment: PaymentRow) => payment.productName || "the car";

/** The buyer of the payment's booking, and its seller, as notices take them (either may be gone). */
async function sidesOf(ctx: AppContext, payment: PaymentRow, kind: Notice["kind"]) {
  const [[buyer], [seller]] = await ctx.db.batch([
    ctx.db
      .select({ ...recipientColumns(kind), buyerName: bookings.buyerName })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.buyerId))
      .where(eq(bookings.id, payment.bookingId ?? ""))
      .limit(1),
    ctx.db
      .select(recipientColumns(kind))
      .from(users)
      .where(eq(users.id, payment.sellerId ?? ""))
      .limit(1),
  ]);
  return { buyer, seller };
}

/** A buyer reported a problem: the seller and every admin hear of it, if dispute `disputeId` gets written. */
export async function disputeOpenedWrites(ctx: AppContext, payment: PaymentRow, disputeId: string): Promise<NotificationWrites> {
  const [{ buyer, seller }, admins] = await Promise.all([
    sidesOf(ctx, payment, "dispute_opened"),
    ctx.db
      .select(recipientColumns("dispute_opened"))
      .from(users)
      .where(inArray(users.role, ["admin"])),
  ]);
  const amount = formatCents(payment.amount - payment.refundedAmount);
  const who = buyer?.buyerName || "The buyer";
  const sourceKey = `dispute_opened:${disputeId}`;
  const notices: Notice[] = admins.map((admin) => ({
    ...admin,
    kind: "dispute_opened",
    text: `${who} reported a problem with ${carOf(payment)} (${amount}). The money is held until you decide.`,
    link: PATHS.disputes,
    sourceKey,
  }));
  if (seller && !admins.some((admin) => admin.userId === seller.userId)) {
    notices.push({
      ...seller,
      kind: "dispute_opened",
      text: `${who} reported a problem with your ${carOf(payment)}. The ${amount} is held until an admin decides; you may give it back.`,
      link: PATHS.sales,
      sourceKey,
    });
  }
  return notificationWrites(ctx, notices, sql`exists (select 1 from ${disputes} where ${disputes.id} = ${disputeId})`);
}

/** An admin decided a dispute: its buyer and seller hear the outcome, if the dispute ends so. */
export async function disputeResolvedWrites(
  ctx: AppContext,
  payment: PaymentRow,
  disputeId: string,
  outcome: "refund" | "release",
): Promise<NotificationWrites> {
  const { buyer, seller } = await sidesOf(ctx, payment, "dispute_resolved");
  const left = payment.amount - payment.refundedAmount;
  const car = carOf(payment);
  const refund = outcome === "refund";
  const notices: Notice[] = [];
  const sourceKey = `dispute_resolved:${disputeId}`;
  if (buyer) {
    notices.push({
      ...buyer,
      kind: "dispute_resolved",
      text: refund
        ? `An admin decided the problem you reported with ${car}: ${formatCents(left)} is given back to your card.`
        : `An admin decided the problem you reported with ${car}: the ${formatCents(left)} is paid to the seller.`,
      link: PATHS.myOrders,
      sourceKey,
    });
  }
  if (seller) {
    notices.push({
      ...seller,
      kind: "dispute_resolved",
      text: refund
        ? `An admin decided the problem reported with your ${car}: ${formatCents(left)} is given back to the buyer and the sale is undone.`
        : `An admin decided the problem reported with your ${car} for you: ${formatCents(feeSplit(ctx, left).sellerAmount)} is released to you.`,
      link: refund ? PATHS.sales : PATHS.payouts,
      sourceKey,
    });
  }
  return notificationWrites(
    ctx,
    notices,
    sql`exists (select 1 from ${disputes} where ${disputes.id} = ${disputeId} and ${disputes.resolution} = ${outcome})`,
  );
}

/** The seller gave the money back: the buyer hears the amount coming back, the seller that the sale is undone, if the refund was decided. */
export async function refundedWrites(ctx: AppContext, payment: PaymentRow, decided: SQL): Promise<NotificationWrites> {
  const { buyer, seller } = await sidesOf(ctx, payment, "refunded");
  const amount = formatCents(payment.amount - payment.refundedAmount);
  const car = carOf(payment);
  const notices: Notice[] = [];
  const sourceKey = `refunded:${payment.id}`;
  if (buyer) {
    notices.push({
      ...buyer,
      kind: "refunded",
      text: `The seller gave back your ${amount} for ${car}. It reaches your card within 5–10 business days.`,
      link: PATHS.myOrders,
      sourceKey,
    });
  }
  if (seller) {
    notices.push({
      ...seller,
      kind: "refunded",
      text: `You gave back ${amount} for ${car}: the sale is undone and the car is for sale again.`,
      link: PATHS.sales,
      sourceKey,
    });
  }
  return notificationWrites(ctx, notices, decided);
}
