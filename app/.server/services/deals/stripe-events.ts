import { eq } from "drizzle-orm";
import { type AppContext } from "../../context";
import { stripeEvents } from "../../db/schema";
import { DomainError } from "../../errors";
import { type PaymentIntent } from "../../payments/provider";
import { cardDisputeOpened, chargeRefunded, payoutAccountUpdated } from "./deals";
import { fulfilIntent } from "./payments";

/** What the deal (v1.2) takes from Stripe's events: a seller's account, a refund or a card dispute made at Stripe. */
export type DealEvent =
  | { kind: "account.updated"; accountId: string; payoutsEnabled: boolean }
  | { kind: "charge.refunded"; intentId: string; refundId: string }
  | { kind: "charge.dispute.created"; intentId: string; disputeId: string };

function handleDealEvent(ctx: AppContext, event: DealEvent) {
  if (event.kind === "account.updated") return payoutAccountUpdated(ctx, event.accountId, event.payoutsEnabled);
  if (event.kind === "charge.refunded") return chargeRefunded(ctx, event.intentId, event.refundId);
  return cardDisputeOpened(ctx, event.intentId, event.disputeId);
}

/**
 * Handles a (verified) Stripe event once: the event is claimed with one insert-or-ignore, so of
 * repeated or concurrent deliveries exactly one goes on. A succeeded payment is fulfilled as
 * POST /api/payment does; one that is not ours to fulfil (unknown booking, wrong amount) is logged
 * and the event counts as handled. Any other failure gives the claim back, so Stripe's retry
 * handles the event again. False for an event already handled.
 */
export async function handleStripeEventOnce(
  ctx: AppContext,
  event: { id: string; type: string; succeededIntent: PaymentIntent | null; deal?: DealEvent | null },
): Promise<boolean> {
  const claimed = await ctx.db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (claimed.length === 0) return false;
  if (!event.succeededIntent && !event.deal) return true;
  try {
    if (event.succeededIntent) await fulfilIntent(ctx, event.succeededIntent);
    if (event.deal) await handleDealEvent(ctx, event.deal);
  } catch (error) {
    if (!(error instanceof DomainError)) {
      await ctx.db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
      throw error;
    }
    console.warn(JSON.stringify({ level: "warn", event: event.id, message: error.message }));
  }
  return true;
}
