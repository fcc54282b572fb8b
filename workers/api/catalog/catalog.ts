import { Hono } from "hono";
import * as v from "valibot";
import { Invalid, PayloadTooLarge, UnsupportedMediaType } from "~/.server/errors";
import { listCategories } from "~/.server/services/catalog/categories";
import {
  advertiseCar,
  createCar,
  deleteCar,
  findCarDetail,
  listAdvertisedCars,
  listSellerCars,
  updateCar,
} from "~/.server/services/catalog/cars";
import { analysePrice, suggestPrice } from "~/.server/services/catalog/price-analysis";
import { carStatistics } from "~/.server/services/catalog/car-statistics";
import { priceSuggestionSchema, carApiSchema, carUpdateSchema } from "~/lib/schemas/catalog";
import { searchCars } from "~/.server/services/search/search";
import { searchCountsOutcome } from "~/.server/services/search/search-counts";
import { searchCategory } from "~/.server/services/site/search-page";
import { findSellerProfile } from "~/.server/services/catalog/sellers";
import { searchQuerySchema } from "~/lib/schemas/search";
import { uploadPhoto } from "~/.server/services/uploads/uploads";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "~/lib/shared/photo";
import { pageQuerySchema } from "~/lib/shared/list-query";
import { emailField } from "~/lib/schemas/fields";
import {
  categoryShape,
  createdShape,
  deletedShape,
  carStatisticsShape,
  carDetailShape,
  priceAnalysisShape,
  priceSuggestionShape,
  carShape,
  searchResultShape,
  sellerProfileShape,
  updatedShape,
  uploadedShape,
} from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { carAnswer, carAnswers } from "./car-answers";
import { deletedAnswer, insertedAnswer, updatedAnswer } from "../core/write-answers";

const cars = v.array(carShape);

export const categoriesApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "All categories, by name",
      tag: "Catalog",
      status: 200,
      description: "The categories",
      response: v.array(categoryShape),
    }),
    allow("read:catalog"),
    async (c) => c.json(await listCategories(c.var.app)),
  )
  // A category's cars for sale, newest first; `page`/`limit` (≤ 100) page through big categories.
  .get(
    "/:id",
    doc({
      summary: "A category's cars for sale, newest first",
      tag: "Catalog",
      status: 200,
      description: "The cars",
      response: cars,
      errors: [404],
    }),
    allow("read:cars"),
    queryParams(pageQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json(carAnswers(await searchCategory(c.var.app, c.var.user, c.req.param("id"), page, limit)));
    },
  );

export const carsApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "Search the cars for sale: keywords, filters, sort, pages, and facet counts",
      tag: "Catalog",
      status: 200,
      description: "A page of cars with the total and the facets",
      response: searchResultShape,
    }),
    allow("read:catalog"),
    queryParams(searchQuerySchema),
    async (c) => {
      const result = await searchCars(c.var.app, c.req.valid("query"));
      c.header("Server-Timing", `search-counts;desc=${searchCountsOutcome(c.var.app)}`);
      return c.json({ ...result, data: carAnswers(result.data) });
    },
  )
  .get(
    "/advertisement",
    doc({ summary: "Advertised cars for sale, newest first", tag: "Catalog", status: 200, description: "The cars", response: cars }),
    allow("read:catalog"),
    async (c) => c.json(carAnswers(await listAdvertisedCars(c.var.app))),
  )
  .get(
    "/seller/:email",
    doc({ summary: "A seller's cars, sold ones included", tag: "Catalog", status: 200, description: "The cars", response: cars }),
    allow("read:cars:self-or-admin"),
    pathParams(v.object({ email: emailField })),
    async (c) => {
      return c.json(carAnswers(await listSellerCars(c.var.app, c.var.user, c.req.valid("param").email)));
    },
  )
  .post(
    "/add",
    doc({
      summary: "List a car (seller, email, date and flags are set by the server)",
      tag: "Catalog",
      status: 201,
      description: "Created",
      response: createdShape,
      errors: [404],
    }),
    allow("create:car"),
    jsonBody(carApiSchema),
    async (c) => {
      const { images, ...fields } = c.req.valid("json");
      const insertedId = await createCar(c.var.app, c.var.user, { ...fields, photos: images.map((url) => ({ url })) });
      return c.json(insertedAnswer(insertedId), 201);
    },
  )
  .patch(
    "/advertisement/:id",
    doc({
      summary: "Advertise a car on Home (one way)",
      tag: "Catalog",
      status: 200,
      description: "Updated",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("advertise:car:own"),
    async (c) => c.json(updatedAnswer(await advertiseCar(c.var.app, c.var.user, c.req.param("id")))),
  )
  // Before "/:id", which would take "price-suggestion" for an id.
  .get(
    "/price-suggestion",
    doc({
      summary: "A price suggestion for a car about to be listed: the estimate and the comparables it came from",
      tag: "Catalog",
      status: 200,
      description: "The estimate (null with fewer than 3 comparables), the comparables and how they were chosen",
      response: priceSuggestionShape,
    }),
    allow("suggest:price"),
    queryParams(priceSuggestionSchema),
    async (c) => {
      const suggestion = await suggestPrice(c.var.app, c.req.valid("query"));
      return c.json({ ...suggestion, comparables: carAnswers(suggestion.comparables) });
    },
  )
  .get(
    "/:id/statistics",
    doc({
      summary: "A car's views, saves, messages and bookings over the last 30 days (its seller only)",
      tag: "Catalog",
      status: 200,
      description: "The 30 days' totals and the views of each day, oldest first",
      response: carStatisticsShape,
      errors: [404],
    }),
    allow("read:car-stats:own"),
    async (c) => c.json(await carStatistics(c.var.app, c.var.user, c.req.param("id"))),
  )
  .get(
    "/:id",
    doc({
      summary: "A car (sold ones too) with its asking prices, oldest first, and its VIN's decode",
      tag: "Catalog",
      status: 200,
      description: "The car",
      response: carDetailShape,
      errors: [404],
    }),
    allow("read:catalog"),
    async (c) => c.json(carAnswer(await findCarDetail(c.var.app, c.req.param("id")))),
  )
  .get(
    "/:id/price-analysis",
    doc({
      summary: "A car's fair-price rating, with the comparable cars (sold ones too) it was estimated from",
      tag: "Catalog",
      status: 200,
      description: "The rating, the estimate, the comparables and how they were chosen",
      response: priceAnalysisShape,
      errors: [404],
    }),
    allow("read:catalog"),
    async (c) => {
      const analysis = await analysePrice(c.var.app, c.req.param("id"));
      return c.json({ ...analysis, comparables: carAnswers(analysis.comparables) });
    },
  )
  .patch(
    "/:id",
    doc({
      summary: "Change an unsold car (its owner); a new resalePrice is added to its price history",
      tag: "Catalog",
      status: 200,
      description: "Updated. 409 once sold, or for a new resalePrice while a buyer's payment is under way",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("update:car:own"),
    jsonBody(carUpdateSchema),
    async (c) => {
      const { images, ...changes } = c.req.valid("json");
      const photos = images?.map((url) => ({ url }));
      await updateCar(c.var.app, c.var.user, c.req.param("id"), { ...changes, photos });
      return c.json(updatedAnswer());
    },
  )
  .delete(
    "/:id",
    doc({
      summary: "Delete an unsold car with its reports and unpaid bookings",
      tag: "Catalog",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404, 409],
    }),
    allow("delete:car:own-or-admin"),
    async (c) => {
      await deleteCar(c.var.app, c.var.user, c.req.param("id"));
      return c.json(deletedAnswer());
    },
  );

export const sellersApi = new Hono<WorkerEnv>().get(
  "/:id",
  doc({
    summary: "A seller's public profile: badge, member since, cars for sale and sold, rating",
    tag: "Catalog",
    status: 200,
    description: "The seller",
    response: sellerProfileShape,
    errors: [404],
  }),
  allow("read:catalog"),
  async (c) => c.json(await findSellerProfile(c.var.app, c.req.param("id"))),
);

// Multipart overhead allowed on top of the 5 MiB photo before the body is even read.
const MULTIPART_SLACK = 64 * 1024;

/** POST /api/images: the image host of the spec, answering in its shape. */
export const imagesApi = new Hono<WorkerEnv>().post(
  "/",
  doc({
    summary: "Upload a photo (JPEG, PNG, WebP or AVIF, at most 5 MiB)",
    tag: "Catalog",
    multipart: ["image"],
    status: 201,
    description: "The photo's url",
    response: uploadedShape,
    errors: [429],
  }),
  allow("upload:image"),
  async (c) => {
    if (!/^multipart\/form-data/i.test(c.req.header("content-type") ?? "")) {
      throw new UnsupportedMediaType("Send the photo as multipart/form-data in the field image");
    }
    if (Number(c.req.header("content-length") ?? 0) > MAX_PHOTO_BYTES + MULTIPART_SLACK) {
      throw new PayloadTooLarge(PHOTO_TOO_LARGE);
    }
    const form = await c.req.raw.formData().catch(() => {
      throw new Invalid("The multipart body could not be read");
    });
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      throw new Invalid("Photo is required", [{ path: "image", message: "Photo is required" }]);
    return c.json({ success: true, data: { url: await uploadPhoto(c.var.app, c.var.user.id, file) } }, 201);
  },
);
