// Anonymous visitors' public pages, kept in this data centre's cache (Workers Cache API) and served
// to the next anonymous visitor as they were stored, bytes and headers, the Content-Security-Policy
// included (decision records 19 and 29).

import { type MiddlewareHandler } from "hono";
import { INFO_PAGES, PATHS } from "~/lib/paths";
import { SEARCH_PARAMETERS } from "~/lib/schemas/search";
import { type WorkerEnv } from "./hono-env";

/** The most a served page may lag behind the database; a write this data centre sees ends it at once. */
export const PAGE_MAX_AGE_SECONDS = 60;

// How a response says what the cache did: hit, miss (rendered, and stored if it may be), bypass (per-visitor).
const TIMING = "page-cache";
// On a stored page: the generation of the pages it was rendered in (see currentGeneration).
const GENERATION_HEADER = "x-page-generation";

/**
 * The public pages and the query parameters each may carry and still be cached: anything else in
 * the query (`?book` opens the booking form; a seller page's `confirm` is for admins) is rendered
 * afresh, never stored.
 */
const PUBLIC_PAGES: { path: RegExp; params: readonly string[] }[] = [
  ...[PATHS.home, PATHS.homeAlias, PATHS.blog, ...INFO_PAGES.map((slug) => `/${slug}`)].map((path) => ({
    path: pattern(path),
    params: [],
  })),
  { path: pattern(PATHS.categories), params: ["page"] },
  { path: pattern(PATHS.search), params: SEARCH_PARAMETERS },
  { path: pattern(PATHS.category), params: SEARCH_PARAMETERS },
  { path: pattern(PATHS.car), params: [] },
  { path: pattern(PATHS.seller), params: ["page", "reviews"] },
];

/** `/cars/:id` → /^\/cars\/[^/]+$/ (a parameter is one path segment). */
function pattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:\w+/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}

/** The allow-list's entry for this URL's path, if it is a public page. */
function publicPageOf(url: URL) {
  // React Router's data requests (`/cars/x.data`) are not pages.
  if (url.pathname.endsWith(".data")) return undefined;
  return PUBLIC_PAGES.find(({ path }) => path.test(url.pathname));
}

/** A cookie (a session, a toast to show, a sign-in under way) or credentials make a page the visitor's own. */
function anonymous(request: Request): boolean {
  return !request.headers.get("cookie") && !request.headers.has("authorization");
}

// Opened once per isolate, on first use.
let pages: Promise<Cache> | undefined;
const openPages = () => (pages ??= caches.open("pages"));

/**
 * The pages' generation in this data centre: a random token, replaced after every write. A stored
 * page is served only while the generation it was rendered in stands, so a write seen here makes
 * every page here stale at once; writes seen elsewhere wait out the pages' age. Kept in the same
 * cache and read together with the page, so a hit costs no extra round trip.
 */
const generationKey = (origin: string) => `${origin}/__page-cache/generation`;

async function currentGeneration(cache: Cache, origin: string): Promise<string> {
  const stored = await cache.match(generationKey(origin));
  return stored ? stored.text() : "";
}

async function startNewGeneration(origin: string): Promise<void> {
  // Kept longer than any page; if it is evicted, pages stored since are at most PAGE_MAX_AGE_SECONDS old anyway.
  const cache = await openPages();
  await cache.put(generationKey(origin), new Response(crypto.randomUUID(), { headers: { "cache-control": "max-age=86400" } }));
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
  for (const name of [GENERATION_HEADER, "cache-control", "content-length", "age", "expires", "cf-cache-status"]) headers.delete(name);
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
 * them; a successful write of any kind starts a new generation first (see currentGeneration). Runs
 * inside the middleware that sets the hardening headers and the request id, so a hit gets both fresh.
 */
export const pageCache: MiddlewareHandler<WorkerEnv> = async (c, next) => {
  const { method } = c.req;
  const url = new URL(c.req.url);
  if (method !== "GET" && method !== "HEAD") {
    await next();
    // Awaited: the writer's next page, and anyone's after it, must not be an older one.
    if (method !== "OPTIONS" && c.res.status < 400) await safely(startNewGeneration(url.origin), undefined);
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
  const [stored, generation] =
    (await safely(Promise.all([reload ? undefined : cache.match(url.href), currentGeneration(cache, url.origin)]), undefined)) ?? [];
  if (stored && generation !== undefined && stored.headers.get(GENERATION_HEADER) === generation) {
    c.res = served(stored, method === "HEAD");
    c.res.headers.append("Server-Timing", `${TIMING};desc=hit`);
    return;
  }

  await next();
  const rendered = c.res;
  if (method === "GET" && generation !== undefined && storable(rendered)) {
    const [forVisitor, forCache] = rendered.body!.tee();
    const headers = new Headers(rendered.headers);
    headers.set("cache-control", `max-age=${PAGE_MAX_AGE_SECONDS}`);
    // The generation read before rendering: a write during the render leaves this copy already stale.
    headers.set(GENERATION_HEADER, generation);
    c.executionCtx.waitUntil(safely(cache.put(url.href, new Response(forCache, { status: 200, headers })), undefined));
    c.res = new Response(forVisitor, rendered);
  }
  c.res.headers.append("Server-Timing", `${TIMING};desc=miss`);
};
