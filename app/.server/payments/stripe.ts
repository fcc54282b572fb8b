import Stripe from "stripe";
import { type Movement, PaymentProviderError, type PaymentIntent, type PaymentProvider, type ProviderObject } from "./provider";

/** Stripe's payment intent in the provider interface's terms. */
export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount,
    currency: intent.currency,
    metadata: intent.metadata,
    clientSecret: intent.client_secret,
  };
}

/**
 * A Stripe client for Workers (fetch-based). `apiUrl` points it at a local fake in tests only. A
 * request that hangs is given up after `timeoutMs` (the SDK's 80 s would outlast the Worker's request).
 */
export function stripeClient(secretKey: string, apiUrl?: string, { timeoutMs = 20_000, retries = 2 } = {}): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: retries,
    timeout: timeoutMs,
    ...(target ? { host: target.hostname, port: target.port, protocol: target.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));
const movement = (object: { id: string; amount: number; metadata?: Stripe.Metadata | null }): Movement => ({
  id: object.id,
  amount: object.amount,
  metadata: object.metadata ?? {},
});

async function all<T>(list: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of list) items.push(item);
  return items;
}

/** Every call's failure as the interface's PaymentProviderError (the SDK's own errors name Stripe's reasons). */
function guarded(provider: PaymentProvider): PaymentProvider {
  const calls = Object.entries(provider).map(([name, value]) => [
    name,
    typeof value === "function"
      ? async (...args: unknown[]) => {
          try {
            return await (value as (...args: unknown[]) => Promise<unknown>)(...args);
          } catch (error) {
            if (error instanceof PaymentProviderError) throw error;
            throw new PaymentProviderError(error instanceof Error ? error.message : String(error));
          }
        }
      : value,
  ]);
  return Object.fromEntries(calls) as unknown as PaymentProvider;
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return guarded({
    kind: "stripe",
    async createIntent({ amount, currency, metadata, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        { amount, currency, metadata, automatic_payment_methods: { enabled: true, allow_redirects: "never" } },
        { idempotencyKey },
      );
      return toPaymentIntent(intent);
    },
    async retrieveIntent(id) {
      try {
        return toPaymentIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
    async chargeState(intentId) {
      const [refunds, disputes] = await Promise.all([
        all(stripe.refunds.list({ payment_intent: intentId, limit: 100 })),
        stripe.disputes.list({ payment_intent: intentId, limit: 1 }),
      ]);
      return {
        refunds: refunds.filter((refund) => refund.status !== "failed" && refund.status !== "canceled").map(movement),
        disputeId: disputes.data[0]?.id ?? null,
      };
    },
    async refund({ intentId, amount, metadata, idempotencyKey }) {
      return movement(await stripe.refunds.create({ payment_intent: intentId, amount, metadata }, { idempotencyKey }));
    },
    // Express accounts: Stripe hosts the onboarding and the seller's dashboard; the platform pays them
    // by separate transfers, so only the `transfers` capability is asked for.
    async createPayoutAccount({ email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        { type: "express", email, capabilities: { transfers: { requested: true } } },
        { idempotencyKey },
      );
      return { id: account.id, payoutsEnabled: account.payouts_enabled ?? false };
    },
    async payoutAccountLink(accountId, { returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: "account_onboarding",
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    async retrievePayoutAccount(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return { id: account.id, payoutsEnabled: account.payouts_enabled ?? false };
    },
    async transfer({ amount, currency, destination, transferGroup, metadata, idempotencyKey }) {
      return movement(
        await stripe.transfers.create({ amount, currency, destination, transfer_group: transferGroup, metadata }, { idempotencyKey }),
      );
    },
    async transfersInGroup(transferGroup) {
      return (await all(stripe.transfers.list({ transfer_group: transferGroup, limit: 100 }))).map(movement);
    },
    async reverseTransfer({ transferId, amount, metadata, idempotencyKey }) {
      return movement(await stripe.transfers.createReversal(transferId, { amount, metadata }, { idempotencyKey }));
    },
    async reversalsOf(transferId) {
      return (await all(stripe.transfers.listReversals(transferId, { limit: 100 }))).map(movement);
    },
    async objectsSince(since) {
      const created = { gte: since };
      const [charges, refunds, transfers] = await Promise.all([
        all(stripe.charges.list({ created, limit: 100 })),
        all(stripe.refunds.list({ created, limit: 100 })),
        all(stripe.transfers.list({ created, limit: 100 })),
      ]);
      const objects: ProviderObject[] = [
        ...charges
          .filter((charge) => charge.status === "succeeded")
          .map((charge) => ({
            kind: "charge" as const,
            id: idOf(charge.payment_intent) ?? charge.id,
            amount: charge.amount,
            parentId: idOf(charge.payment_intent),
            metadata: charge.metadata ?? {},
            created: charge.created,
          })),
        ...refunds
          .filter((refund) => refund.status !== "failed" && refund.status !== "canceled")
          .map((refund) => ({
            kind: "refund" as const,
            id: refund.id,
            amount: refund.amount,
            parentId: idOf(refund.payment_intent),
            metadata: refund.metadata ?? {},
            created: refund.created,
          })),
      ];
      for (const transfer of transfers) {
        objects.push({
          kind: "transfer",
          id: transfer.id,
          amount: transfer.amount,
          parentId: null,
          metadata: transfer.metadata,
          created: transfer.created,
        });
        const reversals = transfer.amount_reversed > 0 ? await all(stripe.transfers.listReversals(transfer.id, { limit: 100 })) : [];
        for (const reversal of reversals)
          objects.push({
            kind: "transfer_reversal",
            id: reversal.id,
            amount: reversal.amount,
            parentId: transfer.id,
            metadata: reversal.metadata ?? {},
            created: reversal.created,
          });
      }
      return objects;
    },
  });
}
