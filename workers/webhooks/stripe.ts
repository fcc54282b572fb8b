import { Hono } from "hono";
import Stripe from "stripe";
import { readBodyWithin } from "~/.server/body-limit";
import { toPaymentIntent } from "~/.server/payments/stripe";
import { handleStripeEventOnce } from "~/.server/services/stripe-events";
import { type WorkerEnv } from "../hono-env";

const TOLERANCE_SECONDS = 300;
// Stripe's events are a few KiB; nothing larger is read, let alone verified.
const EVENT_LIMIT = 1024 * 1024;

/**
 * POST /webhooks/stripe: verifies the signature over the raw body, handles each event once, and
 * fulfils `payment_intent.succeeded` exactly as POST /api/payment does (a payment is never lost
 * when the buyer closes the tab).
 */
export const stripeWebhook = new Hono<WorkerEnv>().post("/", async (c) => {
  const ctx = c.var.app;
  const secret = ctx.config.stripe.webhookSecret;
  const signature = c.req.header("stripe-signature");
  const bytes = await readBodyWithin(c.req.raw, EVENT_LIMIT);
  if (!bytes) return c.json({ message: "The event must be at most 1 MiB" }, 413);
  const payload = new TextDecoder().decode(bytes);
  if (!secret || !signature || !ctx.payments) return c.json({ message: "Missing or invalid signature" }, 400);

  let event: Stripe.Event;
  try {
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, TOLERANCE_SECONDS, Stripe.createSubtleCryptoProvider());
  } catch {
    return c.json({ message: "Missing or invalid signature" }, 400);
  }

  // An event carries no client secret worth keeping.
  const succeededIntent = event.type === "payment_intent.succeeded" ? { ...toPaymentIntent(event.data.object), clientSecret: null } : null;
  const handled = await handleStripeEventOnce(ctx, { id: event.id, type: event.type, succeededIntent });
  return c.json(handled ? { received: true } : { received: true, duplicate: true });
});
