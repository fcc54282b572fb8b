// The pure parts of the mixed-traffic bench (`npm run bench -- --mix`): a seeded PRNG, a Zipf
// sampler, the 5,000 distinct searches, the shares of each kind of request, the writer's schedule,
// and percentiles. mix-run.ts drives them against the running app.
import { CONDITIONS, LOCATIONS } from "../../app/lib/schemas/catalog.ts";
import { BRANDS, MODELS, prng } from "./seed-large.ts";

/** A seeded PRNG, uniform in [0, 1) (seed-large's mulberry32). */
export const seededRandom = (seed: number): (() => number) => prng(seed).next;

/**
 * Ranks 0 … n − 1 drawn with probability ∝ 1 / (rank + 1)^s: rank 0 the most often, the long tail
 * rarely (s = 1 over 5,000 ranks: the first gives 11 % of the draws, ranks past 100 give 43 %).
 */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`A Zipf sampler needs at least one rank, not ${n}`);
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = total += 1 / (rank + 1) ** s;
  return () => {
    const target = random() * total;
    // The first rank whose cumulative weight exceeds the target (binary search).
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] > target) high = middle;
      else low = middle + 1;
    }
    return low;
  };
}

const PRICE_BANDS = [
  [5000, 10000],
  [10000, 15000],
  [10000, 20000],
  [15000, 25000],
  [20000, 30000],
  [25000, 40000],
] as const;
const SORTS = ["price_asc", "price_desc", "mileage_asc", "year_desc"] as const;
const KEYWORDS = [...BRANDS, ...MODELS, "hybrid", "single owner", "service history", "new tyres", "ice cold", "city"].map((word) =>
  word.toLowerCase(),
);

/**
 * `count` distinct search query strings as `GET /api/products` and /cars take them, in a fixed
 * shuffled order (rank 0 first): keywords, one to three filters (make, model, location, condition,
 * price band, years, mileage), some with a sort, some on page 2.
 */
export function searchQueries(count: number, seed = 20261127): string[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
  const parts: (() => string)[] = [
    () => `q=${encodeURIComponent(pick(KEYWORDS))}`,
    () => `make=${pick(BRANDS)}`,
    () => `make=${pick(BRANDS)}&model=${pick(MODELS)}`,
    () => `location=${pick(LOCATIONS)}`,
    () => `condition=${pick(CONDITIONS)}`,
    () => {
      const [min, max] = pick(PRICE_BANDS);
      return `minPrice=${min}&maxPrice=${max}`;
    },
    () => {
      const from = 2008 + Math.floor(random() * 12);
      return `minYear=${from}&maxYear=${from + 1 + Math.floor(random() * 4)}`;
    },
    () => `maxMileage=${(2 + Math.floor(random() * 15)) * 10000}`,
  ];
  const seen = new Set<string>();
  const queries: string[] = [];
  for (let attempts = 0; queries.length < count; attempts++) {
    if (attempts > count * 100) throw new Error(`Could only make ${queries.length} distinct searches of ${count}`);
    const chosen = new Set<number>();
    const size = 1 + Math.floor(random() * 3);
    while (chosen.size < size) chosen.add(Math.floor(random() * parts.length));
    // Filters in a fixed order, so one search is one string (one cache key) however it was drawn.
    const filters = [...chosen].sort((a, b) => a - b).map((index) => parts[index]());
    if (random() < 0.3) filters.push(`sort=${pick(SORTS)}`);
    if (random() < 0.1) filters.push("page=2");
    const query = filters.join("&");
    if (seen.has(query)) continue;
    seen.add(query);
    queries.push(query);
  }
  return queries;
}

/** The kinds of request the mix sends; the writes are the writer's, once a second. */
export const READ_KINDS = [
  "home",
  "home-signed-in",
  "search-page",
  "search-page-signed-in",
  "car-page",
  "car-page-signed-in",
  "visitor-parts",
  "api-search",
  "api-product",
  "api-advertised",
] as const;
export const WRITE_KINDS = ["new-listing", "price-edit", "sale"] as const;
export type ReadKind = (typeof READ_KINDS)[number];
export type WriteKind = (typeof WRITE_KINDS)[number];
export type MixKind = ReadKind | WriteKind;

/** What each kind is, as the report names it. */
export const KIND_LABELS: Record<MixKind, string> = {
  home: "GET / (Home)",
  "home-signed-in": "GET / (Home, signed in)",
  "search-page": "GET /cars?… (search page)",
  "search-page-signed-in": "GET /cars?… (search page, signed in)",
  "car-page": "GET /cars/:id (car page)",
  "car-page-signed-in": "GET /cars/:id (car page, signed in)",
  "visitor-parts": "GET /visitor-parts (a signed-in page's own parts)",
  "api-search": "GET /api/products?… (search)",
  "api-product": "GET /api/products/:id",
  "api-advertised": "GET /api/products/advertisement",
  "new-listing": "write: POST /api/products/add",
  "price-edit": "write: PATCH /api/products/:id (price)",
  sale: "write: sale (book, pay: 4 requests)",
};

/**
 * The visitors' requests by share (the writer's once a second come on top). Of page views, 30 % are
 * signed in: each page's share is split 70 / 30, and each signed-in page view is followed by its
 * visitor's parts (their browser runs our scripts: decision record 31); the shares sum to 1.
 */
export const READ_SHARES = { home: 0.15, searchPage: 0.2, carPage: 0.3, apiSearch: 0.15, apiCar: 0.15, apiAdvertised: 0.05 };
export const SIGNED_IN_SHARE = 0.3;

export function readShares(signedIn = SIGNED_IN_SHARE): Record<ReadKind, number> {
  const split = (share: number) => [share * (1 - signedIn), share * signedIn] as const;
  const [home, homeSignedIn] = split(READ_SHARES.home);
  const [searchPage, searchPageSignedIn] = split(READ_SHARES.searchPage);
  const [carPage, carPageSignedIn] = split(READ_SHARES.carPage);
  const personalPageRequests = homeSignedIn + searchPageSignedIn + carPageSignedIn;
  const shares: Record<ReadKind, number> = {
    home,
    "home-signed-in": homeSignedIn,
    "search-page": searchPage,
    "search-page-signed-in": searchPageSignedIn,
    "car-page": carPage,
    "car-page-signed-in": carPageSignedIn,
    "visitor-parts": personalPageRequests,
    "api-search": READ_SHARES.apiSearch,
    "api-product": READ_SHARES.apiCar,
    "api-advertised": READ_SHARES.apiAdvertised,
  };
  const total = 1 + personalPageRequests;
  for (const kind of READ_KINDS) shares[kind] /= total;
  return shares;
}

/** Draws kinds with the given shares (they need not sum to 1). */
export function kindPicker<K extends string>(shares: Record<K, number>, random: () => number): () => K {
  const kinds = (Object.keys(shares) as K[]).filter((kind) => shares[kind] > 0);
  if (kinds.length === 0) throw new Error("No kind of request has a share");
  const total = kinds.reduce((sum, kind) => sum + shares[kind], 0);
  return () => {
    let target = random() * total;
    for (const kind of kinds) {
      target -= shares[kind];
      if (target < 0) return kind;
    }
    return kinds[kinds.length - 1];
  };
}

/** The writer's n-th write (n = 0, 1, …): two new listings and two price edits for every sale. */
const WRITE_CYCLE: WriteKind[] = ["new-listing", "price-edit", "sale", "new-listing", "price-edit"];
export const writeKindAt = (n: number): WriteKind => WRITE_CYCLE[n % WRITE_CYCLE.length];

/** When (ms after the start) each write of a run of `seconds` is due: one a second, the first after half a second. */
export function writeTimes(seconds: number, perSecond = 1): number[] {
  const count = Math.floor(seconds * perSecond);
  return Array.from({ length: count }, (_, n) => Math.round(((n + 0.5) / perSecond) * 1000));
}

/** The p-th percentile (0–100) by nearest rank; undefined for no values. */
export function percentile(values: readonly number[], p: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** The median of values that each stand for `weight` requests (e.g. CPU per request of each kind, by its count). */
export function weightedMedian(items: readonly { value: number; weight: number }[]): number | undefined {
  const sorted = items.filter((item) => item.weight > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, item) => sum + item.weight, 0);
  let seen = 0;
  for (const item of sorted) {
    seen += item.weight;
    if (seen >= total / 2) return item.value;
  }
  return undefined;
}
