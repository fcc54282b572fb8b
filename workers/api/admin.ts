import { Hono } from "hono";
import { deleteBuyer, deleteSeller, listUsersByRole, verifySeller } from "~/.server/services/admin-users";
import { createCategory } from "~/.server/services/categories";
import { deleteReportedItem, dismissReports, listReports } from "~/.server/services/reports";
import { listQuerySchema } from "~/lib/list-query";
import { categoryApiSchema } from "~/lib/schemas/catalog";
import { type WorkerEnv } from "../hono-env";
import { requireApiRole } from "./auth";
import { parseInput, readJson } from "./json-body";

const usersQuery = listQuerySchema(["name", "email"] as const, "name");
const reportsQuery = listQuerySchema(["productName", "seller"] as const, "productName");

/** Admin-only routes under /api/users (the others there are in accounts.ts). */
export const adminUsersApi = new Hono<WorkerEnv>()
  .get("/sellers", async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listUsersByRole(c.var.app, "seller", parseInput(usersQuery, c.req.query())));
  })
  .get("/buyers", async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listUsersByRole(c.var.app, "buyer", parseInput(usersQuery, c.req.query())));
  })
  .delete("/seller/:id", async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteSeller(c.var.app, admin, c.req.param("id")) });
  })
  .delete("/buyer/:id", async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteBuyer(c.var.app, admin, c.req.param("id")) });
  })
  .patch("/verify-seller/:id", async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, modifiedCount: await verifySeller(c.var.app, admin, c.req.param("id")) });
  });

/** Admin-only routes under /api/report (POST, for everyone signed in, is in bookings.ts). */
export const adminReportsApi = new Hono<WorkerEnv>()
  .get("/", async (c) => {
    await requireApiRole(c, "admin");
    return c.json(await listReports(c.var.app, parseInput(reportsQuery, c.req.query())));
  })
  .delete("/item/:productId", async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await deleteReportedItem(c.var.app, admin, c.req.param("productId")) });
  })
  .delete("/:productId", async (c) => {
    const admin = await requireApiRole(c, "admin");
    return c.json({ acknowledged: true, deletedCount: await dismissReports(c.var.app, admin, c.req.param("productId")) });
  });

export const adminCategoriesApi = new Hono<WorkerEnv>().post("/add", async (c) => {
  const admin = await requireApiRole(c, "admin");
  const id = await createCategory(c.var.app, admin, await readJson(c, categoryApiSchema));
  return c.json({ acknowledged: true, insertedId: id }, 201);
});
