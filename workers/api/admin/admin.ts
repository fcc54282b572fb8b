import { Hono } from "hono";
import * as v from "valibot";
import { deleteBuyer, deleteSeller, listUsersByRole, usersListQuery, verifySeller } from "~/.server/services/admin/admin-users";
import { createCategory, deleteCategory, renameCategory } from "~/.server/services/catalog/categories";
import { deleteReportedItem, dismissReports, listReports, reportsListQuery } from "~/.server/services/admin/reports";
import { categoryApiSchema, categoryRenameSchema } from "~/lib/schemas/catalog";
import { createdShape, deletedShape, pagedShape, reportShape, updatedShape, userShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { deletedAnswer, insertedAnswer, updatedAnswer } from "../core/write-answers";

// The same parameter name as the role checks' email (accounts.ts): one path in the document.
const accountIdParam = v.object({ account: v.pipe(v.string(), v.description("The account's id")) });

/** Admin-only routes under /api/users (the others there are in accounts.ts). */
export const adminUsersApi = new Hono<WorkerEnv>()
  .get(
    "/sellers",
    doc({
      summary: "Sellers, paged and sorted",
      tag: "Admin",
      status: 200,
      description: "A page of sellers",
      response: pagedShape(userShape),
    }),
    allow("manage:users"),
    queryParams(usersListQuery),
    async (c) => c.json(await listUsersByRole(c.var.app, c.var.user, "seller", c.req.valid("query"))),
  )
  .get(
    "/buyers",
    doc({
      summary: "Buyers, paged and sorted",
      tag: "Admin",
      status: 200,
      description: "A page of buyers",
      response: pagedShape(userShape),
    }),
    allow("manage:users"),
    queryParams(usersListQuery),
    async (c) => c.json(await listUsersByRole(c.var.app, c.var.user, "buyer", c.req.valid("query"))),
  )
  .delete(
    "/seller/:account",
    doc({
      summary: "Delete a seller and their unsold cars",
      tag: "Admin",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404],
    }),
    allow("manage:users"),
    pathParams(accountIdParam),
    async (c) => c.json(deletedAnswer(await deleteSeller(c.var.app, c.var.user, c.req.valid("param").account))),
  )
  .delete(
    "/buyer/:account",
    doc({
      summary: "Delete a buyer and their unpaid bookings",
      tag: "Admin",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404],
    }),
    allow("manage:users"),
    pathParams(accountIdParam),
    async (c) => c.json(deletedAnswer(await deleteBuyer(c.var.app, c.var.user, c.req.valid("param").account))),
  )
  .patch(
    "/verify-seller/:id",
    doc({ summary: "Verify a seller", tag: "Admin", status: 200, description: "Updated", response: updatedShape, errors: [404] }),
    allow("manage:users"),
    async (c) => c.json(updatedAnswer(await verifySeller(c.var.app, c.var.user, c.req.param("id")))),
  );

/** Admin-only routes under /api/report (POST, for everyone signed in, is in bookings.ts). */
export const adminReportsApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "Reports, one row per report, paged and sorted",
      tag: "Admin",
      status: 200,
      description: "A page of reports",
      response: pagedShape(reportShape),
    }),
    allow("moderate:reports"),
    queryParams(reportsListQuery),
    async (c) => c.json(await listReports(c.var.app, c.req.valid("query"))),
  )
  .delete(
    "/item/:productId",
    doc({
      summary: "Delete a reported car with its reports and unpaid bookings",
      tag: "Admin",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404, 409],
    }),
    allow("moderate:reports"),
    async (c) => {
      await deleteReportedItem(c.var.app, c.var.user, c.req.param("productId"));
      return c.json(deletedAnswer());
    },
  )
  .delete(
    "/:productId",
    doc({
      summary: "Dismiss every report of a car",
      tag: "Admin",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404],
    }),
    allow("moderate:reports"),
    async (c) => c.json(deletedAnswer(await dismissReports(c.var.app, c.var.user, c.req.param("productId")))),
  );

export const adminCategoriesApi = new Hono<WorkerEnv>()
  .post(
    "/add",
    doc({ summary: "Add a category", tag: "Admin", status: 201, description: "Created", response: createdShape, errors: [404, 409] }),
    allow("create:category"),
    jsonBody(categoryApiSchema),
    async (c) => c.json(insertedAnswer(await createCategory(c.var.app, c.var.user, c.req.valid("json"))), 201),
  )
  .patch(
    "/:id",
    doc({
      summary: "Rename a category (modifiedCount 0 when it already has that name; 409 when another has it)",
      tag: "Admin",
      status: 200,
      description: "Updated",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("manage:categories"),
    jsonBody(categoryRenameSchema),
    async (c) => {
      const { categoryName } = c.req.valid("json");
      return c.json(updatedAnswer(await renameCategory(c.var.app, c.var.user, c.req.param("id"), categoryName)));
    },
  )
  .delete(
    "/:id",
    doc({
      summary: "Delete a category no car was ever listed in (409 while any car, sold ones too, is in it)",
      tag: "Admin",
      status: 200,
      description: "Deleted",
      response: deletedShape,
      errors: [404, 409],
    }),
    allow("manage:categories"),
    async (c) => {
      await deleteCategory(c.var.app, c.var.user, c.req.param("id"));
      return c.json(deletedAnswer());
    },
  );
