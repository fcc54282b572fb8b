import { Hono } from "hono";
import { deleteBuyer, deleteSeller, listUsersByRole, verifySeller } from "~/.server/services/admin-users";
import { createCategory } from "~/.server/services/categories";
import { deleteReportedItem, dismissReports, listReports } from "~/.server/services/reports";
import { listQuerySchema } from "~/lib/list-query";
import { categoryApiSchema } from "~/lib/schemas/catalog";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { requireApiRole } from "./auth";
import { parseInput, readJson } from "./json-body";

const usersQuery = listQuerySchema(["name", "email"] as const, "name");
const reportsQuery = listQuerySchema(["productName", "seller"] as const, "productName");

/** Admin-only routes under /api/users (the others there are in accounts.ts). */
export const adminUsersApi = new Hono<WorkerEnv>()
  .get("/sellers", doc({ summary: "Sellers, paged and sorted", tag: "Admin", access: "admin", query: usersQuery, status: 200, description: "{ data: [User], total, currentPage, totalPages }" }), async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listUsersByRole(c.var.app, "seller", parseInput(usersQuery, c.req.query())));
  })
  .get("/buyers", doc({ summary: "Buyers, paged and sorted", tag: "Admin", access: "admin", query: usersQuery, status: 200, description: "{ data: [User], total, currentPage, totalPages }" }), async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listUsersByRole(c.var.app, "buyer", parseInput(usersQuery, c.req.query())));
  })
  .delete("/seller/:id", doc({ summary: "Delete a seller and their unsold cars", tag: "Admin", access: "admin", status: 200, description: "{ acknowledged, deletedCount }" }), async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteSeller(c.var.app, admin, c.req.param("id")) });
  })
  .delete("/buyer/:id", doc({ summary: "Delete a buyer and their unpaid bookings", tag: "Admin", access: "admin", status: 200, description: "{ acknowledged, deletedCount }" }), async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteBuyer(c.var.app, admin, c.req.param("id")) });
  })
  .patch("/verify-seller/:id", doc({ summary: "Verify a seller", tag: "Admin", access: "admin", status: 200, description: "{ acknowledged, modifiedCount }" }), async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, modifiedCount: await verifySeller(c.var.app, admin, c.req.param("id")) });
  });

/** Admin-only routes under /api/report (POST, for everyone signed in, is in bookings.ts). */
export const adminReportsApi = new Hono<WorkerEnv>()
  .get("/", doc({ summary: "Reports, one row per report, paged and sorted", tag: "Admin", access: "admin", query: reportsQuery, status: 200, description: "{ data: [Report], total, currentPage, totalPages }" }), async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listReports(c.var.app, parseInput(reportsQuery, c.req.query())));
  })
  .delete("/item/:productId", doc({ summary: "Delete a reported car with its reports and unpaid bookings", tag: "Admin", access: "admin", status: 200, description: "{ acknowledged, deletedCount }" }), async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteReportedItem(c.var.app, admin, c.req.param("productId")) });
  })
  .delete("/:productId", doc({ summary: "Dismiss every report of a car", tag: "Admin", access: "admin", status: 200, description: "{ acknowledged, deletedCount }" }), async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await dismissReports(c.var.app, admin, c.req.param("productId")) });
  });

export const adminCategoriesApi = new Hono<WorkerEnv>().post("/add", doc({ summary: "Add a category", tag: "Admin", access: "admin", body: categoryApiSchema, status: 201, description: "Created: { acknowledged, insertedId }" }), async (c) => {
  const admin = await requireApiRole(c, "admin");
  const id = await createCategory(c.var.app, admin, await readJson(c, categoryApiSchema));
  return c.json({ acknowledged: true, insertedId: id }, 201);
});
