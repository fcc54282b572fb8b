import { Hono } from "hono";
import { answerReview, createReview, listSellerReviews, removeReview } from "~/.server/services/catalog/reviews";
import { type SellerReview } from "~/lib/catalog/reviews";
import { pagedListQuerySchema } from "~/lib/shared/list-query";
import { reviewAnswerSchema, reviewIdParam, reviewSchema } from "~/lib/schemas/catalog";
import { createdShape, deletedShape, reviewPageShape, updatedShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { deletedAnswer, insertedAnswer, updatedAnswer } from "../core/write-answers";

const TAG = "Reviews";

/** A review as the contract answers it: exactly its fields (pages also get the seller's answer). */
const reviewAnswer = ({ answer: _answer, answeredAt: _answeredAt, ...review }: SellerReview) => review;

/** Buyers' reviews of sellers: written after a paid purchase, answered once by the seller, removed by admins. */
export const reviewsApi = new Hono<WorkerEnv>()
  .post(
    "/",
    doc({
      summary: "Rate the seller of a car the caller paid for: 1–5 stars and optional text, once per booking",
      tag: TAG,
      status: 201,
      description:
        "The review's id. 404 if the booking is not the caller's; 409 if it is not paid for (or was refunded), already reviewed, or the seller's account is gone",
      response: createdShape,
      errors: [404, 409],
    }),
    allow("review:booking:own"),
    jsonBody(reviewSchema),
    async (c) => c.json(insertedAnswer(await createReview(c.var.app, c.var.user, c.req.valid("json"))), 201),
  )
  .post(
    "/:id/answer",
    doc({
      summary: "Answer a review of the caller (an addition to the contract): 1–1,000 characters, once",
      tag: TAG,
      status: 200,
      description: "Answered. 404 for anyone but the reviewed seller; 409 once answered",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("answer:review:own"),
    pathParams(reviewIdParam),
    jsonBody(reviewAnswerSchema),
    async (c) => {
      await answerReview(c.var.app, c.var.user, c.req.valid("param").id, c.req.valid("json").text);
      return c.json(updatedAnswer());
    },
  )
  .delete(
    "/:id",
    doc({
      summary: "Remove a review that breaks the rules (an addition to the contract), recorded in the audit trail",
      tag: TAG,
      status: 200,
      description: "Removed; the seller's rating no longer counts it. 404 for an unknown review",
      response: deletedShape,
      errors: [404],
    }),
    allow("remove:review"),
    pathParams(reviewIdParam),
    async (c) => c.json(deletedAnswer(await removeReview(c.var.app, c.var.user, c.req.valid("param").id))),
  );

/** GET /api/sellers/:id/reviews: public. */
export const sellerReviewsApi = new Hono<WorkerEnv>().get(
  "/:id/reviews",
  doc({
    summary: "A seller's reviews, newest first, paged; the buyer named by first name and initial",
    tag: TAG,
    status: 200,
    description: "A page of reviews. 404 for unknown ids and users who are not sellers",
    response: reviewPageShape,
    errors: [404],
  }),
  allow("read:catalog"),
  queryParams(pagedListQuerySchema),
  async (c) => {
    const { page, limit } = c.req.valid("query");
    const reviews = await listSellerReviews(c.var.app, c.req.param("id"), page, limit);
    return c.json({ ...reviews, data: reviews.data.map(reviewAnswer) });
  },
);
