import { and, eq, sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { effectsOf, publish, type UnboughtReason } from "../events";
import { bookings, payments, cars, type RefundReason, standingPayment } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../../errors";
import { type ChargeState, type PaymentIntent } from "../../payments/provider";
import { requireProvider, requireSimulator } from "../../payments/required";
import { checkCard, confirmSimulatedIntent, type SimulatedCard } from "../../payments/simulator";
import { findOwnBooking } from "./bookings";
import { ledgerRow } from "./ledger";
import { dealTerms, readPayment, recordRefunds } from "./payment-states";
import { cardDispute } from "./card-disputes";
import { settlePayment } from "./settle";
import { type UserRow } from "../users/users";
import { offersEndWithSale } from "./offers-lifecycle";

/** The amount to charge for a booking, in cents: always the car's price from the database. */
const cents = (dollars: number) => dollars * 100;

/**
 * One payment intent per booking and attempt, for the car's price from the database. The key is
 * derived from the booking, the amount and how many of its payments were given back, so paying
 * again after a refund makes a new intent (a refunded one buys nothing). Paid bookings, sold cars
 * and bookings the seller refunded get none.
 */
export async function createPaymentIntent(ctx: AppContext, user: UserRow, bookingId: string): Promise<string> {
  const provider = requireProvider(ctx);
  const booking = await findOwnBooking(ctx, user, bookingId);
  if (booking.paid) throw new Conflict("This booking is already paid");
  if (booking.soldToSomeoneElse) throw new Conflict("This car has been sold to another buyer");
  const [{ given, refundedBooking }] = await ctx.db
    .select({
      given: sql<number>`(select count(*) from ${payments} where ${payments.bookingId} = ${booking._id})`.mapWith(Number),
      refundedBooking: bookings.refunded,
    })
    .from(bookings)
    .where(eq(bookings.id, booking._id));
  if (refundedBooking) throw new Conflict("This booking was refunded. Book the car again to buy it.");
  // While an accepted offer holds, its price is what is paid; the fee and shares follow the intent's amount.
  const amount = cents(booking.agreedPrice ?? booking.resalePrice);
  const intent = await provider.createIntent({
    amount,
    currency: "usd",
    metadata: { bookingId: booking._id, productId: booking.product_id, buyerEmail: booking.email },
    idempotencyKey: `booking-${booking._id}-${amount}${given > 0 ? `-${given + 1}` : ""}`,
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
  /** The booking or car is gone, the amount is no longer the price, or the intent was refunded: it buys nothing. */
  | { kind: "refunded" };

/**
 * Records a succeeded payment exactly once and sells the car exactly once, atomically: the payment
 * row is inserted only if neither this intent nor any payment for this car stands (unique indexes
 * decide concurrent attempts), and the booking and car change only along with it. The charge is read
 * back from the provider first: an intent refunded in any part, or recorded and given back before,
 * buys nothing; one disputed already is recorded disputed. A payment that buys nothing (another buyer
 * paid first; its booking, car or price is gone) is recorded too, and given back: every charge is in
 * the ledger and money is never kept without a sale. Used by POST /api/payment and the webhook.
 */
export async function fulfilIntent(ctx: AppContext, intent: PaymentIntent): Promise<FulfilmentOutcome> {
  const bookingId = intent.metadata.bookingId;
  // Only intents this app created carry a booking id; others on the same account are not ours.
  if (!bookingId) throw new Invalid("This payment is not for a booking");
  if (intent.status !== "succeeded") throw new Invalid("The payment has not succeeded");
  const [[earlier], [booking]] = await ctx.db.batch([
    ctx.db.select().from(payments).where(eq(payments.transactionId, intent.id)).limit(1),
    ctx.db
      .select({
        id: bookings.id,
        productId: bookings.productId,
        buyerEmail: bookings.buyerEmail,
        price: cars.resalePrice,
        productName: cars.name,
        make: cars.make,
        sellerId: cars.sellerId,
        buyerId: bookings.buyerId,
        // The agreed price this intent was made under, if it was made while the agreement held.
        agreedPrice: sql<number | null>`case when ${bookings.paymentIntentId} = ${intent.id}
          and ${bookings.paymentStartedAt} <= ${bookings.agreedUntil} then ${bookings.agreedPrice} end`,
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.productId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
  ]);
  if (earlier) return outcomeOf(earlier);
  const charge = await requireProvider(ctx).chargeState(intent.id);
  if (!booking) return boughtNothing(ctx, intent, { bookingId: null, charge }, "no-longer-for-sale");
  const wanted = {
    bookingId: booking.id,
    productId: booking.productId,
    productName: booking.productName,
    sellerId: booking.sellerId,
    charge,
  };
  const priced = intent.amount === cents(booking.price) || (booking.agreedPrice !== null && intent.amount === cents(booking.agreedPrice));
  if (intent.currency !== "usd" || !priced) return boughtNothing(ctx, intent, wanted, "amount-mismatch");
  if (charge.refunds.length > 0) return boughtNothing(ctx, intent, wanted, "refunded-before-recorded");

  const paidAt = ctx.now();
  const paymentId = crypto.randomUUID();
  const paid = sql`exists (select 1 from ${payments} where ${payments.transactionId} = ${intent.id} and ${payments.bookingId} = ${booking.id} and ${standingPayment})`;
  // Everyone who booked the car hears of the sale, and its seller of the payment, written only if this payment is the one that bought it.
  const terms = dealTerms(ctx, intent.amount, paidAt);
  // Everyone else's offers on the car end with the sale, and their buyers are told.
  const offersEnd = await offersEndWithSale(ctx, { productId: booking.productId, buyerId: booking.buyerId }, paid);
  const sold = await effectsOf(ctx, [
    {
      type: "car_sold",
      sale: {
        carId: booking.productId,
        carName: booking.productName,
        buyerBookingId: booking.id,
        sellerId: booking.sellerId,
        amount: intent.amount,
        intentId: intent.id,
        releaseAt: terms.releaseAt,
      },
      endedOffers: offersEnd.endedOffers,
      when: paid,
    },
  ]);
  const [, , , [boughtBy]] = await ctx.db.batch([
    ctx.db
      .insert(payments)
      .values({
        id: paymentId,
        transactionId: intent.id,
        bookingId: booking.id,
        productId: booking.productId,
        productName: booking.productName,
        buyerEmail: booking.buyerEmail,
        amount: intent.amount,
        // The deal: the money is held (the car reserved for this buyer) until the handover.
        status: "held",
        ...terms,
        sellerId: booking.sellerId,
        createdAt: paidAt.toISOString(),
      })
      .onConflictDoNothing(),
    ctx.db
      .update(bookings)
      .set({ paid: true, transactionId: intent.id })
      .where(and(eq(bookings.id, booking.id), paid)),
    ctx.db
      .update(cars)
      .set({ isPaid: true })
      .where(and(eq(cars.id, booking.productId), paid)),
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
    ...[...sold.statements, ...offersEnd.statements].map((statement) => ctx.db.run(statement)),
  ]);
  if (boughtBy?.transactionId === intent.id) {
    // Sent again when the sale is reported twice (the buyer's POST and the webhook): a refresh is idempotent.
    await Promise.all([
      sold.afterCommit(),
      publish(ctx, [
        { type: "car_changed", car: { id: booking.productId, sellerId: booking.sellerId } },
        { type: "comparables_changed", makes: [booking.make] },
      ]),
    ]);
    const recorded = (await readPayment(ctx, boughtBy.id))!;
    // Disputed with the card's issuer before it was recorded: the money stops at once.
    if (charge.disputeId) await cardDispute(ctx, recorded, charge.disputeId);
    return { kind: "recorded", paymentId: boughtBy.id, created: recorded.id === paymentId };
  }
  // Recorded a moment ago by the buyer's request or the webhook (whichever came second).
  const [same] = await ctx.db.select().from(payments).where(eq(payments.transactionId, intent.id)).limit(1);
  if (same) return outcomeOf(same);

  // Another payment bought the car first: give this money back.
  const paidTwice = boughtBy?.bookingId === booking.id;
  await boughtNothing(ctx, intent, wanted, "sold-to-someone-else", paidTwice ? "paid-twice" : undefined);
  if (paidTwice) return { kind: "duplicate" };
  await ctx.db
    .update(bookings)
    .set({ lost: true })
    .where(and(eq(bookings.id, booking.id), eq(bookings.paid, false)));
  return { kind: "lost" };
}

/** What an intent recorded before came to: a sale, or money given back (lost to another buyer, or bought nothing). */
async function outcomeOf(payment: typeof payments.$inferSelect): Promise<FulfilmentOutcome> {
  if (payment.status !== "refunding" && payment.status !== "refunded") return { kind: "recorded", paymentId: payment.id, created: false };
  return payment.refundReason === "sold-to-someone-else" ? { kind: "lost" } : { kind: "refunded" };
}

/**
 * A succeeded payment that can buy nothing: recorded as a charge being given back (`refunding`) with
 * its ledger row and its buyer's notice of why, its refunds so far, and then the refund of the rest.
 * Once per intent, whoever reports it; an intent recorded meanwhile as a sale stays one.
 */
async function boughtNothing(
  ctx: AppContext,
  intent: PaymentIntent,
  target: { bookingId: string | null; productId?: string; productName?: string; sellerId?: string | null; charge: ChargeState },
  reason: RefundReason,
  reasonToBuyer: UnboughtReason = reason,
): Promise<FulfilmentOutcome> {
  const now = ctx.now().toISOString();
  const paymentId = crypto.randomUUID();
  const payment = { id: paymentId, bookingId: target.bookingId, sellerId: target.sellerId ?? null };
  const carName = target.productName ?? "";
  const buyerEmail = intent.metadata.buyerEmail ?? "";
  const buyerHears = await effectsOf(ctx, [
    { type: "payment_given_back", payment: { ...payment, buyerEmail, productName: carName, amount: intent.amount }, reason: reasonToBuyer },
  ]);
  await ctx.db.batch([
    ctx.db
      .insert(payments)
      .values({
        id: paymentId,
        transactionId: intent.id,
        bookingId: target.bookingId,
        productId: target.productId ?? intent.metadata.productId ?? null,
        productName: carName,
        buyerEmail,
        amount: intent.amount,
        status: "refunding",
        refundReason: reason,
        fee: 0,
        sellerAmount: 0,
        sellerId: target.sellerId ?? null,
        releaseAt: now,
        refundedAt: now,
        createdAt: now,
      })
      .onConflictDoNothing(),
    ledgerRow(
      ctx,
      payment,
      { kind: "charge", amount: intent.amount, providerId: intent.id },
      sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId})`,
    ),
    ...buyerHears.statements.map((statement) => ctx.db.run(statement)),
  ]);
  await buyerHears.afterCommit();
  const [recorded] = await ctx.db.select().from(payments).where(eq(payments.transactionId, intent.id)).limit(1);
  if (recorded.status !== "refunding" && recorded.status !== "refunded")
    return { kind: "recorded", paymentId: recorded.id, created: false };
  console.warn(
    JSON.stringify({ requestId: ctx.requestId, event: "payment-bought-nothing", transactionId: intent.id, reason, amount: intent.amount }),
  );
  await recordRefunds(ctx, recorded, target.charge.refunds);
  await settlePayment(ctx, recorded.id);
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
 * The simulator's pages and endpoints exist only while the simulator is the payment provider: 404
 * otherwise, checked before anyone's credentials are read.
 */
export function requirePaymentSimulator(ctx: AppContext): void {
  requireSimulator(ctx);
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
