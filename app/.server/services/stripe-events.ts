import { eq } from "drizzle-orm";
import { type AppContext } from "../context";
import { stripeEvents } from "../db/schema";
import { DomainError } from "../errors";
import { type PaymentIntent } from "../payments/provider";
import { fulfilIntent } from "./payments";

/**
 * Handles a (verified) Stripe event once: the event is claimed with one insert-or-ignore, so of
 * repeated or concurrent deliveries exactly one goes on. A succeeded payment is fulfilled as
 * POST /api/payment does; one that is not ours to fulfil (unknown booking, wrong amount) is logged
 * and the event counts as handled. Any other failure gives the claim back, so Stripe's retry
 * handles the event again. False for an event already handled.
 */
export async function handleStripeEventOnce(
  ctx: AppContext,
  event: { id: string; type: string; succeededIntent: PaymentIntent | null },
): Promise<boolean> {
  const claimed = await ctx.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (claimed.length === 0) return false;
  if (!event.succeededIntent) return true;
  try {
    await fulfilIntent(ctx, event.succeededIntent);
  } catch (error) {
    if (!(error instanceof DomainError)) {
      await ctx.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
      throw error;
    }
    console.warn(JSON.stringify({ level: "warn", event: event.id, message: error.message }));
  }
  return true;
}
