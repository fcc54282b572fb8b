import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { type WorkerEnv } from "../hono-env";
import { apiError } from "./errors";

export const healthApi = new Hono<WorkerEnv>().get("/", async (c) => {
  try {
    await c.var.app.db.run(sql`select 1`);
    return c.json({ ok: true });
  } catch {
    return apiError(c, 503, "The database is not answering");
  }
});
