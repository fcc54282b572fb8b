import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { bookings, ledgerEntries, payments, cars, simulatedIntents, simulatedMovements } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../../errors";
import { type PaymentIntent } from "../../payments/provider";
import { confirmSimulatedIntent, simulatorProvider, SIMULATOR_CARDS } from "../../payments/simulator";
import { type UserRow } from "../users/users";
import { PaymentsUnavailable } from "../../payments/required";
import { createPaymentIntent, fulfilIntent, recordPayment } from "./payments";

// The fulfilment rules against the real payment simulator, which keeps its intents in the same database.

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

function setup() {
  const plain = database.context();
  const ctx = database.context({ payments: simulatorProvider(plain.db) });
  const rows = marketplace(ctx);
  const provider = ctx.payments!;

  /** A buyer's booking of a fresh car, and an intent for it that their card paid. */
  async function paidBooking(carId?: string) {
    const buyer = await rows.account("buyer");
    const car = carId ?? (await rows.car(await rows.account("seller")));
    const bookingId = await rows.book(buyer, car);
    const intent = await pay(buyer, bookingId);
    return { buyer, car, bookingId, intent };
  }

  async function pay(buyer: UserRow, bookingId: string): Promise<PaymentIntent> {
    const clientSecret = await createPaymentIntent(ctx, buyer, bookingId);
    const confirmed = await confirmSimulatedIntent(ctx.db, clientSecret, {
      number: SIMULATOR_CARDS.success,
      expMonth: 12,
      expYear: 2030,
      cvc: "123",
    });
    return confirmed!.intent;
  }

  /** The payment an intent that bought nothing is recorded as, and its refund rows in the ledger. */
  const refundOf = async (intentId: string) => {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.transactionId, intentId));
    const refunded = payment
      ? await ctx.db
          .select({ amount: ledgerEntries.amount })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.paymentId, payment.id), eq(ledgerEntries.kind, "refund")))
      : [];
    return payment && { ...payment, refundRows: refunded.length };
  };
  const refundedByProvider = async (intentId: string) =>
    (await ctx.db.$count(simulatedMovements, and(eq(simulatedMovements.kind, "refund"), eq(simulatedMovements.parentId, intentId)))) > 0;

  return { ctx, plain, provider, ...rows, paidBooking, pay, refundOf, refundedByProvider };
}

describe("createPaymentIntent", () => {
  it("charges the car's price from the database, one intent per booking, and notes that paying started", async () => {
    const { ctx, account, car, book, bookingRow, provider } = setup();
    const buyer = await account("buyer");
    const bookingId = await book(buyer, await car(await account("seller"), { resalePrice: 18000 }));

    const secret = await createPaymentIntent(ctx, buyer, bookingId);
    expect(await createPaymentIntent(ctx, buyer, bookingId)).toBe(secret);

    const booking = await bookingRow(bookingId);
    const intent = await provider.retrieveIntent(booking.paymentIntentId!);
    expect(intent).toMatchObject({ amount: 1_800_000, currency: "usd", clientSecret: secret, metadata: { bookingId } });
    expect(booking.paymentStartedAt).toBe(ctx.now().toISOString());
  });

  it("refuses without a provider, for another buyer's booking, a paid booking and a car sold to someone else", async () => {
    const { ctx, plain, account, car, book, paidBooking } = setup();
    const buyer = await account("buyer");
    const bookingId = await book(buyer, await car(await account("seller")));
    await expect(createPaymentIntent(plain, buyer, bookingId)).rejects.toThrow(PaymentsUnavailable);
    await expect(createPaymentIntent(ctx, await account("buyer", "stranger"), bookingId)).rejects.toThrow(NotFound);

    const paid = await paidBooking();
    await fulfilIntent(ctx, paid.intent);
    await expect(createPaymentIntent(ctx, paid.buyer, paid.bookingId)).rejects.toThrow(new Conflict("This booking is already paid"));

    const contested = await car(await account("seller"));
    const late = await account("buyer", "late");
    const lateBooking = await book(late, contested);
    await fulfilIntent(ctx, (await paidBooking(contested)).intent);
    await expect(createPaymentIntent(ctx, late, lateBooking)).rejects.toThrow(new Conflict("This car has been sold to another buyer"));
  });
});

describe("fulfilIntent", () => {
  it("records a payment once and sells the car once", async () => {
    const { ctx, paidBooking, carRow, bookingRow } = setup();
    const { car, bookingId, intent } = await paidBooking();

    const first = await fulfilIntent(ctx, intent);
    expect(first).toMatchObject({ kind: "recorded", created: true });
    expect(await fulfilIntent(ctx, intent)).toEqual({ ...first, created: false });

    expect((await carRow(car)).isPaid).toBe(true);
    expect(await bookingRow(bookingId)).toMatchObject({ paid: true, transactionId: intent.id, lost: false });
    expect(await ctx.db.$count(payments, eq(payments.productId, car))).toBe(1);
  });

  it("refuses intents that are not this app's or have not succeeded", async () => {
    const { ctx, paidBooking } = setup();
    const { intent } = await paidBooking();
    await expect(fulfilIntent(ctx, { ...intent, metadata: {} })).rejects.toThrow(Invalid);
    await expect(fulfilIntent(ctx, { ...intent, status: "requires_payment_method" })).rejects.toThrow(Invalid);
  });

  it("refunds the buyer who paid second for the same car, once, and marks their booking lost", async () => {
    const { ctx, paidBooking, bookingRow, refundOf, refundedByProvider } = setup();
    const firstPayer = await paidBooking();
    const latePayer = await paidBooking(firstPayer.car);

    expect(await fulfilIntent(ctx, firstPayer.intent)).toMatchObject({ kind: "recorded" });
    expect(await fulfilIntent(ctx, latePayer.intent)).toEqual({ kind: "lost" });
    expect(await fulfilIntent(ctx, latePayer.intent)).toEqual({ kind: "lost" });

    expect(await bookingRow(latePayer.bookingId)).toMatchObject({ paid: false, lost: true });
    expect(await refundOf(latePayer.intent.id)).toMatchObject({
      status: "refunded",
      bookingId: latePayer.bookingId,
      amount: latePayer.intent.amount,
      refundedAmount: latePayer.intent.amount,
      refundRows: 1,
    });
    expect(await refundedByProvider(latePayer.intent.id)).toBe(true);
    expect(await refundedByProvider(firstPayer.intent.id)).toBe(false);
  });

  it("refunds a second, different payment for a booking that is already paid", async () => {
    const { ctx, provider, paidBooking, refundOf } = setup();
    const { intent } = await paidBooking();
    await fulfilIntent(ctx, intent);
    const again = await provider.createIntent({
      amount: intent.amount,
      currency: "usd",
      metadata: intent.metadata,
      idempotencyKey: crypto.randomUUID(),
    });

    await ctx.db.update(simulatedIntents).set({ status: "succeeded" }).where(eq(simulatedIntents.id, again.id));
    expect(await fulfilIntent(ctx, { ...again, status: "succeeded" })).toEqual({ kind: "duplicate" });
    expect(await refundOf(again.id)).toMatchObject({ status: "refunded", refundRows: 1 });
  });

  it("refunds a payment whose booking or car vanished, or whose amount is no longer the price", async () => {
    const { ctx, paidBooking, refundOf, refundedByProvider } = setup();
    const bookingGone = await paidBooking();
    await ctx.db.delete(bookings).where(eq(bookings.id, bookingGone.bookingId));
    const carGone = await paidBooking();
    await ctx.db.delete(cars).where(eq(cars.id, carGone.car));
    const repriced = await paidBooking();
    await ctx.db.update(cars).set({ resalePrice: 1 }).where(eq(cars.id, repriced.car));

    expect(await fulfilIntent(ctx, bookingGone.intent)).toEqual({ kind: "refunded" });
    expect(await fulfilIntent(ctx, carGone.intent)).toEqual({ kind: "refunded" });
    expect(await fulfilIntent(ctx, repriced.intent)).toEqual({ kind: "refunded" });

    expect(await refundOf(bookingGone.intent.id)).toMatchObject({ status: "refunded", bookingId: null, productId: bookingGone.car });
    expect(await refundOf(carGone.intent.id)).toMatchObject({ status: "refunded", refundRows: 1 });
    expect(await refundOf(repriced.intent.id)).toMatchObject({ status: "refunded", bookingId: repriced.bookingId });
    const intents = [bookingGone, carGone, repriced].map(({ intent }) => intent.id);
    expect(await Promise.all(intents.map(refundedByProvider))).toEqual([true, true, true]);
    // Every charge is in the ledger, with its refund: none of them sold anything.
    expect(await ctx.db.$count(payments, and(inArray(payments.transactionId, intents), eq(payments.status, "refunded")))).toBe(3);
  });
});

describe("recordPayment", () => {
  it("believes the provider, not the client, and only for the buyer's own booking", async () => {
    const { ctx, account, paidBooking, provider } = setup();
    const mine = await paidBooking();
    const theirs = await paidBooking();
    const unpaid = await provider.createIntent({
      amount: 100,
      currency: "usd",
      metadata: { bookingId: mine.bookingId },
      idempotencyKey: crypto.randomUUID(),
    });

    await expect(recordPayment(ctx, mine.buyer, mine.bookingId, theirs.intent.id)).rejects.toThrow(Invalid);
    await expect(recordPayment(ctx, mine.buyer, mine.bookingId, unpaid.id)).rejects.toThrow(Invalid);
    await expect(recordPayment(ctx, mine.buyer, mine.bookingId, "pi_unknown")).rejects.toThrow(Invalid);
    await expect(recordPayment(ctx, await account("buyer", "stranger"), mine.bookingId, mine.intent.id)).rejects.toThrow(NotFound);
    expect(await recordPayment(ctx, mine.buyer, mine.bookingId, mine.intent.id)).toMatchObject({ kind: "recorded", created: true });
  });

  it("tells the buyer who lost the race, and the one whose booking was deleted while paying, that they were refunded", async () => {
    const { ctx, paidBooking, refundOf } = setup();
    const firstPayer = await paidBooking();
    const latePayer = await paidBooking(firstPayer.car);
    await recordPayment(ctx, firstPayer.buyer, firstPayer.bookingId, firstPayer.intent.id);
    await expect(recordPayment(ctx, latePayer.buyer, latePayer.bookingId, latePayer.intent.id)).rejects.toThrow(
      new Conflict("Sorry, this car was sold to another buyer a moment ago. Your payment has been refunded."),
    );

    const vanished = await paidBooking();
    await ctx.db.delete(bookings).where(eq(bookings.id, vanished.bookingId));
    await expect(recordPayment(ctx, vanished.buyer, vanished.bookingId, vanished.intent.id)).rejects.toThrow(
      new Conflict("Sorry, this car is no longer for sale. Your payment has been refunded."),
    );
    expect(await refundOf(vanished.intent.id)).toMatchObject({ status: "refunded", refundRows: 1 });
  });
});
