import { Hono } from "hono";
import { listMailTo, requireDevelopmentMode } from "~/.server/services/notifications/dev-mail";
import { devMailQuerySchema } from "~/lib/schemas/accounts";
import { devMailShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { queryParams } from "../core/json-body";
import { doc } from "../core/openapi";

/** The mail the app sent, for following its links without a mailbox (404 in production). */
export const devMailApi = new Hono<WorkerEnv>().get(
  "/",
  doc({
    summary: "The mail sent to an address, newest first, with its links (development and tests only; 404 in production)",
    tag: "Operations",
    status: 200,
    description: "The mail sent to `to`, newest first; `links` are the absolute URLs in each",
    response: devMailShape,
    errors: [404],
  }),
  // In production the endpoint does not exist for anyone (404 before the query is looked at).
  async (c, next) => {
    requireDevelopmentMode(c.var.app);
    await next();
  },
  allow("read:dev-mail"),
  queryParams(devMailQuerySchema),
  async (c) => c.json(await listMailTo(c.var.app, c.req.valid("query").to)),
);
