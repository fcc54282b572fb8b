import { Hono } from "hono";
import Stripe from "stripe";
import { readBodyWithin } from "~/.server/web/body-limit";
import { handleProviderEvent, readStripeEvent } from "~/.server/services/deals/provider-events";
import { type WorkerEnv } from "../hono-env";

const TOLERANCE_SECONDS = 300;
// Stripe's events are a few KiB; nothing larger is read, let alone verified.
const EVENT_LIMIT = 1024 * 1024;

/**
 * POST /webhooks/stripe: verifies the signature over the raw body and hands the event to the deal's
 * provider events, which handle it once (a payment is never lost when the buyer closes the tab).
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

  // Signed but malformed (no object, no id, a field of the wrong type): acknowledged and ignored.
  const read = readStripeEvent(event);
  if (!read) {
    console.warn(JSON.stringify({ requestId: ctx.requestId, event: "stripe-event-malformed", type: event.type }));
    return c.json({ received: true, ignored: true });
  }
  const outcome = await handleProviderEvent(ctx, read);
  // Another delivery is handling it (or it must wait for a payout under way): Stripe delivers it again later.
  if (outcome === "busy") return c.json({ message: "This event is being handled; try again later" }, 409);
  return c.json(outcome === "duplicate" ? { received: true, duplicate: true } : { received: true });
});
