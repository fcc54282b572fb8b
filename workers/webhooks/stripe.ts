import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { readBodyWithin } from "~/.server/body-limit";
import { stripeEvents } from "~/.server/db/schema";
import { DomainError } from "~/.server/errors";
import { fulfilIntent } from "~/.server/services/payments";
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

  const [seen] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).limit(1);
  if (seen) return c.json({ received: true, duplicate: true });

  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    try {
      await fulfilIntent(ctx, {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        metadata: intent.metadata,
        clientSecret: null,
      });
    } catch (error) {
      // An intent that is not ours to fulfil (unknown booking, wrong amount) is answered and kept out.
      if (!(error instanceof DomainError)) throw error;
      console.warn(JSON.stringify({ level: "warn", event: event.id, message: error.message }));
    }
  }
  await ctx.db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing();
  return c.json({ received: true });
});

