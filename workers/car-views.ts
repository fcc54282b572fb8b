import { type MiddlewareHandler } from "hono";
import { countCarView, isOwnCarView, viewerOf } from "~/.server/services/catalog/car-views";
import { type WorkerEnv } from "./hono-env";

// Counts a car page's views as the Worker answers them, so a page served from the edge cache
// (workers/page-cache.ts, which this wraps) counts as much as one rendered. The count goes on the
// views queue after the answer (waitUntil); nothing is written to the database here. A visitor
// counts once per car and day (app/.server/services/catalog/car-views.ts says who a visitor is).

const CAR_PAGE = /^\/cars\/([^/.]+)(\.data)?$/;
const ROBOTS = /bot|crawl|spider|slurp|preview|lighthouse/i;

/**
 * The car a GET is a view of, or null. A page opened (`/cars/:id`) counts; so does the data of a
 * navigation to it in the browser (`/cars/:id.data`) but not the reload of the data of the page
 * already open (after a favourite or a booking), whose Referer is the car's own page. Robots
 * (by their user agent) do not count.
 */
export function viewedCar(request: Request): string | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const match = CAR_PAGE.exec(url.pathname);
  if (!match || ROBOTS.test(request.headers.get("user-agent") ?? "")) return null;
  const [, id, data] = match;
  if (data) {
    const referrer = request.headers.get("referer");
    if (referrer && URL.canParse(referrer) && new URL(referrer).pathname === `/cars/${id}`) return null;
  }
  return decodedId(id);
}

/** A path segment's id, or null when it is not valid percent-encoding (`/cars/%`): no car has such an id, so no view. */
function decodedId(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * A view is counted once the car's page (or its data) answered 200, unless its own seller was
 * looking. A page rendered for every signed-in visitor does not know who looks: the request for their
 * personal data counts it (app/.server/services/site/personal-page-data.ts).
 */
export const countCarViews: MiddlewareHandler<WorkerEnv> = async (c, next) => {
  await next();
  const carId = viewedCar(c.req.raw);
  if (!carId || c.res.status !== 200 || isOwnCarView(c.var.app) || c.var.app.sharedPage?.member) return;
  c.executionCtx.waitUntil(countCarView(c.var.app, carId, viewerOf(c.var.app, c.req.raw)));
};
