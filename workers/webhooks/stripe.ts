import { Hono } from "hono";
import Stripe from "stripe";
import { readBodyWithin } from "~/.server/body-limit";
import { toPaymentIntent } from "~/.server/payments/stripe";
import { type DealEvent, handleStripeEventOnce } from "~/.server/services/deals/stripe-events";
import { type WorkerEnv } from "../hono-env";

const TOLERANCE_SECONDS = 300;
// Stripe's events are a few KiB; nothing larger is read, let alone verified.
const EVENT_LIMIT = 1024 * 1024;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

/** The deal's events (v1.2) in the service's terms; null for any other event. */
function dealEvent(event: Stripe.Event): DealEvent | null {
  if (event.type === "account.updated") {
    const account = event.data.object;
    return { kind: "account.updated", accountId: account.id, payoutsEnabled: account.payouts_enabled ?? false };
  }
  if (event.type === "charge.refunded") {
    const charge = event.data.object;
    const intentId = idOf(charge.payment_intent);
    const refundId = idOf(charge.refunds?.data[0]) ?? charge.id;
    return intentId ? { kind: "charge.refunded", intentId, refundId } : null;
  }
  if (event.type === "charge.dispute.created") {
    const dispute = event.data.object;
    const intentId = idOf(dispute.payment_intent);
    return intentId ? { kind: "charge.dispute.created", intentId, disputeId: dispute.id } : null;
  }
  return null;
}

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
  const handled = await handleStripeEventOnce(ctx, { id: event.id, type: event.type, succeededIntent, deal: dealEvent(event) });
  return c.json(handled ? { received: true } : { received: true, duplicate: true });
});
