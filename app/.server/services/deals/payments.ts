import { and, eq, inArray, sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { bookings, payments, products, refunds, type RefundReason, standingPayment } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../../errors";
import { carChanged } from "../../page-changes";
import { type PaymentIntent } from "../../payments/provider";
import { requireProvider, requireSimulator } from "../../payments/required";
import { checkCard, confirmSimulatedIntent, type SimulatedCard } from "../../payments/simulator";
import { findOwnBooking } from "./bookings";
import { bookingPaymentUnderWay } from "./payment-window";
import { dealTerms, ledgerRow } from "./deals";
import { saleWrites, sendNotificationEmails, soldWrites } from "../notifications/notifications";
import { enqueuePriceRatings } from "../catalog/price-ratings";
import { type UserRow } from "../accounts/users";

/** SQL condition: no booking of this car has started paying recently (the car may be deleted). */
export function noPaymentUnderWay(ctx: AppContext, productId: string) {
  return sql`not exists (select 1 from ${bookings} where ${and(eq(bookings.productId, productId), bookingPaymentUnderWay(ctx))})`;
}

/** The amount to charge for a booking, in cents: always the car's price from the database. */
const cents = (dollars: number) => dollars * 100;

/**
 * One payment intent per booking (the idempotency key is derived from the booking and amount),
 * for the car's price from the database. Paid bookings, sold cars and lost bookings get none.
 */
export async function createPaymentIntent(ctx: AppContext, user: UserRow, bookingId: string): Promise<string> {
  const provider = requireProvider(ctx);
  const booking = await findOwnBooking(ctx, user, bookingId);
  if (booking.paid) throw new Conflict("This booking is already paid");
  if (booking.payment) throw new Conflict("This booking was refunded. Book the car again to buy it.");
  if (booking.soldToSomeoneElse) throw new Conflict("This car has been sold to another buyer");
  const amount = cents(booking.resalePrice);
  const intent = await provider.createIntent({
    amount,
    currency: "usd",
    metadata: { bookingId: booking._id, productId: booking.product_id, buyerEmail: booking.email },
    idempotencyKey: `booking-${booking._id}-${amount}`,
  });
  await ctx.db
    .update(bookings)
    .set({ paymentIntentId: intent.id, paymentStartedAt: ctx.now().toISOString() })
    .where(eq(bookings.id, booking._id));
  if (!intent.clientSecret) throw new Invalid("The payment provider did not return a client secret");
  return intent.clientSecret;
}

export type FulfilmentOutcome =
  | { kind: "recorded"; paymentId: string; created: boolean }
  /** A second, different payment for a booking that is already paid: refunded. */
  | { kind: "duplicate" }
  /** Paid after another buyer had bought the car: refunded, booking lost. */
  | { kind: "lost" }
  /** The booking or car is gone, or no longer sells at the amount paid: refunded. */
  | { kind: "refunded" };

/**
 * Records a succeeded payment exactly once and sells the car exactly once, atomically: the
 * payment row is inserted only if neither this transaction nor any payment for this car exists
 * (unique indexes decide concurrent attempts), and the booking and car change only along with it.
 * A payment that arrives after someone else bought the car is refunded and its booking marked lost;
 * one whose booking or car is gone (or whose amount is no longer the price) is refunded: money is
 * never kept without a sale. Used by both POST /api/payment and the Stripe webhook.
 */
export async function fulfilIntent(ctx: AppContext, intent: PaymentIntent): Promise<FulfilmentOutcome> {
  const bookingId = intent.metadata.bookingId;
  // Only intents this app created carry a booking id; others on the same account are not ours.
  if (!bookingId) throw new Invalid("This payment is not for a booking");
  if (intent.status !== "succeeded") throw new Invalid("The payment has not succeeded");
  const [booking] = await ctx.db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      buyerEmail: bookings.buyerEmail,
      price: products.resalePrice,
      productName: products.name,
      make: products.make,
      sellerId: products.sellerId,
    })
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return refundUnsold(ctx, intent, "no-longer-for-sale", null);
  if (intent.currency !== "usd" || intent.amount !== cents(booking.price)) return refundUnsold(ctx, intent, "amount-mismatch", booking.id);

  // Given back already (by its seller, an admin or Stripe's dashboard): it buys nothing again.
  const [earlier] = await ctx.db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.transactionId, intent.id), inArray(payments.status, ["refunding", "refunded"])))
    .limit(1);
  if (earlier) return { kind: "refunded" };

  const paidAt = ctx.now();
  const now = paidAt.toISOString();
  const paymentId = crypto.randomUUID();
  const paid = sql`exists (select 1 from ${payments} where ${payments.transactionId} = ${intent.id} and ${payments.bookingId} = ${booking.id} and ${standingPayment})`;
  // Everyone who booked the car hears of the sale, and its seller of the payment, written only if this payment is the one that bought it.
  const sold = await soldWrites(ctx, { productId: booking.productId, productName: booking.productName, buyerBookingId: booking.id }, paid);
  const sale = await saleWrites(
    ctx,
    { sellerId: booking.sellerId, productName: booking.productName, amount: intent.amount, intentId: intent.id },
    paid,
  );
  const [inserted, , , [winner]] = await ctx.db.batch([
    ctx.db
      .insert(payments)
      .values({
        id: paymentId,
        transactionId: intent.id,
        bookingId: booking.id,
        productId: booking.productId,
        buyerEmail: booking.buyerEmail,
        amount: intent.amount,
        // The deal: the money is held (the car reserved for this buyer) until the handover.
        status: "held",
        ...dealTerms(ctx, intent.amount, paidAt),
        sellerId: booking.sellerId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id }),
    ctx.db
      .update(bookings)
      .set({ paid: true, transactionId: intent.id })
      .where(and(eq(bookings.id, booking.id), paid)),
    ctx.db
      .update(products)
      .set({ isPaid: true })
      .where(and(eq(products.id, booking.productId), paid)),
    ctx.db
      .select({ id: payments.id, transactionId: payments.transactionId, bookingId: payments.bookingId })
      .from(payments)
      .where(and(eq(payments.productId, booking.productId), standingPayment))
      .limit(1),
    ledgerRow(
      ctx,
      { id: paymentId, bookingId: booking.id, sellerId: booking.sellerId },
      { kind: "charge", amount: intent.amount, providerId: intent.id },
      sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId})`,
    ),
    ...[...sold.statements, ...sale.statements].map((statement) => ctx.db.run(statement)),
  ]);
  if (winner?.transactionId === intent.id) {
    carChanged(ctx.changedPages, { id: booking.productId, sellerId: booking.sellerId });
    // Sent again when the sale is reported twice (the buyer's POST and the webhook): a refresh is idempotent.
    await Promise.all([sendNotificationEmails(ctx, sold), sendNotificationEmails(ctx, sale), enqueuePriceRatings(ctx, [booking.make])]);
    return { kind: "recorded", paymentId: winner.id, created: inserted.length === 1 };
  }

  // Another payment bought the car first: give this money back.
  await refundPayment(ctx, intent, "sold-to-someone-else", booking.id);
  if (winner?.bookingId === booking.id) return { kind: "duplicate" };
  await ctx.db
    .update(bookings)
    .set({ lost: true })
    .where(and(eq(bookings.id, booking.id), eq(bookings.paid, false)));
  return { kind: "lost" };
}

/**
 * Records the refund once (one row per payment), then asks the provider, whose refund is
 * idempotent: when the provider fails, the event's retry (or the buyer's) completes it.
 */
async function refundPayment(ctx: AppContext, intent: PaymentIntent, reason: RefundReason, bookingId: string | null) {
  const provider = requireProvider(ctx);
  await ctx.db
    .insert(refunds)
    .values({
      transactionId: intent.id,
      bookingId,
      productId: intent.metadata.productId ?? null,
      reason,
      amount: intent.amount,
      createdAt: ctx.now().toISOString(),
    })
    .onConflictDoNothing();
  await provider.refund(intent.id);
  console.warn(
    JSON.stringify({ requestId: ctx.requestId, event: "payment-refunded", transactionId: intent.id, reason, amount: intent.amount }),
  );
}

/** A succeeded payment that can buy nothing any more: refunded, unless it was already recorded as a sale. */
async function refundUnsold(
  ctx: AppContext,
  intent: PaymentIntent,
  reason: RefundReason,
  bookingId: string | null,
): Promise<FulfilmentOutcome> {
  const [recorded] = await ctx.db.select({ id: payments.id }).from(payments).where(eq(payments.transactionId, intent.id)).limit(1);
  if (recorded) return { kind: "recorded", paymentId: recorded.id, created: false };
  await refundPayment(ctx, intent, reason, bookingId);
  return { kind: "refunded" };
}

/**
 * POST /api/payment: the buyer says their card payment went through; we believe the provider,
 * not the client, and only for this booking and its amount.
 */
export async function recordPayment(ctx: AppContext, user: UserRow, bookingId: string, transactionId: string) {
  const provider = requireProvider(ctx);
  const booking = await findOwnBooking(ctx, user, bookingId).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  const intent = await provider.retrieveIntent(transactionId);
  const theirs = intent?.metadata.bookingId === bookingId && (booking !== null || intent.metadata.buyerEmail === user.email);
  // A booking deleted while its buyer paid still gets its money back (fulfilment refunds it).
  if (!intent || !theirs) throw booking ? new Invalid("This payment does not belong to this booking") : new NotFound("Booking not found");
  if (intent.status !== "succeeded") throw new Invalid("The payment provider has not confirmed this payment");
  const outcome = await fulfilIntent(ctx, intent);
  if (outcome.kind === "lost") {
    throw new Conflict("Sorry, this car was sold to another buyer a moment ago. Your payment has been refunded.");
  }
  if (outcome.kind === "duplicate") throw new Conflict("This booking was already paid. The second payment has been refunded.");
  if (outcome.kind === "refunded") throw new Conflict("Sorry, this car is no longer for sale. Your payment has been refunded.");
  return outcome;
}

/**
 * The simulator's stand-in for Stripe.js confirming a card: only for the booking's own buyer, and
 * only a card that passes the basic checks is "charged". Off (404) unless the simulator is the provider.
 */
export async function confirmSimulatorCard(ctx: AppContext, user: UserRow, clientSecret: string, card: SimulatedCard) {
  const intent = await requireSimulator(ctx).retrieveIntent(clientSecret.split("_secret_")[0]);
  if (!intent || intent.clientSecret !== clientSecret) throw new NotFound("Payment not found");
  await findOwnBooking(ctx, user, intent.metadata.bookingId);
  const check = checkCard(card, ctx.now());
  if (!check.ok) throw new Invalid(check.message, [{ path: "card", message: check.message }]);
  const result = (await confirmSimulatedIntent(ctx.db, clientSecret, card))!;
  return {
    id: result.intent.id,
    status: result.intent.status,
    amount: result.intent.amount,
    ...(result.error ? { error: result.error } : {}),
  };
}

/**
 * Paying on the payment page without JavaScript (the simulator only): the intent, the simulated
 * charge and its record, as the page's script does them one after another.
 */
export async function payWithSimulatorCard(ctx: AppContext, user: UserRow, bookingId: string, card: SimulatedCard) {
  requireSimulator(ctx);
  const clientSecret = await createPaymentIntent(ctx, user, bookingId);
  const charge = await confirmSimulatorCard(ctx, user, clientSecret, card);
  if (charge.status !== "succeeded") throw new Invalid(charge.error?.message ?? "Your card was declined.");
  return recordPayment(ctx, user, bookingId, charge.id);
}
