import * as v from "valibot";
import { pagedListQuerySchema } from "../list-query";
import { optionalFreeText } from "./fields";
import { OFFER_STATUS_LIST } from "./responses";

// What people send about offers: the API's bodies and the pages' forms read the same schemas.

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
