import * as v from "valibot";
import { pagedListQuerySchema } from "../shared/list-query";
import { optionalFreeText } from "./fields";
import { OFFER_STATUS_LIST } from "./responses";

// What people send about offers: the API's bodies and the pages' forms read the same schemas.

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
