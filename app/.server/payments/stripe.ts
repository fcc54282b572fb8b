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
      await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `refund-${intentId}` });
    },
  };
}
