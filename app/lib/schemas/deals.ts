import * as v from "valibot";
import { optionalFreeText } from "./fields";

/** What a buyer may say went wrong (POST /api/bookings/:id/dispute and the order's "Report a problem"). */
export const DISPUTE_REASONS = ["not_handed_over", "not_as_described", "other"] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_REASON_LABELS: Record<DisputeReason, string> = {
  not_handed_over: "The car was not handed over",
  not_as_described: "The car is not as described",
  other: "Something else",
};

export const disputeSchema = v.object({
  reason: v.picklist(DISPUTE_REASONS, "Choose what went wrong"),
  note: optionalFreeText("Write the note as text", 1_000),
});
export type DisputeInput = v.InferOutput<typeof disputeSchema>;

/** A seller declining a booking: why, optionally (the buyer is told). */
export const declineSchema = v.object({ reason: optionalFreeText("Write the reason as text", 300) });

export const DISPUTE_OUTCOMES = ["refund", "release"] as const;
export const resolveDisputeSchema = v.object({
  outcome: v.picklist(DISPUTE_OUTCOMES, "Choose refund or release"),
});

export const disputeStatusSchema = v.optional(v.picklist(["open", "resolved"], "Choose open or resolved"), "open");
