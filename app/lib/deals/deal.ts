import type * as v from "valibot";
import { type dealPaymentShape, type disputeShape, type ledgerEntryShape, type receiptShape } from "../schemas/responses";

// The deal's shapes, as the contract answers them, and how pages name its states.

export type DealPayment = v.InferOutput<typeof dealPaymentShape>;
export type LedgerEntry = v.InferOutput<typeof ledgerEntryShape>;
export type Dispute = v.InferOutput<typeof disputeShape>;
export type Receipt = v.InferOutput<typeof receiptShape>;
export type { DisputeInput } from "../schemas/deals";

export const DEAL_STATUS_LABELS: Record<DealPayment["status"], string> = {
  held: "Money held",
  disputed: "Disputed",
  released: "Paid to the seller",
  refunded: "Refunded",
};

/** How each state looks as a badge: only money paid to the seller is a success; money given back is not. */
export const DEAL_STATUS_TONES = {
  held: "info",
  disputed: "warning",
  released: "success",
  refunded: "neutral",
} as const satisfies Record<DealPayment["status"], string>;

/**
 * A sale's state in the seller's words, as their Payouts page says it: released money is "Due"
 * until it is sent to their payout account, then "Paid out".
 */
export function saleStatusLabel(status: DealPayment["status"], paidOut: boolean) {
  if (status === "released") return paidOut ? "Paid out" : "Due";
  return status === "held" ? "Held" : DEAL_STATUS_LABELS[status];
}

/** A ledger row as pages show it: the entry, its car, buyer and seller, and its payment's state. */
export type LedgerLine = LedgerEntry & {
  car: { id: string | null; name: string };
  buyerName: string;
  seller: { id: string | null; name: string };
  /** `boughtNothing`: a payment given back as soon as it came (e.g. another buyer had paid first). */
  sale: { status: DealPayment["status"]; paidOut: boolean; boughtNothing: boolean };
};

/** What each kind of ledger row is, in words (the admins' Money page). */
export const LEDGER_KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  charge: "Charge",
  refund: "Refund",
  fee: "Platform fee",
  transfer: "Paid to seller",
  transfer_reversal: "Transfer reversed",
  fee_refund: "Fee returned",
};

/** The same, from the seller's side (their Payouts page); a charge is the sale, named with its car. */
const SELLER_KIND_LABELS: Record<Exclude<LedgerEntry["kind"], "charge">, string> = {
  refund: "Refunded to the buyer",
  fee: "Platform fee",
  transfer: "Paid to you",
  transfer_reversal: "Taken back from your payout",
  fee_refund: "Platform fee returned",
};

/** A ledger line in its seller's words: "Sale of Nissan Fairlady Z", "Paid to you"… */
export function sellerLedgerWords(line: LedgerLine) {
  if (line.kind !== "charge") return SELLER_KIND_LABELS[line.kind];
  return line.sale.boughtNothing ? `Payment for ${line.car.name}, given back to its buyer` : `Sale of ${line.car.name}`;
}
