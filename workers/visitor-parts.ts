import { Hono } from "hono";
import * as v from "valibot";
import { loadVisitorParts } from "~/.server/services/site/visitor-parts";
import { visitorPartsQuerySchema } from "~/lib/schemas/visitor-parts";
import { type WorkerEnv } from "./hono-env";

/**
 * GET /visitor-parts?cars=&car=&recent=1: the visitor's own parts of a page rendered for every
 * signed-in visitor (app/lib/visitor-parts.tsx), as JSON that no cache keeps. Bad input: 400 `{ message }`.
 * Answered here rather than by a React Router resource route: it renders nothing, and going through
 * the router's request handler cost about 1.2 ms of CPU per request (issue 32, point 6).
 */
export const visitorParts = new Hono<WorkerEnv>().get("/", async (c) => {
  const parsed = v.safeParse(visitorPartsQuerySchema, c.req.query());
  if (!parsed.success) return c.json({ message: parsed.issues[0].message }, 400);
  const parts = await loadVisitorParts(c.var.app, c.req.raw, parsed.output);
  return c.json(parts, 200, { "Cache-Control": "private, no-store" });
});
