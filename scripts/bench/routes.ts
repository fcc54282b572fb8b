import { DEMO_PASSWORD } from "../seed/demo-data.ts";
import { accessToken, accessTokens, sessionCookie } from "./auth.ts";
import { type BenchData } from "./databases.ts";
import { type RequestPlan } from "./load.ts";
import { type Dataset, type RouteKind } from "./report.ts";
import { RENDER_ONLY_PREFIX } from "../../app/bench/routes.ts";
import { HOME_SIZED_FROM_CACHE_PATH, HOME_SIZED_PATH } from "./workerd.ts";

const ADMIN = "admin@autoreseller.test";
const BUYER = "buyer@autoreseller.test";

export interface RouteSpec {
  name: string;
  kind: RouteKind;
  datasets: Dataset[];
  plan(data: Dataset): RequestPlan;
  /** A p99 goal of the route's own, checked on the large catalogue. */
  p99GoalMs?: number;
  /** The route's Worker CPU goal (ms a request), checked on the large catalogue. */
  cpuGoalMs?: number;
  /** Measured on the baseline Worker instead of the app (the "ceiling" rows). */
  onBaseline?: boolean;
  /** A page that may not be built yet: skipped (and said so) when its first request answers 404. */
  optional?: boolean;
  /** A render-only row: the name of the page it copies. */
  copyOf?: string;
}

/** Credentials one app (one dataset) needs for the measured routes. */
export interface Credentials {
  cookie: string;
  buyerToken: string;
  adminToken: string;
  /** Tokens of the buyers who have never booked anything (large catalogue only). */
  freshTokens: string[];
}

export async function signInAll(appUrl: string, data: BenchData): Promise<Credentials> {
  return {
    cookie: await sessionCookie(appUrl, BUYER, DEMO_PASSWORD),
    buyerToken: await accessToken(appUrl, BUYER, DEMO_PASSWORD),
    adminToken: await accessToken(appUrl, ADMIN, DEMO_PASSWORD),
    freshTokens: await accessTokens(appUrl, data.freshBuyers, DEMO_PASSWORD),
  };
}

/** Round-robin over a list, so successive requests hit different rows. */
function cycle<T>(items: T[]) {
  let index = 0;
  return () => items[index++ % items.length];
}

// The searches, cycled request by request: words a buyer types (one matching a few cars, one a
// twelfth of the large catalogue, one about 40% of it), filters alone and combined, and filters
// with a sort. The same queries run on both catalogues; the demo one has other makes and models,
// so some match nothing there, as real searches do.
const KEYWORDS = ["toyota", "corolla", "hybrid", "single owner", "honda civic", "axio"];
const FILTERS = [
  "make=Toyota",
  "location=Dhaka",
  "minPrice=10000&maxPrice=20000",
  "make=Honda&location=Chittagong",
  "location=Sylhet&minPrice=15000&maxPrice=30000",
  "make=Nissan&condition=Good",
];
const FILTERS_SORTED = [
  "make=Toyota&maxPrice=20000&sort=price_asc",
  "make=Honda&location=Dhaka&sort=price_desc",
  "location=Khulna&maxPrice=25000&sort=price_asc",
  "maxMileage=80000&sort=mileage_asc",
  "minYear=2015&maxYear=2020&sort=year_desc",
];
/** The search's goal: every search answers within 100 ms (p99) at 100,000 cars. */
const SEARCH_P99_MS = 100;
/** The Worker CPU goals at 100,000 cars, ms a request. */
const CPU_GOAL_MS = { home: 3.5, searchPage: 4.5, carPage: 3.5, apiRead: 0.5 };
const searchPlan = (base: string, queries: string[]) => (): RequestPlan => {
  const query = cycle(queries);
  return { path: `${base}?${queries[0]}`, next: () => ({ path: `${base}?${query()}` }) };
};
const words = (list: string[]) => list.map((word) => `q=${encodeURIComponent(word)}`);

// Anonymous pages measured as rendered: any cookie keeps the page cache (workers/page-cache.ts) out,
// as it does for a visitor with one. The cached Home row shows what the cache serves instead.
const RENDERED = { cookie: "bench=rendered" };
const rendered =
  (plan: (data: Dataset) => RequestPlan) =>
  (data: Dataset): RequestPlan => {
    const planned = plan(data);
    return { ...planned, headers: { ...planned.headers, ...RENDERED } };
  };

/**
 * Each measured page's render-only copy (bench builds only, app/bench/routes.ts): the same page under
 * /__render-only, rendered from its first answer's data with no database, on the large catalogue. Each
 * cycles a few of its page's URLs, so the first answers are soon all in.
 */
export function renderOnlySpecs(pages: RouteSpec[]): RouteSpec[] {
  return pages.flatMap((page) => {
    if (page.kind !== "ssr") return [];
    return [
      {
        name: `render-only: ${page.name.replace(/ \(.*$/, "")}`,
        kind: "render-only" as const,
        datasets: ["large" as const],
        copyOf: page.name,
        plan: (d: Dataset) => {
          const planned = page.plan(d);
          // A plan with `next` draws every request's path from it (its own `path` may be a placeholder).
          const paths = planned.next ? Array.from({ length: 5 }, () => planned.next!().path ?? planned.path) : [planned.path];
          const path = cycle(paths.map((p) => `/${RENDER_ONLY_PREFIX}${p === "/" ? "" : p}`));
          return { ...planned, path: path(), next: () => ({ path: path() }) };
        },
      },
    ];
  });
}

/** The measured routes, in run order; read routes run on both datasets, the write on the large one. */
export function routeSpecs(data: Record<Dataset, BenchData>, creds: Record<Dataset, Credentials>): RouteSpec[] {
  const routes = measuredRoutes(data, creds);
  return [...routes, ...renderOnlySpecs(routes)];
}

function measuredRoutes(data: Record<Dataset, BenchData>, creds: Record<Dataset, Credentials>): RouteSpec[] {
  const both: Dataset[] = ["large", "small"];
  // Searches also run with no cached answers, as after any change to the catalogue.
  const searched: Dataset[] = ["large", "small", "large-cold", "small-cold"];
  return [
    { name: "GET / (Home, SSR)", kind: "ssr", datasets: both, cpuGoalMs: CPU_GOAL_MS.home, plan: rendered(() => ({ path: "/" })) },
    { name: "GET / (Home, from the page cache)", kind: "ssr-cached", datasets: both, plan: () => ({ path: "/" }) },
    // What a cached page can reach here at best: the runtime moving a page of Home's size, with no
    // cache read and no app around it.
    {
      name: "ceiling: fixed Home-sized page",
      kind: "ceiling",
      datasets: ["small"],
      onBaseline: true,
      plan: () => ({ path: HOME_SIZED_PATH }),
    },
    // And at best from the Cache API, as the page cache keeps pages and their versions: three reads a hit.
    {
      name: "ceiling: Home-sized page from the Cache API",
      kind: "ceiling",
      datasets: ["small"],
      onBaseline: true,
      plan: () => ({ path: HOME_SIZED_FROM_CACHE_PATH }),
    },
    {
      name: "GET /category/:id (SSR, signed in)",
      kind: "ssr",
      datasets: both,
      cpuGoalMs: CPU_GOAL_MS.searchPage,
      plan: (d) => {
        const id = cycle(data[d].categoryIds);
        return { path: "/category/x", headers: { cookie: creds[d].cookie }, next: () => ({ path: `/category/${id()}` }) };
      },
    },
    {
      name: "GET /cars/:id (car page, SSR)",
      kind: "ssr",
      datasets: both,
      cpuGoalMs: CPU_GOAL_MS.carPage,
      plan: rendered((d) => {
        const id = cycle(data[d].bookableCarIds.slice(0, 500));
        return { path: `/cars/${id()}`, next: () => ({ path: `/cars/${id()}` }) };
      }),
    },
    {
      name: "GET /sellers/:id (seller page, SSR)",
      kind: "ssr",
      datasets: both,
      plan: rendered((d) => {
        const id = cycle(data[d].sellerIds);
        return { path: `/sellers/${id()}`, next: () => ({ path: `/sellers/${id()}` }) };
      }),
    },
    {
      name: "GET /api/products/:id",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: both,
      plan: (d) => {
        const id = cycle(data[d].bookableCarIds.slice(0, 500));
        return { path: `/api/products/${id()}`, next: () => ({ path: `/api/products/${id()}` }) };
      },
    },
    {
      name: "GET /api/products/advertisement",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: both,
      plan: () => ({ path: "/api/products/advertisement" }),
    },
    {
      name: "GET /api/categories/:id (bearer)",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: both,
      plan: (d) => {
        const id = cycle(data[d].categoryIds);
        return {
          path: "/api/categories/x",
          headers: { authorization: `Bearer ${creds[d].buyerToken}` },
          next: () => ({ path: `/api/categories/${id()}` }),
        };
      },
    },
    {
      name: "GET /api/users/sellers?page=…&sort=name (admin)",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: both,
      plan: (d) => {
        const page = cycle(Array.from({ length: data[d].sellerPages }, (_, i) => i + 1));
        return {
          path: "/api/users/sellers?page=1&sort=name",
          headers: { authorization: `Bearer ${creds[d].adminToken}` },
          next: () => ({ path: `/api/users/sellers?page=${page()}&sort=name` }),
        };
      },
    },
    {
      name: "GET /api/products?q=… (keywords)",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: searched,
      p99GoalMs: SEARCH_P99_MS,
      plan: searchPlan("/api/products", words(KEYWORDS)),
    },
    {
      name: "GET /api/products?make=…&location=… (filters)",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: searched,
      p99GoalMs: SEARCH_P99_MS,
      plan: searchPlan("/api/products", FILTERS),
    },
    {
      name: "GET /api/products?…&sort=… (filters + sort)",
      kind: "api-read",
      cpuGoalMs: CPU_GOAL_MS.apiRead,
      datasets: searched,
      p99GoalMs: SEARCH_P99_MS,
      plan: searchPlan("/api/products", FILTERS_SORTED),
    },
    {
      name: "GET /cars?… (search page, SSR)",
      kind: "ssr",
      datasets: searched,
      optional: true,
      cpuGoalMs: CPU_GOAL_MS.searchPage,
      p99GoalMs: SEARCH_P99_MS,
      plan: rendered(searchPlan("/cars", [...words(KEYWORDS.slice(0, 2)), ...FILTERS.slice(0, 2), ...FILTERS_SORTED.slice(0, 2)])),
    },
    {
      name: "POST /api/bookings (fresh buyers)",
      kind: "api-write",
      datasets: ["large"],
      plan: (d) => {
        const tokens = creds[d].freshTokens;
        const cars = data[d].bookableCarIds;
        if (tokens.length === 0) throw new Error(`No fresh buyers in the ${d} database`);
        // Request n books car ⌊n / buyers⌋ for buyer n mod buyers: every (buyer, car) pair once.
        let n = 0;
        const next = () => {
          const buyer = n % tokens.length;
          const car = cars[Math.floor(n / tokens.length) % cars.length];
          n++;
          return {
            headers: { authorization: `Bearer ${tokens[buyer]}` },
            body: JSON.stringify({ product_id: car, phone: "+880 1700-000000", meetingLocation: "Dhaka, Gulshan 1" }),
          };
        };
        return { method: "POST", path: "/api/bookings", headers: { "content-type": "application/json" }, next };
      },
    },
  ];
}
