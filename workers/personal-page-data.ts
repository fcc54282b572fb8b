import { Hono } from "hono";
import { getSessionUser } from "~/.server/auth/guards";
import { loadPersonalPageData } from "~/.server/services/site/personal-page-data";
import { personalPageQuerySchema } from "~/lib/schemas/site";
import { handleApiError } from "./api/core/errors";
import { queryParams } from "./api/core/json-body";
import { type WorkerEnv } from "./hono-env";

/**
 * GET /visitor-parts?cars=&car=&recent=1: the personal data of a page rendered for every
 * signed-in visitor (app/lib/site/personal-page-data.tsx), as JSON that no cache keeps. Its query is checked
 * and its errors answered as the API's are: 400 `{ message, issues }` for a bad ask.
 * Answered here rather than by a React Router resource route: it renders nothing, and going through
 * the router's request handler cost about 1.2 ms of CPU per request.
 */
export const personalPageDataRoute = new Hono<WorkerEnv>()
  .get("/", queryParams(personalPageQuerySchema), async (c) => {
    const user = await getSessionUser(c.var.app, c.req.raw);
    const data = await loadPersonalPageData(c.var.app, c.req.raw, user, c.req.valid("query"));
    return c.json(data, 200, { "Cache-Control": "private, no-store" });
  })
  .onError(handleApiError);
