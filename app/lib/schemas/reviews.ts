import * as v from "valibot";
import { REVIEW_TEXT_LIMIT, REVIEW_TEXT_MAX } from "../catalog/reviews";
import { optionalFreeText, requiredText } from "./fields";

// Reviews of sellers by their buyers (../shared/api-contract.md "Reviews"): the API and the pages'
// forms validate with these.

const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";
const TOO_LONG = `Use at most ${REVIEW_TEXT_LIMIT}`;

const bookingId = v.pipe(
  v.string("bookingId is required"),
  v.trim(),
  v.nonEmpty("bookingId is required"),
  v.maxLength(64, "bookingId is required"),
);

/** `POST /api/reviews` and My Orders' "Rate the seller": a whole number of stars and optional words. */
export const reviewSchema = v.object({
  bookingId,
  rating: v.pipe(v.number(RATING_MESSAGE), v.integer(RATING_MESSAGE), v.minValue(1, RATING_MESSAGE), v.maxValue(5, RATING_MESSAGE)),
  text: optionalFreeText("Write the review as text", REVIEW_TEXT_MAX, TOO_LONG),
});
export type ReviewInput = v.InferOutput<typeof reviewSchema>;

/** The seller's one answer to a review. */
export const reviewAnswerSchema = v.object({ text: requiredText("Write your answer", REVIEW_TEXT_MAX, TOO_LONG) });

/** A review named in a path. */
export const reviewIdParam = v.object({
  id: v.pipe(v.string("Name a review"), v.nonEmpty("Name a review"), v.maxLength(64, "Name a review")),
});

/** My Orders' "Rate the seller" form: the review, named as one of the page's actions. */
export const rateSellerFormSchema = v.object({ intent: v.literal("rate"), ...reviewSchema.entries });

/** The seller page's forms: the seller's answer to a review, an admin's removal of one. */
export const answerReviewFormSchema = v.object({
  intent: v.literal("answer", "Unknown action"),
  id: reviewIdParam.entries.id,
  ...reviewAnswerSchema.entries,
});
export const removeReviewFormSchema = v.object({ intent: v.literal("remove", "Unknown action"), id: reviewIdParam.entries.id });
