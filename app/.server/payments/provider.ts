// The card payment provider behind one interface: Stripe in production, an offline simulator in
// development and tests. Fulfilment, idempotency and race handling never know which one it is.

export interface PaymentIntent {
  id: string;
  status: string;
  /** In cents. */
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
}

export interface CreateIntentInput {
  amount: number;
  currency: "usd";
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentProvider {
  kind: "stripe" | "simulator";
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Refunds a succeeded intent in full; calling it twice for one intent refunds once. */
  refund(intentId: string): Promise<void>;
}

export class PaymentProviderError extends Error {}
