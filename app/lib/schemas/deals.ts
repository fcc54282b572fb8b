import * as v from "valibot";
import { optionalFreeText, idField, requiredText } from "./fields";
import { pagedListQuerySchema } from "../shared/list-query";
import { parseExpiry } from "../deals/card-input";

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

/** Booking a car: only the buyer's phone and meeting place come from the client. */
export const bookingSchema = v.object({
  product_id: idField("Choose a car to book"),
  phone: requiredText("Phone is required", 80),
  meetingLocation: requiredText("Meeting location is required", 80),
});
export type BookingInput = v.InferOutput<typeof bookingSchema>;

// What people send about offers: the API's bodies and the pages' forms read the same schemas.

/** The states of an offer, as the contract names them. */
export const OFFER_STATUS_LIST = ["open", "countered", "accepted", "declined", "withdrawn", "expired"] as const;

/** Offers one buyer may make on one car, ever. */
export const OFFERS_PER_CAR = 3;
/** The lowest offer a car takes: half its price, rounded up to a whole dollar. */
export const lowestOffer = (price: number) => Math.ceil(price / 2);

const dollars = v.pipe(
  v.number("Enter an amount in dollars"),
  v.integer("Use a whole number of dollars"),
  v.minValue(1, "The amount must be at least $1"),
  v.maxValue(10_000_000, "The amount must be at most $10,000,000"),
);

/** A buyer's offer: an amount (checked against the car's price by the service) and an optional message. */
export const offerSchema = v.object({
  amount: dollars,
  message: optionalFreeText("Write the message as text", 500),
});
export type OfferInput = v.InferOutput<typeof offerSchema>;

/** A seller's counter-offer: an amount between the offer and the price (checked by the service). */
export const counterSchema = v.object({ amount: dollars });

export const offerListQuerySchema = v.object({
  ...pagedListQuerySchema.entries,
  role: v.optional(v.picklist(["buyer", "seller"], "role must be buyer or seller")),
  status: v.optional(v.picklist(OFFER_STATUS_LIST, `status must be one of: ${OFFER_STATUS_LIST.join(", ")}`)),
});
export type OfferListQuery = v.InferOutput<typeof offerListQuerySchema>;

export const OFFER_STEPS = ["accept", "counter", "decline", "withdraw"] as const;
export type OfferStep = (typeof OFFER_STEPS)[number];

/** The Offers pages' row forms: which offer, what to do, the counter's amount, and the accept's confirmation. */
export const offerStepFormSchema = v.object({
  id: v.pipe(v.string("Missing offer"), v.nonEmpty("Missing offer")),
  step: v.picklist(OFFER_STEPS, "Choose what to do"),
  amount: v.optional(dollars),
  confirm: v.optional(v.string()),
});

const text = (message: string, max: number) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(max, message));

export const paymentIntentSchema = v.object({ bookingId: text("bookingId is required", 64) });

export const recordPaymentSchema = v.object({
  bookingId: text("bookingId is required", 64),
  transactionId: text("transactionId is required", 255),
});

export const simulatorConfirmSchema = v.object({
  clientSecret: text("clientSecret is required", 255),
  card: v.object(
    {
      number: v.pipe(v.string("Card number is required"), v.maxLength(32, "Your card number is invalid.")),
      expMonth: v.pipe(v.number("Expiration month is required"), v.integer("Your card's expiration month is invalid.")),
      expYear: v.pipe(v.number("Expiration year is required"), v.integer("Your card's expiration year is invalid.")),
      cvc: v.pipe(v.string("CVC is required"), v.maxLength(4, "Your card's security code is invalid.")),
    },
    "card is required",
  ),
});

const EXPIRY_INCOMPLETE = "Your card's expiration date is incomplete.";

/** The payment page's card form as posted without JavaScript (the simulator): the card as typed. */
export const simulatorCardFormSchema = v.object({
  cardNumber: v.pipe(
    v.string("Card number is required"),
    v.trim(),
    v.nonEmpty("Card number is required"),
    v.maxLength(32, "Your card number is invalid."),
  ),
  // "12/30", "1230" or "12/2030".
  expiry: v.pipe(
    v.string(EXPIRY_INCOMPLETE),
    v.maxLength(16, EXPIRY_INCOMPLETE),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const expiry = parseExpiry(dataset.value);
      if (expiry) return expiry;
      addIssue({ message: EXPIRY_INCOMPLETE });
      return NEVER;
    }),
  ),
  cvc: v.pipe(
    v.string("CVC is required"),
    v.trim(),
    v.nonEmpty("CVC is required"),
    v.maxLength(4, "Your card's security code is invalid."),
  ),
});

// Money problems (the admin's Money problems page and /api/admin/money-problems): what reconciliation
// with the payment provider found different, or what the money code could not settle by itself.

export const MONEY_PROBLEM_KINDS = [
  "missing_in_ledger",
  "missing_at_provider",
  "amount_differs",
  "reversal_failed",
  "transfer_failed",
  "unknown_charge",
] as const;
export type MoneyProblemKind = (typeof MONEY_PROBLEM_KINDS)[number];

export const MONEY_PROBLEM_LABELS: Record<MoneyProblemKind, string> = {
  missing_in_ledger: "At the provider, not in our ledger",
  missing_at_provider: "In our ledger, not at the provider",
  amount_differs: "Amounts differ",
  reversal_failed: "Payout could not be taken back",
  transfer_failed: "Payout keeps failing",
  unknown_charge: "A charge for no booking",
};

export const moneyProblemStatusSchema = v.optional(v.picklist(["open", "resolved"], "Choose open or resolved"), "open");

export const resolveMoneyProblemSchema = v.object({
  note: requiredText("Say what was done about it", 500),
});
export type ResolveMoneyProblemInput = v.InferOutput<typeof resolveMoneyProblemSchema>;
