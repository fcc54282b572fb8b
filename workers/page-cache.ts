// Public pages, kept in this data centre's cache (Workers Cache API) and served to the next visitor
// as they were stored, bytes and headers, the Content-Security-Policy included (decision records 19,
// 29 and 31). Each is rendered once for every anonymous visitor and once for every signed-in one
// whose browser runs our scripts: that copy names nobody, and the visitor's personal data comes after
// hydration in one private request (app/lib/site/personal-page-data.tsx).

import { type MiddlewareHandler } from "hono";
import { SESSION_COOKIE } from "~/.server/auth/sessions";
import { EVERY_PAGE, PAGE_TAGS, tagsToRenew } from "~/.server/page-changes";
import { INFO_PAGES, PATHS } from "~/lib/shared/paths";
import { SCRIPTS_COOKIE } from "~/lib/site/scripts-cookie";
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
 * rendered afresh, never stored), whether signed-in visitors get the copy rendered for them all
 * (`members`: not a category's page, which only they may see, nor a seller's, where the seller
 * answers reviews and admins remove them), and the tags of what each shows that a write can change
 * (app/.server/page-changes.ts), from its path's parameter. Blog and information pages change with
 * a deployment only.
 */
const PUBLIC_PAGES: { path: RegExp; params: readonly string[]; members: boolean; tags: (id: string) => string[] }[] = [
  ...[PATHS.blog, ...INFO_PAGES.map((slug) => `/${slug}`)].map((path) => ({
    path: pattern(path),
    params: [],
    members: true,
    tags: () => [],
  })),
  ...[PATHS.home, PATHS.homeAlias].map((path) => ({ path: pattern(path), params: [], members: true, tags: () => [PAGE_TAGS.carLists] })),
  { path: pattern(PATHS.categories), params: ["page"], members: true, tags: () => [PAGE_TAGS.carLists] },
  { path: pattern(PATHS.search), params: SEARCH_PARAMETERS, members: true, tags: () => [PAGE_TAGS.carLists] },
  { path: pattern(PATHS.category), params: SEARCH_PARAMETERS, members: false, tags: () => [PAGE_TAGS.carLists] },
  // A car's page also shows similar cars: another car's change reaches it within PAGE_MAX_AGE_SECONDS.
  { path: pattern(PATHS.car), params: [], members: true, tags: (id) => [PAGE_TAGS.car(id)] },
  { path: pattern(PATHS.seller), params: ["page", "reviews"], members: false, tags: (id) => [PAGE_TAGS.seller(id)] },
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
    if (match) return { params: page.params, members: page.members, tags: page.tags(match[1] ?? "") };
  }
  return undefined;
}

/**
 * Whose page a request may get: everyone's (no cookie but the scripts one), every signed-in
 * visitor's (a session and the scripts cookie, nothing else), or only its own: any other cookie (a
 * toast to show, a sign-in under way, a session in a browser without our scripts) or credentials.
 */
function visitorOf(request: Request): "anonymous" | "signed-in" | "own" {
  if (request.headers.has("authorization")) return "own";
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0].trim())
    .filter((name) => name !== "");
  if (names.every((name) => name === SCRIPTS_COOKIE)) return "anonymous";
  const signedIn = names.includes(SESSION_COOKIE) && names.includes(SCRIPTS_COOKIE);
  return signedIn && names.every((name) => name === SESSION_COOKIE || name === SCRIPTS_COOKIE) ? "signed-in" : "own";
}

/** The request a page rendered for everyone sees: no cookie nor credentials, so nobody's data can go into it. */
export function requestForEveryone(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("cookie");
  headers.delete("authorization");
  return new Request(request, { headers });
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

/**
 * After a write: new versions for the tags it changed, or a new generation when it did not say what
 * it changed; nothing when it changed no row a public page shows (page-changes.ts, tagsToRenew).
 */
async function startNewVersions(origin: string, changed: ReadonlySet<string>): Promise<void> {
  const names = tagsToRenew(changed);
  if (names.length === 0) return;
  const cache = await openPages();
  // Kept longer than any page; if one is evicted, pages stored since are at most PAGE_MAX_AGE_SECONDS old anyway.
  const headers = { "cache-control": "max-age=86400" };
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
 * Serves GET/HEAD requests for public pages from the cache (see visitorOf), and stores what it renders
 * for them (from requestForEveryone); a successful write first makes the pages it changed stale (see versionsOf). Runs
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
  const visitor = visitorOf(c.req.raw);
  const shared = visitor === "anonymous" || (visitor === "signed-in" && page.members);
  if (!shared || ![...url.searchParams.keys()].every((name) => page.params.includes(name))) {
    await next();
    c.res.headers.append("Server-Timing", `${TIMING};desc=bypass`);
    return;
  }
  c.var.app.sharedPage = { member: visitor === "signed-in" };
  // The signed-in visitors' copy is kept under a key of its own.
  const key = visitor === "signed-in" ? `${url.origin}/__page-cache/signed-in${url.pathname}${url.search}` : url.href;

  const cache = await safely(openPages(), undefined);
  if (!cache) return next();
  // A hard reload (Cache-Control: no-cache) gets a page rendered now, which then replaces the stored one.
  const reload = /\bno-cache\b/.test(c.req.header("cache-control") ?? "");
  // Nothing found when the cache fails: the page is rendered, and not stored.
  const [stored, versions] =
    (await safely(Promise.all([reload ? undefined : cache.match(key), versionsOf(cache, url.origin, page.tags)]), undefined)) ?? [];
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
    c.executionCtx.waitUntil(safely(cache.put(key, new Response(forCache, { status: 200, headers })), undefined));
    c.res = new Response(forVisitor, rendered);
  }
  c.res.headers.append("Server-Timing", `${TIMING};desc=miss`);
};
