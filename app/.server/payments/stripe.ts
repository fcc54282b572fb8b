import Stripe from "stripe";
import { PaymentProviderError, type PaymentIntent, type PaymentProvider } from "./provider";

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

/** A Stripe client for Workers (fetch-based). `apiUrl` points it at a local fake in tests only. */
export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined;
  return new Stripe(secretKey, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    ...(target ? { host: target.hostname, port: target.port, protocol: target.protocol.replace(":", "") as "http" | "https" } : {}),
  });
}

export function stripeProvider(stripe: Stripe): PaymentProvider {
  return {
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
        throw new PaymentProviderError((error as Error).message);
      }
    },
    async refund(intentId) {
      return (await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` })).id;
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
      const transfer = await stripe.transfers.create(
        { amount, currency, destination, transfer_group: transferGroup, metadata },
        { idempotencyKey },
      );
      return transfer.id;
    },
  };
}
