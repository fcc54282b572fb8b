import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { healthShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "./auth";
import { apiError } from "./errors";
import { doc } from "./openapi";

export const healthApi = new Hono<WorkerEnv>().get(
  "/",
  doc({
    summary: "Health: { ok: true } when the database answers, else 503",
    tag: "Operations",
    status: 200,
    description: "The database answers",
    response: healthShape,
    errors: [503],
  }),
  allow("read:health"),
  async (c) => {
    try {
      await c.var.app.db.run(sql`select 1`);
      return c.json({ ok: true });
    } catch {
      return apiError(c, 503, "The database is not answering");
    }
  },
);
