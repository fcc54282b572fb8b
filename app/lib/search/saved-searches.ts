import * as v from "valibot";
import { fuelWord, mileageWords, transmissionWord } from "../catalog/car-listing";
import { formatPrice } from "../shared/format";
import { PATHS } from "../shared/paths";
import { PAGE_FILTERS } from "./search-params";
import { searchQuerySchema, type SearchQuery } from "../schemas/search";

// A saved search is stored as the query string `GET /api/products` takes, normalized: only the
// filters and the sort (never the page or its size), defaults left out, in one fixed order, so the
// same search saved twice is the same string. Its name is derived from it when shown.

export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_LIMIT_MESSAGE = `You can keep at most ${SAVED_SEARCH_LIMIT} saved searches`;

/** The parameters a saved search keeps, in the order it stores them: the page's filters, the seller and the sort. */
const KEPT = [...PAGE_FILTERS, "sellerId", "sort"] as const;

export type NormalizedSearch =
  { ok: true; query: string; search: SearchQuery } | { ok: false; message: string; issues: { path: string; message: string }[] };

/**
 * Checks a query string as `GET /api/products` would (unknown parameters are ignored, as there)
 * and gives its normalized form. A search needs at least one filter: "every car" is not a search.
 */
export function normalizeSearchQuery(raw: string): NormalizedSearch {
  const params = new URLSearchParams(raw.trim().replace(/^\?/, ""));
  const input: Record<string, string> = {};
  for (const key of KEPT) {
    const value = params.get(key);
    if (value !== null) input[key] = value;
  }
  const result = v.safeParse(searchQuerySchema, input);
  if (!result.success) {
    const issues = result.issues.map((issue) => ({ path: `query.${v.getDotPath(issue) ?? ""}`, message: issue.message }));
    return { ok: false, message: issues[0].message, issues };
  }
  return savedSearchOf(result.output);
}

/** A parsed search as a saved search keeps it (a search page's "Save this search"). */
export function savedSearchOf(search: SearchQuery): NormalizedSearch {
  const normalized = new URLSearchParams();
  for (const key of KEPT) {
    const value = search[key];
    if (value === undefined || (key === "sort" && value === "newest")) continue;
    normalized.set(key, String(value));
  }
  if (KEPT.every((key) => key === "sort" || search[key] === undefined)) {
    const message = "Choose at least one filter or keyword to save a search";
    return { ok: false, message, issues: [{ path: "query", message }] };
  }
  return { ok: true, query: normalized.toString(), search };
}

/** The /cars page showing a stored search. */
export const savedSearchHref = (query: string) => `${PATHS.search}?${query}`;

const range = (min: string | undefined, max: string | undefined, below: string, above: string) => {
  if (min && max) return min === max ? `at ${min}` : `${min}–${max}`;
  if (max) return `${below} ${max}`;
  if (min) return `${above} ${min}`;
  return null;
};

/**
 * A saved search in words, e.g. "Toyota under $20,000 in Dhaka" or "Used hybrid cars matching
 * “single owner”, from 2015". `categoryName` spells a category id out.
 */
export function savedSearchName(query: string, categoryName?: (id: string) => string | undefined): string {
  const params = new URLSearchParams(query);
  const get = (key: string) => params.get(key) ?? undefined;
  const price = (key: string) => (get(key) ? formatPrice(Number(get(key))) : undefined);
  const category = get("categoryId") && (categoryName?.(get("categoryId")!) ?? "cars in one category");
  const fuel = get("fuel") && fuelWord(get("fuel") as Parameters<typeof fuelWord>[0]);
  const transmission = get("transmission") && transmissionWord(get("transmission") as Parameters<typeof transmissionWord>[0]);
  const adjectives = [transmission, fuel].filter(Boolean).map((word, index) => (index === 0 ? word! : word!.toLowerCase()));
  const nouns = [get("make"), get("model"), category].filter(Boolean);
  const named = [...adjectives, ...(nouns.length > 0 ? nouns : [adjectives.length > 0 ? "cars" : "Cars"])].join(" ");
  const parts = [
    named,
    get("q") && `matching “${get("q")}”`,
    range(price("minPrice"), price("maxPrice"), "under", "over"),
    get("location") && `in ${get("location")}`,
  ].filter(Boolean);
  const more = [
    range(get("minYear"), get("maxYear"), "up to", "from"),
    get("maxMileage") && `under ${mileageWords(Number(get("maxMileage")))}`,
    get("condition") && `in ${get("condition")!.toLowerCase()} condition`,
    get("sellerId") && "from one seller",
  ].filter(Boolean);
  return [parts.join(" "), ...more].join(", ");
}
