import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { apiError } from "./errors";

export const healthApi = new Hono<WorkerEnv>().get("/", doc({ summary: "Health: { ok: true } when the database answers, else 503", tag: "Operations", access: "public", status: 200, description: "{ ok: true }" }), async (c) => {
  try {
    await c.var.app.db.run(sql`select 1`);
    return c.json({ ok: true });
  } catch {
    return apiError(c, 503, "The database is not answering");
  }
});
