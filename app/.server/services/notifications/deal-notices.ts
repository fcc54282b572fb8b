import { eq, inArray, or, sql } from "drizzle-orm";
import { formatCents } from "~/lib/shared/format";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { bookings, disputes, ledgerEntries, payments, users } from "../../db/schema";
import { recipientColumns } from "../users/users";
import { feeSplit, statusIs } from "../deals/payment-states";
import { type EventOf, type PaymentRecord } from "../events";
import { NO_NOTIFICATIONS, type Notice, notificationWrites, type NotificationWrites } from "./notifications";

// Who hears about a deal's disputes, refunds and payouts, and what they read: each notice names the
// car and the amount, and links to the page where that person acts. Each is written in the batch of
// the change it tells of, only if that change happened, so a repeated request tells no one twice.

const carOf = (payment: PaymentRecord) => payment.productName || "the car";
const BACK_ON_CARD = "It reaches your card within 5–10 business days.";

/** The buyer of the payment's booking, and its seller, as notices take them (either may be gone). */
async function sidesOf(ctx: AppContext, payment: PaymentRecord, kind: Notice["kind"]) {
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
export async function disputeOpenedNotices(
  ctx: AppContext,
  { payment, disputeId }: EventOf<"dispute_opened">,
): Promise<NotificationWrites> {
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
export async function disputeDecidedNotices(
  ctx: AppContext,
  { payment, disputeId, outcome }: EventOf<"dispute_decided">,
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

/** A refund's notices: the buyer's (on My Orders) and the seller's (on Sales), for those of them still here. */
function refundNotices(sides: Awaited<ReturnType<typeof sidesOf>>, sourceKey: string, text: { buyer: string; seller: string }) {
  const notices: Notice[] = [];
  if (sides.buyer) notices.push({ ...sides.buyer, kind: "refunded", text: text.buyer, link: PATHS.myOrders, sourceKey });
  if (sides.seller) notices.push({ ...sides.seller, kind: "refunded", text: text.seller, link: PATHS.sales, sourceKey });
  return notices;
}

/** The money was given back: the buyer hears the amount coming back, the seller that the sale is undone, if the refund was decided. */
export async function refundDecidedNotices(ctx: AppContext, { payment, when }: EventOf<"refund_decided">): Promise<NotificationWrites> {
  const sides = await sidesOf(ctx, payment, "refunded");
  const amount = formatCents(payment.amount - payment.refundedAmount);
  const car = carOf(payment);
  const notices = refundNotices(sides, `refunded:${payment.id}`, {
    buyer: `The seller gave back your ${amount} for ${car}. ${BACK_ON_CARD}`,
    seller: `You gave back ${amount} for ${car}: the sale is undone and the car is for sale again.`,
  });
  return notificationWrites(ctx, notices, when);
}

/**
 * Refunds made at the card provider (its dashboard, found by its event or by reconciliation): each
 * is told to the buyer (the amount back) and the seller (what it undoes), once per refund. Only for a
 * payment the app has not decided to give back (that decision told both sides) and a refund not yet
 * recorded: run these before the refunds' ledger rows, in their batch.
 */
export async function providerRefundNotices(
  ctx: AppContext,
  { payment, refunds }: EventOf<"refunded_at_provider">,
): Promise<NotificationWrites> {
  if (refunds.length === 0) return NO_NOTIFICATIONS;
  const sides = await sidesOf(ctx, payment, "refunded");
  const car = carOf(payment);
  const whole = refunds.reduce((sum, refund) => sum + refund.amount, 0) >= payment.amount;
  // Whole: what it undoes; in part: what becomes of the rest.
  const sellerTail = whole
    ? payment.transferId
      ? ": the sale is undone, and what was paid out to you for it is taken back from your payout account."
      : ": the sale is undone and the car is for sale again."
    : payment.transferId
      ? ". It is taken back from what was paid out to you."
      : payment.status === "released"
        ? ". Your payout is stopped until an admin decides."
        : ". The rest stays held until the buyer has the car.";
  const writes = await Promise.all(
    refunds.map((refund) => {
      const amount = formatCents(refund.amount);
      const notices = refundNotices(sides, `refunded:${refund.id}`, {
        buyer: `${amount} for ${car} was given back to your card. ${BACK_ON_CARD}`,
        seller: `${amount} for your ${car} was given back to the buyer${sellerTail}`,
      });
      const unrecorded = sql`not exists (select 1 from ${ledgerEntries} where ${ledgerEntries.kind} = 'refund' and ${ledgerEntries.providerId} = ${refund.id})`;
      return notificationWrites(ctx, notices, sql`${unrecorded} and ${statusIs(payment.id, "held", "disputed", "released")}`);
    }),
  );
  return { statements: writes.flatMap((perRefund) => perRefund.statements), emailIds: writes.flatMap((perRefund) => perRefund.emailIds) };
}

const UNBOUGHT_WORDS: Record<EventOf<"payment_given_back">["reason"], (car: string, amount: string) => string> = {
  "sold-to-someone-else": (car, amount) => `${car} went to another buyer, who paid first. Your ${amount} is given back to your card.`,
  "paid-twice": (car, amount) => `You paid twice for ${car}: the second payment, ${amount}, is given back to your card.`,
  "no-longer-for-sale": (car, amount) => `${car} is no longer for sale, so your ${amount} is given back to your card.`,
  "amount-mismatch": (car, amount) =>
    `The price of ${car} changed while you paid, so your ${amount} is given back to your card. You may pay again at the new price.`,
  "refunded-before-recorded": (car, amount) => `Your ${amount} for ${car} was given back to your card.`,
};

/** A payment that bought nothing is given back: its buyer hears why, and the amount, if payment `paymentId` gets written. */
export async function givenBackNotices(ctx: AppContext, { payment, reason }: EventOf<"payment_given_back">): Promise<NotificationWrites> {
  const bookingBuyer = sql`(select ${bookings.buyerId} from ${bookings} where ${bookings.id} = ${payment.bookingId ?? ""})`;
  const [buyer] = await ctx.db
    .select(recipientColumns("refunded"))
    .from(users)
    .where(or(eq(users.id, bookingBuyer), eq(users.email, payment.buyerEmail)))
    .limit(1);
  if (!buyer) return NO_NOTIFICATIONS;
  const text = `${UNBOUGHT_WORDS[reason](payment.productName || "The car", formatCents(payment.amount))} ${BACK_ON_CARD}`;
  return notificationWrites(
    ctx,
    [{ ...buyer, kind: "refunded", text, link: PATHS.myOrders, sourceKey: `refunded:${payment.id}` }],
    sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id})`,
  );
}

/** The seller's share left for their payout account: they hear it is on its way, if the transfer was recorded. */
export function payoutNotices(ctx: AppContext, { payment, amount, seller, when }: EventOf<"payout_sent">): Promise<NotificationWrites> {
  return notificationWrites(
    ctx,
    [
      {
        ...seller,
        kind: "payout",
        text: `${formatCents(amount)} for ${payment.productName || "your car"} is on its way to your payout account`,
        link: PATHS.payouts,
        sourceKey: `payout:${payment.id}`,
      },
    ],
    when,
  );
}
