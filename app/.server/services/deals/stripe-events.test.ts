import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { refunds, stripeEvents } from "../../db/schema";
import { type PaymentIntent, type PaymentProvider } from "../../payments/provider";
import { handleStripeEventOnce } from "./stripe-events";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

const eventId = () => `evt_${crypto.randomUUID()}`;

/** A succeeded payment for a booking that does not exist: fulfilling it means refunding it. */
function orphanPayment(): PaymentIntent {
  return {
    id: `pi_${crypto.randomUUID()}`,
    status: "succeeded",
    amount: 500000,
    currency: "usd",
    metadata: { bookingId: crypto.randomUUID() },
    clientSecret: null,
  };
}

function provider(refund: (intentId: string) => Promise<string>): PaymentProvider {
  const unused = async () => {
    throw new Error("not used here");
  };
  return {
    kind: "stripe",
    createIntent: unused,
    retrieveIntent: unused,
    refund,
    createPayoutAccount: unused,
    payoutAccountLink: unused,
    retrievePayoutAccount: unused,
    transfer: unused,
  };
}

const seen = async (id: string) => (await database.context().db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).length === 1;

describe("handleStripeEventOnce", () => {
  it("handles an event once: a repeat, even one sent at the same time, is a duplicate", async () => {
    const ctx = database.context();
    const id = eventId();
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => handleStripeEventOnce(ctx, { id, type: "charge.updated", succeededIntent: null })),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await handleStripeEventOnce(ctx, { id, type: "charge.updated", succeededIntent: null })).toBe(false);
  });

  it("counts a payment that is not ours to fulfil as handled", async () => {
    const ctx = database.context();
    const id = eventId();
    const foreign = { ...orphanPayment(), metadata: {} };
    expect(await handleStripeEventOnce(ctx, { id, type: "payment_intent.succeeded", succeededIntent: foreign })).toBe(true);
    expect(await seen(id)).toBe(true);
  });

  it("gives the event back when handling fails unexpectedly, so Stripe's retry handles it", async () => {
    const id = eventId();
    const intent = orphanPayment();
    const failing = database.context({ payments: provider(async () => Promise.reject(new Error("Stripe is unreachable"))) });
    await expect(handleStripeEventOnce(failing, { id, type: "payment_intent.succeeded", succeededIntent: intent })).rejects.toThrow(
      "Stripe is unreachable",
    );
    expect(await seen(id)).toBe(false);

    const refunded: string[] = [];
    const working = database.context({
      payments: provider(async (intentId) => {
        refunded.push(intentId);
        return `re_${intentId}`;
      }),
    });
    expect(await handleStripeEventOnce(working, { id, type: "payment_intent.succeeded", succeededIntent: intent })).toBe(true);
    expect(refunded).toEqual([intent.id]);
    expect(await working.db.select({ reason: refunds.reason }).from(refunds).where(eq(refunds.transactionId, intent.id))).toEqual([
      { reason: "no-longer-for-sale" },
    ]);
    expect(await seen(id)).toBe(true);
  });
});
