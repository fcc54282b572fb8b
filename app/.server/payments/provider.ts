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

/** A seller's connected account (Stripe Connect Express) as far as paying them goes. */
export interface PayoutAccount {
  id: string;
  /** Stripe says money can be paid out to the seller's bank: transfers may go to it. */
  payoutsEnabled: boolean;
}

export interface TransferInput {
  /** In cents. */
  amount: number;
  currency: "usd";
  /** The seller's connected account. */
  destination: string;
  /** Ties the transfer to its charge (one group per booking). */
  transferGroup: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export interface PaymentProvider {
  kind: "stripe" | "simulator";
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** Refunds a succeeded intent in full; calling it twice for one intent refunds once. Returns the refund's id. */
  refund(intentId: string): Promise<string>;
  /** Opens a seller's connected account (once per seller: the key is derived from them). */
  createPayoutAccount(input: { email: string; idempotencyKey: string }): Promise<PayoutAccount>;
  /** Where the seller sets the account up: Stripe's hosted onboarding, or the simulator's local page. */
  payoutAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccount>;
  /** Sends a seller's share to their connected account (once per key). Returns the transfer's id. */
  transfer(input: TransferInput): Promise<string>;
}

export class PaymentProviderError extends Error {}
