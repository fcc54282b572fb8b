import { Hono } from "hono";
import { acceptOffer, counterOffer, declineOffer, listOffers, makeOffer, withdrawOffer } from "~/.server/services/deals/offers";
import { counterSchema, offerListQuerySchema, offerSchema } from "~/lib/schemas/deals";
import { createdShape, offerPageShape, updatedShape } from "~/lib/schemas/responses";
import { doc } from "../core/openapi";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, queryParams } from "../core/json-body";
import { insertedAnswer, updatedAnswer } from "../core/write-answers";

const TAG = "Offers";

/** POST /api/products/:id/offers: mounted beside the catalogue's routes. */
export const carOffersApi = new Hono<WorkerEnv>().post(
  "/:id/offers",
  doc({
    summary: "Offer an amount for a car: at least half its price and below it, one waiting offer per car, three per car at most",
    tag: TAG,
    status: 201,
    description:
      "Created. 400 when the amount is out of range; 409 if the car is sold, being paid for, or the caller has an offer on it waiting; 429 after 3 offers on one car, or too many offers in an hour",
    response: createdShape,
    errors: [404, 409, 429],
  }),
  allow("make:offer"),
  jsonBody(offerSchema),
  async (c) => c.json(insertedAnswer(await makeOffer(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json"))), 201),
);

/** One step on an offer: the service says who may take it in the offer's state. */
const step = (summary: string, description: string) =>
  doc({ summary, tag: TAG, status: 200, description, response: updatedShape, errors: [404, 409] });
export const offersApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "Offers the caller made (role=buyer) or that were made on their cars (role=seller), newest first, paged",
      tag: TAG,
      status: 200,
      description: "A page of offers (amounts in whole dollars)",
      response: offerPageShape,
    }),
    allow("read:offers"),
    queryParams(offerListQuerySchema),
    async (c) => {
      const list = await listOffers(c.var.app, c.var.user, c.req.valid("query"));
      return c.json({ ...list, data: list.data.map(({ price: _price, mine: _mine, ...offer }) => offer) });
    },
  )
  .post(
    "/:id/counter",
    step(
      "The seller answers an open offer with an amount between the offer and the price",
      "Countered (open → countered). 400 when the amount is out of range; 403 for the buyer; 409 unless the offer is open",
    ),
    allow("answer:offer:own"),
    jsonBody(counterSchema),
    async (c) => {
      await counterOffer(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json").amount);
      return c.json(updatedAnswer());
    },
  )
  .post(
    "/:id/accept",
    step(
      "Accept: the seller an open offer, the buyer a counter-offer; the buyer's booking gets the agreed price for 24 hours",
      "Accepted. 403 for the other side; 409 when the offer is no longer waiting for the caller, or the car is sold or being paid for",
    ),
    allow("answer:offer:own"),
    async (c) => {
      await acceptOffer(c.var.app, c.var.user, c.req.param("id"));
      return c.json(updatedAnswer());
    },
  )
  .post(
    "/:id/decline",
    step(
      "Decline: the seller an open offer, the buyer a counter-offer",
      "Declined. 403 for the other side; 409 when the offer is no longer waiting",
    ),
    allow("answer:offer:own"),
    async (c) => {
      await declineOffer(c.var.app, c.var.user, c.req.param("id"));
      return c.json(updatedAnswer());
    },
  )
  .post(
    "/:id/withdraw",
    step(
      "The buyer takes back an offer still waiting for an answer",
      "Withdrawn. 403 for the seller; 409 when the offer is no longer waiting",
    ),
    allow("answer:offer:own"),
    async (c) => {
      await withdrawOffer(c.var.app, c.var.user, c.req.param("id"));
      return c.json(updatedAnswer());
    },
  );
