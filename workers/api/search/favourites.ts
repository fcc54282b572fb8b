import { Hono } from "hono";
import * as v from "valibot";
import { listFavourites, removeFavourite, saveFavourite } from "~/.server/services/search/favourites";
import { deleteSavedSearch, listSavedSearches, saveSearch } from "~/.server/services/search/saved-searches";
import { createdShape, deletedShape, carShape, savedSearchShape, updatedShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody } from "../core/json-body";
import { doc } from "../core/openapi";
import { carAnswers } from "../catalog/car-answers";
import { deletedAnswer, insertedAnswer, updatedAnswer } from "../core/write-answers";

const TAG = "Favourites and saved searches";

export const favouritesApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "The cars the caller saved, most recently saved first (sold ones included)",
      tag: TAG,
      status: 200,
      description: "The saved cars",
      response: v.array(carShape),
    }),
    allow("save:favourite"),
    async (c) => c.json(carAnswers(await listFavourites(c.var.app, c.var.user))),
  )
  .put(
    "/:productId",
    doc({
      summary: "Save a car (idempotent: modifiedCount 0 when it was saved already)",
      tag: TAG,
      status: 200,
      description: "Saved. 404 for an unknown car",
      response: updatedShape,
      errors: [404],
    }),
    allow("save:favourite"),
    async (c) => c.json(updatedAnswer(await saveFavourite(c.var.app, c.var.user, c.req.param("productId")))),
  )
  .delete(
    "/:productId",
    doc({
      summary: "Remove a saved car (deletedCount 0 when it was not saved)",
      tag: TAG,
      status: 200,
      description: "Removed",
      response: deletedShape,
    }),
    allow("save:favourite"),
    async (c) => c.json(deletedAnswer(await removeFavourite(c.var.app, c.var.user, c.req.param("productId")))),
  );

export const savedSearchesApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "The caller's saved searches, newest first",
      tag: TAG,
      status: 200,
      description: "The saved searches (query strings as GET /api/products takes them, normalized)",
      response: v.array(savedSearchShape),
    }),
    allow("save:search"),
    async (c) => c.json(await listSavedSearches(c.var.app, c.var.user)),
  )
  .post(
    "/",
    doc({
      summary: "Save a search: a query string as GET /api/products takes it, e.g. make=Toyota&maxPrice=20000",
      tag: TAG,
      status: 201,
      description:
        "Saved, normalized (only the filters and sort, defaults left out, in a fixed order). 200 with the existing id when the same search is saved already; 400 for a query GET /api/products would refuse or one without any filter; 409 past 20 saved searches",
      response: createdShape,
      alsoStatus: 200,
      errors: [409],
    }),
    allow("save:search"),
    jsonBody(v.object({ query: v.pipe(v.string("query must be a string"), v.maxLength(2000, "query must be at most 2000 characters")) })),
    async (c) => {
      const saved = await saveSearch(c.var.app, c.var.user, c.req.valid("json").query);
      return c.json(insertedAnswer(saved.id), saved.created ? 201 : 200);
    },
  )
  .delete(
    "/:id",
    doc({
      summary: "Delete one of the caller's saved searches",
      tag: TAG,
      status: 200,
      description: "Deleted. 404 for anyone else's (admins included) or an unknown one",
      response: deletedShape,
      errors: [404],
    }),
    allow("delete:saved-search:own"),
    async (c) => c.json(deletedAnswer(await deleteSavedSearch(c.var.app, c.var.user, c.req.param("id")))),
  );
