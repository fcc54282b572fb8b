import { DomainError } from "../errors";

// The card payment provider behind one interface: Stripe in production, an offline simulator in
// development and tests. The money code never knows which one it is.

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
  /** Ties the transfer to its charge (one group per payment). */
  transferGroup: string;
  metadata: Record<string, string>;
  idempotencyKey: string;
}

/** A movement of money the provider made: a refund of an intent, a transfer, or a transfer's reversal. */
export interface Movement {
  id: string;
  /** In cents. */
  amount: number;
  metadata: Record<string, string>;
}

/** What the provider says became of a succeeded intent's charge: refunds so far and whether the card's issuer disputes it. */
export interface ChargeState {
  refunds: Movement[];
  disputeId: string | null;
}

/** One object the provider holds, as reconciliation compares it with the ledger. */
export interface ProviderObject {
  kind: "charge" | "refund" | "transfer" | "transfer_reversal";
  id: string;
  amount: number;
  /** The intent a charge or refund belongs to; the transfer a reversal takes back. */
  parentId: string | null;
  metadata: Record<string, string>;
  /** Seconds since the epoch. */
  created: number;
}

export interface PaymentProvider {
  kind: "stripe" | "simulator";
  createIntent(input: CreateIntentInput): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent | null>;
  /** The charge of a succeeded intent, read back: its refunds and dispute. */
  chargeState(intentId: string): Promise<ChargeState>;
  /** Refunds `amount` of a succeeded intent (once per key). */
  refund(input: { intentId: string; amount: number; metadata: Record<string, string>; idempotencyKey: string }): Promise<Movement>;
  /** Opens a seller's connected account (once per seller: the key is derived from them). */
  createPayoutAccount(input: { email: string; idempotencyKey: string }): Promise<PayoutAccount>;
  /** Where the seller sets the account up: Stripe's hosted onboarding, or the simulator's local page. */
  payoutAccountLink(accountId: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  retrievePayoutAccount(accountId: string): Promise<PayoutAccount>;
  /** Sends a seller's share to their connected account (once per key). */
  transfer(input: TransferInput): Promise<Movement>;
  /** The transfers made in a group (a retry looks here before it sends another). */
  transfersInGroup(transferGroup: string): Promise<Movement[]>;
  /** Takes `amount` of a transfer back from the seller's account (once per key). */
  reverseTransfer(input: {
    transferId: string;
    amount: number;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<Movement>;
  reversalsOf(transferId: string): Promise<Movement[]>;
  /** Every charge, refund, transfer and reversal created since `since` (seconds), for reconciliation. */
  objectsSince(since: number): Promise<ProviderObject[]>;
}

/**
 * The provider refused a call, failed, or could not be reached: a person is told to try again (503);
 * the money code retries it as a new attempt, and a webhook leaves its event for Stripe to deliver again.
 */
export class PaymentProviderError extends DomainError {
  constructor(readonly detail: string) {
    super(503, "The card payment provider could not be reached. Please try again in a minute.");
  }
  override toString() {
    return `PaymentProviderError: ${this.detail}`;
  }
}
