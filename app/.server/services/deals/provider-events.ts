import { and, eq, isNull, lt, or } from "drizzle-orm";
import * as v from "valibot";
import { type AppContext } from "../../context";
import { payments, stripeEvents } from "../../db/schema";
import { DomainError } from "../../errors";
import { type PaymentIntent, PaymentProviderError } from "../../payments/provider";
import { requireProvider } from "../../payments/required";
import { fulfilIntent } from "./payments";
import { payoutAccountChanged } from "./payout-accounts";
import { cardDispute, TryLater } from "./card-disputes";
import { effectsOf } from "../events";
import { type PaymentRow, recordRefunds } from "./payment-states";
import { settlePayment } from "./settle";

// Stripe's events, which come late, twice and in any order: each is claimed by one delivery with a
// lease and marked handled only once its effects are written; a delivery that finds another one
// handling it answers "busy" (Stripe delivers it again later), and a claim whose Worker stopped
// expires. Every handler reads the provider's state rather than trusting the event's copy of it, so
// the end state is the same whatever the order.

const ref = v.union([v.pipe(v.string(), v.nonEmpty()), v.object({ id: v.pipe(v.string(), v.nonEmpty()) })]);
const idOf = (value: v.InferOutput<typeof ref>) => (typeof value === "string" ? value : value.id);
const objectOf = <T extends v.ObjectEntries>(entries: T) => v.object({ data: v.object({ object: v.object(entries) }) });

const eventSchema = v.object({ id: v.pipe(v.string(), v.nonEmpty()), type: v.string() });
const intentEvent = objectOf({
  id: v.pipe(v.string(), v.nonEmpty()),
  status: v.string(),
  amount: v.pipe(v.number(), v.safeInteger()),
  currency: v.string(),
  metadata: v.record(v.string(), v.string()),
});
const chargeEvent = objectOf({ payment_intent: ref });
const disputeEvent = objectOf({ id: v.pipe(v.string(), v.nonEmpty()), payment_intent: ref });
const accountEvent = objectOf({ id: v.pipe(v.string(), v.nonEmpty()) });

/** What the deal takes from a Stripe event. */
export type ProviderEvent =
  | { kind: "payment_intent.succeeded"; intent: PaymentIntent }
  | { kind: "charge.refunded"; intentId: string }
  | { kind: "charge.dispute.created"; intentId: string; disputeId: string }
  | { kind: "account.updated"; accountId: string };

/** A verified Stripe event in the deal's terms: null when it is malformed (no id, no object, a field of the wrong type); `event: null` when the deal has no use for it. */
export function readStripeEvent(raw: unknown): { id: string; type: string; event: ProviderEvent | null } | null {
  const base = v.safeParse(eventSchema, raw);
  if (!base.success) return null;
  const { id, type } = base.output;
  const parse = <S extends v.GenericSchema>(schema: S) => {
    const parsed = v.safeParse(schema, raw);
    return parsed.success ? (parsed.output as v.InferOutput<S>) : undefined;
  };
  if (type === "payment_intent.succeeded") {
    const object = parse(intentEvent)?.data.object;
    return object ? { id, type, event: { kind: type, intent: { ...object, clientSecret: null } } } : null;
  }
  if (type === "charge.refunded") {
    const object = parse(chargeEvent)?.data.object;
    return object ? { id, type, event: { kind: type, intentId: idOf(object.payment_intent) } } : null;
  }
  if (type === "charge.dispute.created") {
    const object = parse(disputeEvent)?.data.object;
    return object ? { id, type, event: { kind: type, intentId: idOf(object.payment_intent), disputeId: object.id } } : null;
  }
  if (type === "account.updated") {
    const object = parse(accountEvent)?.data.object;
    return object ? { id, type, event: { kind: type, accountId: object.id } } : null;
  }
  return { id, type, event: null };
}

const LEASE_SECONDS = 60;

/** A delivery's claim on an event: true if this delivery handles it now. */
async function claimEvent(ctx: AppContext, id: string, type: string) {
  const now = ctx.now();
  const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
  const claimed = await ctx.db
    .insert(stripeEvents)
    .values({ id, type, claimedUntil: until, createdAt: now.toISOString() })
    .onConflictDoUpdate({
      target: stripeEvents.id,
      set: { claimedUntil: until },
      setWhere: and(
        isNull(stripeEvents.handledAt),
        or(isNull(stripeEvents.claimedUntil), lt(stripeEvents.claimedUntil, now.toISOString())),
      ),
    })
    .returning({ id: stripeEvents.id });
  if (claimed.length === 1) return "claimed" as const;
  const [row] = await ctx.db.select({ handledAt: stripeEvents.handledAt }).from(stripeEvents).where(eq(stripeEvents.id, id));
  return row?.handledAt ? ("handled" as const) : ("busy" as const);
}

/**
 * Handles a verified event once. "duplicate" when it was handled already, "busy" when another
 * delivery is handling it (or it must wait): the caller answers so that Stripe delivers it again.
 */
export async function handleProviderEvent(
  ctx: AppContext,
  { id, type, event }: { id: string; type: string; event: ProviderEvent | null },
): Promise<"handled" | "duplicate" | "busy"> {
  const claim = await claimEvent(ctx, id, type);
  if (claim !== "claimed") return claim === "handled" ? "duplicate" : "busy";
  try {
    if (event) await applyEvent(ctx, event);
  } catch (error) {
    // The provider failed us, or the event must wait: Stripe delivers it again later.
    if (error instanceof TryLater || error instanceof PaymentProviderError || !(error instanceof DomainError)) {
      await ctx.db.update(stripeEvents).set({ claimedUntil: null }).where(eq(stripeEvents.id, id));
      if (error instanceof TryLater || error instanceof PaymentProviderError) return "busy";
      throw error;
    }
    // Not ours to act on (an intent of no booking, a payment not succeeded): handled by being ignored.
    console.warn(JSON.stringify({ level: "warn", event: id, message: error.message }));
  }
  await ctx.db.update(stripeEvents).set({ handledAt: ctx.now().toISOString(), claimedUntil: null }).where(eq(stripeEvents.id, id));
  return "handled";
}

async function applyEvent(ctx: AppContext, event: ProviderEvent) {
  if (event.kind === "payment_intent.succeeded") return void (await fulfilIntent(ctx, event.intent));
  if (event.kind === "account.updated") return payoutAccountChanged(ctx, event.accountId);
  const payment = await paymentOfIntent(ctx, event.intentId);
  // Before its payment is recorded: recording it now reads the charge back, refunds and dispute included.
  if (!payment) return recordFromProvider(ctx, event.intentId);
  if (event.kind === "charge.refunded") return syncRefunds(ctx, payment);
  await cardDispute(ctx, payment, event.disputeId);
}

const paymentOfIntent = async (ctx: AppContext, intentId: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.transactionId, intentId)).limit(1))[0];

async function recordFromProvider(ctx: AppContext, intentId: string) {
  const intent = await requireProvider(ctx).retrieveIntent(intentId);
  if (intent?.status === "succeeded" && intent.metadata.bookingId) await fulfilIntent(ctx, intent);
}

/**
 * `charge.refunded`: the charge's refunds as the provider has them now, each recorded once and told
 * to the buyer and the seller once, and what they lead to.
 */
export async function syncRefunds(ctx: AppContext, payment: PaymentRow) {
  const { refunds } = await requireProvider(ctx).chargeState(payment.transactionId);
  const notices = await effectsOf(ctx, [{ type: "refunded_at_provider", payment, refunds }]);
  if (await recordRefunds(ctx, payment, refunds, notices.statements)) await notices.afterCommit();
  await settlePayment(ctx, payment.id);
}
