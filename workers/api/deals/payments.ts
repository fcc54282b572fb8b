import { Hono } from "hono";
import { confirmSimulatorCard, createPaymentIntent, recordPayment, requirePaymentSimulator } from "~/.server/services/deals/payments";
import { paymentIntentSchema, recordPaymentSchema, simulatorConfirmSchema } from "~/lib/schemas/deals";
import { clientSecretShape, createdShape, simulatedPaymentShape } from "~/lib/schemas/responses";
import { doc } from "../core/openapi";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody } from "../core/json-body";
import { insertedAnswer } from "../core/write-answers";

export const paymentApi = new Hono<WorkerEnv>()
  // The amount is the booked car's price from the database; a client-sent resalePrice is ignored.
  .post(
    "/create-payment-intent",
    doc({
      summary: "Create the booking's payment intent for the car's price",
      tag: "Payments",
      status: 200,
      description: "The intent's client secret",
      response: clientSecretShape,
      errors: [404, 409, 503],
    }),
    allow("pay:booking:own"),
    jsonBody(paymentIntentSchema),
    async (c) => c.json({ clientSecret: await createPaymentIntent(c.var.app, c.var.user, c.req.valid("json").bookingId) }),
  )
  .post(
    "/",
    doc({
      summary: "Record a payment the provider confirms succeeded for this booking and amount",
      tag: "Payments",
      status: 201,
      alsoStatus: 200,
      description: "Created (200 with the same id when repeated)",
      response: createdShape,
      errors: [404, 409, 503],
    }),
    allow("pay:booking:own"),
    jsonBody(recordPaymentSchema),
    async (c) => {
      const { bookingId, transactionId } = c.req.valid("json");
      const outcome = await recordPayment(c.var.app, c.var.user, bookingId, transactionId);
      return c.json(insertedAnswer(outcome.paymentId), outcome.created ? 201 : 200);
    },
  )
  // The offline simulator's stand-in for Stripe.js confirming a card (never on with Stripe or in production).
  .post(
    "/simulator/confirm",
    doc({
      summary: "Confirm a card with the offline simulator (development and tests only)",
      tag: "Payments",
      status: 200,
      description: "The simulated intent",
      response: simulatedPaymentShape,
      errors: [404],
    }),
    // Off, the endpoint does not exist for anyone (404 before credentials are looked at).
    async (c, next) => {
      requirePaymentSimulator(c.var.app);
      await next();
    },
    allow("pay:booking:own"),
    jsonBody(simulatorConfirmSchema),
    async (c) => {
      const { clientSecret, card } = c.req.valid("json");
      return c.json(await confirmSimulatorCard(c.var.app, c.var.user, clientSecret, card));
    },
  );
