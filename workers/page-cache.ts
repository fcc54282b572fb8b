// Anonymous visitors' public pages, kept in this data centre's cache (Workers Cache API) and served
// to the next anonymous visitor as they were stored, bytes and headers, the Content-Security-Policy
// included (decision records 19 and 29).

import { type MiddlewareHandler } from "hono";
import { EVERY_PAGE, NOTHING_PUBLIC, PAGE_TAGS } from "~/.server/page-changes";
import { INFO_PAGES, PATHS } from "~/lib/paths";
import { SEARCH_PARAMETERS } from "~/lib/schemas/search";
import { type WorkerEnv } from "./hono-env";

/** The most a served page may lag behind the database; a write this data centre sees ends it at once. */
export const PAGE_MAX_AGE_SECONDS = 60;

// How a response says what the cache did: hit, miss (rendered, and stored if it may be), bypass (per-visitor).
const TIMING = "page-cache";
// On a stored page: the versions it was rendered at (see versionsOf).
const VERSIONS_HEADER = "x-page-versions";

/**
 * The public pages, the query parameters each may carry and still be cached (anything else in the
 * query, such as `?book`, which opens the booking form, or a seller page's admin-only `confirm`, is
 * rendered afresh, never stored), and the tags of what each shows that a write can change
 * (app/.server/page-changes.ts), from its path's parameter. Blog and information pages change with
 * a deployment only.
 */
const PUBLIC_PAGES: { path: RegExp; params: readonly string[]; tags: (id: string) => string[] }[] = [
  ...[PATHS.blog, ...INFO_PAGES.map((slug) => `/${slug}`)].map((path) => ({ path: pattern(path), params: [], tags: () => [] })),
  ...[PATHS.home, PATHS.homeAlias].map((path) => ({ path: pattern(path), params: [], tags: () => [PAGE_TAGS.carLists] })),
  { path: pattern(PATHS.categories), params: ["page"], tags: () => [PAGE_TAGS.carLists] },
  { path: pattern(PATHS.search), params: SEARCH_PARAMETERS, tags: () => [PAGE_TAGS.carLists] },
  { path: pattern(PATHS.category), params: SEARCH_PARAMETERS, tags: () => [PAGE_TAGS.carLists] },
  // A car's page also shows similar cars: another car's change reaches it within PAGE_MAX_AGE_SECONDS.
  { path: pattern(PATHS.car), params: [], tags: (id) => [PAGE_TAGS.car(id)] },
  { path: pattern(PATHS.seller), params: ["page", "reviews"], tags: (id) => [PAGE_TAGS.seller(id)] },
];

/** `/cars/:id` → /^\/cars\/([^/]+)$/ (a parameter is one path segment, captured). */
function pattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "([^/]+)");
  return new RegExp(`^${escaped}$`);
}

/** The allow-list's entry for this URL's path, if it is a public page, with the tags of what it shows. */
function publicPageOf(url: URL) {
  // React Router's data requests (`/cars/x.data`) are not pages.
  if (url.pathname.endsWith(".data")) return undefined;
  for (const page of PUBLIC_PAGES) {
    const match = page.path.exec(url.pathname);
    if (match) return { params: page.params, tags: page.tags(match[1] ?? "") };
  }
  return undefined;
}

/** A cookie (a session, a toast to show, a sign-in under way) or credentials make a page the visitor's own. */
function anonymous(request: Request): boolean {
  return !request.headers.get("cookie") && !request.headers.has("authorization");
}

// Opened once per isolate, on first use.
let pages: Promise<Cache> | undefined;
const openPages = () => (pages ??= caches.open("pages"));

/**
 * Versions, each a random token kept in the same cache as the pages and replaced by a write: the
 * generation (`EVERY_PAGE`), which every write that does not say what it changed replaces, and one
 * per tag (app/.server/page-changes.ts). A stored page is served only while the generation and its tags'
 * versions it was rendered at stand, so a write seen here makes just the pages it changed stale at
 * once; writes seen elsewhere wait out the pages' age. Read together with the page, so a hit costs
 * no extra round trip.
 */
const versionKey = (origin: string, name: string) => `${origin}/__page-cache/${encodeURIComponent(name)}`;

/** The page's versions as one string: the generation's and its tags', in its tags' fixed order. */
async function versionsOf(cache: Cache, origin: string, tags: readonly string[]): Promise<string> {
  const versions = await Promise.all(
    [EVERY_PAGE, ...tags].map(async (name) => {
      const stored = await cache.match(versionKey(origin, name));
      return stored ? stored.text() : "none";
    }),
  );
  // Never blank at either end: a header's value loses its outer white space.
  return versions.join(",");
}

/** After a write: new versions for the tags it changed, or a new generation when it did not say what it changed. */
async function startNewVersions(origin: string, changed: ReadonlySet<string>): Promise<void> {
  const cache = await openPages();
  // Kept longer than any page; if one is evicted, pages stored since are at most PAGE_MAX_AGE_SECONDS old anyway.
  const headers = { "cache-control": "max-age=86400" };
  const names = changed.size > 0 ? [...changed].filter((tag) => tag !== NOTHING_PUBLIC) : [EVERY_PAGE];
  await Promise.all(names.map((name) => cache.put(versionKey(origin, name), new Response(crypto.randomUUID(), { headers }))));
}

/** A rendered page that anyone may be given: a full 200 HTML page that sets no cookie and asks for no caching of its own. */
export function storable(response: Response): boolean {
  return (
    response.status === 200 &&
    response.body !== null &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !response.headers.has("set-cookie") &&
    !response.headers.has("cache-control")
  );
}

/** The stored page as it was rendered: its bytes and headers (its CSP too), less the cache's own. */
function served(stored: Response, head: boolean): Response {
  const headers = new Headers(stored.headers);
  // The cache's own headers, not the page's (the page had no Cache-Control: see storable).
  for (const name of [VERSIONS_HEADER, "cache-control", "content-length", "age", "expires", "cf-cache-status"]) headers.delete(name);
  return new Response(head ? null : stored.body, { status: 200, headers });
}

async function safely<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    console.error(JSON.stringify({ event: "page-cache-failed", error: String(error) }));
    return fallback;
  }
}

/**
 * Serves anonymous GET/HEAD requests for public pages from the cache, and stores what it renders for
 * them; a successful write first makes the pages it changed stale (see versionsOf). Runs
 * inside the middleware that sets the hardening headers and the request id, so a hit gets both fresh.
 */
export const pageCache: MiddlewareHandler<WorkerEnv> = async (c, next) => {
  const { method } = c.req;
  const url = new URL(c.req.url);
  if (method !== "GET" && method !== "HEAD") {
    await next();
    // Awaited: the writer's next page, and anyone's after it, must not be an older one.
    if (method !== "OPTIONS" && c.res.status < 400) await safely(startNewVersions(url.origin, c.var.app.changedPages), undefined);
    return;
  }
  const page = publicPageOf(url);
  if (!page) return next();
  if (!anonymous(c.req.raw) || ![...url.searchParams.keys()].every((name) => page.params.includes(name))) {
    await next();
    c.res.headers.append("Server-Timing", `${TIMING};desc=bypass`);
    return;
  }

  const cache = await safely(openPages(), undefined);
  if (!cache) return next();
  // A hard reload (Cache-Control: no-cache) gets a page rendered now, which then replaces the stored one.
  const reload = /\bno-cache\b/.test(c.req.header("cache-control") ?? "");
  // Nothing found when the cache fails: the page is rendered, and not stored.
  const [stored, versions] =
    (await safely(Promise.all([reload ? undefined : cache.match(url.href), versionsOf(cache, url.origin, page.tags)]), undefined)) ?? [];
  if (stored && versions !== undefined && stored.headers.get(VERSIONS_HEADER) === versions) {
    c.res = served(stored, method === "HEAD");
    c.res.headers.append("Server-Timing", `${TIMING};desc=hit`);
    return;
  }

  await next();
  const rendered = c.res;
  if (method === "GET" && versions !== undefined && storable(rendered)) {
    const [forVisitor, forCache] = rendered.body!.tee();
    const headers = new Headers(rendered.headers);
    headers.set("cache-control", `max-age=${PAGE_MAX_AGE_SECONDS}`);
    // The versions read before rendering: a write during the render leaves this copy already stale.
    headers.set(VERSIONS_HEADER, versions);
    c.executionCtx.waitUntil(safely(cache.put(url.href, new Response(forCache, { status: 200, headers })), undefined));
    c.res = new Response(forVisitor, rendered);
  }
  c.res.headers.append("Server-Timing", `${TIMING};desc=miss`);
};
