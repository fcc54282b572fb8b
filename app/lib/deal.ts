import type * as v from "valibot";
import { type dealPaymentShape, type disputeShape, type ledgerEntryShape, type receiptShape } from "./schemas/responses";

// The deal's shapes (the contract's v1.2) and how pages name its states.

export type DealPayment = v.InferOutput<typeof dealPaymentShape>;
export type LedgerEntry = v.InferOutput<typeof ledgerEntryShape>;
export type Dispute = v.InferOutput<typeof disputeShape>;
export type Receipt = v.InferOutput<typeof receiptShape>;
export type { DisputeInput } from "./schemas/deals";

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

export const LEDGER_KIND_LABELS: Record<LedgerEntry["kind"], string> = {
  charge: "Card payment",
  refund: "Refund",
  fee: "Platform fee",
  transfer: "Paid out",
  transfer_reversal: "Payout taken back",
  fee_refund: "Fee given back",
};
