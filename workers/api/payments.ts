import { Hono } from "hono";
import { Invalid, NotFound } from "~/.server/errors";
import { confirmSimulatedIntent, checkCard } from "~/.server/payments/simulator";
import { findOwnBooking } from "~/.server/services/bookings";
import { createPaymentIntent, recordPayment } from "~/.server/services/payments";
import { paymentIntentSchema, recordPaymentSchema, simulatorConfirmSchema } from "~/lib/schemas/payments";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { requireApiUser } from "./auth";
import { readJson } from "./json-body";

export const paymentApi = new Hono<WorkerEnv>()
  // The amount is the booked car's price from the database; a client-sent resalePrice is ignored.
  .post("/create-payment-intent", doc({ summary: "Create the booking's payment intent for the car's price", tag: "Payments", access: "booker", body: paymentIntentSchema, status: 200, description: "{ clientSecret }" }), async (c) => {
    const user = await requireApiUser(c);
    const { bookingId } = await readJson(c, paymentIntentSchema);
    return c.json({ clientSecret: await createPaymentIntent(c.var.app, user, bookingId) });
  })
  .post("/", doc({ summary: "Record a payment the provider confirms succeeded for this booking and amount", tag: "Payments", access: "booker", body: recordPaymentSchema, status: 201, description: "Created: { acknowledged, insertedId } (200 with the same id when repeated)" }), async (c) => {
    const user = await requireApiUser(c);
    const { bookingId, transactionId } = await readJson(c, recordPaymentSchema);
    const outcome = await recordPayment(c.var.app, user, bookingId, transactionId);
    return c.json({ acknowledged: true, insertedId: outcome.paymentId }, outcome.created ? 201 : 200);
  })
  // The offline simulator's stand-in for Stripe.js confirming a card (never on with Stripe or in production).
  .post("/simulator/confirm", doc({ summary: "Confirm a card with the offline simulator (development and tests only)", tag: "Payments", access: "booker", body: simulatorConfirmSchema, status: 200, description: "{ id, status, amount, error? }" }), async (c) => {
    const ctx = c.var.app;
    if (ctx.payments?.kind !== "simulator") throw new NotFound("The payment simulator is off");
    const user = await requireApiUser(c);
    const { clientSecret, card } = await readJson(c, simulatorConfirmSchema);
    const intentId = clientSecret.split("_secret_")[0];
    const intent = await ctx.payments.retrieveIntent(intentId);
    if (!intent || intent.clientSecret !== clientSecret) throw new NotFound("Payment not found");
    await findOwnBooking(ctx, user, intent.metadata.bookingId);
    const check = checkCard(card, ctx.now());
    if (!check.ok) throw new Invalid(check.message, [{ path: "card", message: check.message }]);
    const result = (await confirmSimulatedIntent(ctx.db, clientSecret, card))!;
    return c.json({ id: result.intent.id, status: result.intent.status, amount: result.intent.amount, ...(result.error ? { error: result.error } : {}) });
  });
