import * as v from "valibot";
import { fuelWord, mileageWords, transmissionWord } from "../catalog/car-listing";
import { formatPrice } from "../shared/format";
import { PATHS } from "../shared/paths";
import { SEARCH_PAGE_SIZE, searchQuerySchema, type SearchQuery, type SearchSort } from "../schemas/search";

// The search pages' state (/cars and a category's page) as it lives in the URL: read leniently,
// written back without defaults, and named for chips, titles and canonical links.

/** The filters a page offers, in the order of the form and of the chips. */
export const PAGE_FILTERS = [
  "q",
  "categoryId",
  "make",
  "model",
  "location",
  "condition",
  "transmission",
  "fuel",
  "minPrice",
  "maxPrice",
  "minYear",
  "maxYear",
  "maxMileage",
] as const;
export type PageFilter = (typeof PAGE_FILTERS)[number];

export const SORT_LABELS: Record<SearchSort, string> = {
  newest: "Newest first",
  price_asc: "Price: low to high",
  price_desc: "Price: high to low",
  mileage_asc: "Lowest mileage",
  year_desc: "Newest model year",
};

/**
 * The query of a search page's URL. A value the API would refuse (a word for a price, an unknown
 * sort, a minimum above its maximum) is dropped and the rest kept, so a hand-edited or old link
 * still shows cars. The page size is the page's own; `fixed` values (a category page's category) win.
 */
export function parseSearchLeniently(params: URLSearchParams, fixed: Partial<Record<PageFilter, string>> = {}): SearchQuery {
  const entries: Record<string, string> = {};
  for (const key of [...PAGE_FILTERS, "sort", "page"] as const) {
    const value = params.get(key);
    if (value !== null && v.safeParse(searchQuerySchema, { [key]: value }).success) entries[key] = value;
  }
  // A cursor is checked against the sort beside it (below), not alone.
  for (const key of ["after", "before"] as const) {
    const value = params.get(key);
    if (value !== null) entries[key] = value;
  }
  Object.assign(entries, fixed);
  // Values fine alone may clash (minPrice above maxPrice): drop the one each issue names.
  for (;;) {
    const result = v.safeParse(searchQuerySchema, { ...entries, limit: String(SEARCH_PAGE_SIZE) });
    if (result.success) return result.output;
    const keys = result.issues.map((issue) => v.getDotPath(issue)).filter((key): key is string => !!key && key in entries);
    if (keys.length === 0) return v.parse(searchQuerySchema, { ...fixed });
    for (const key of keys) delete entries[key];
  }
}

/** The filters in effect, in the form's order. */
export function activeFilters(query: SearchQuery, omit: readonly PageFilter[] = []): PageFilter[] {
  return PAGE_FILTERS.filter((key) => query[key] !== undefined && !omit.includes(key));
}

/**
 * The URL of `path` for a query, changed by `changes` (undefined removes a value). Defaults (newest,
 * page 1) and `omit`ted keys (fixed by the path) stay out of it.
 */
export function searchHref(
  path: string,
  query: SearchQuery,
  changes: Partial<Record<PageFilter | "sort" | "page" | "after" | "before", string | number | undefined>> = {},
  omit: readonly PageFilter[] = [],
): string {
  // A cursor is kept only when the change names one (a pager's link): any other change starts over.
  const next: Record<string, unknown> = { ...query, after: undefined, before: undefined, ...changes };
  const params = new URLSearchParams();
  for (const key of [...PAGE_FILTERS, "sort", "page", "after", "before"] as const) {
    const value = next[key];
    if (value === undefined || omit.includes(key as PageFilter)) continue;
    if ((key === "sort" && value === "newest") || (key === "page" && Number(value) === 1)) continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

const LABELS: Record<PageFilter, string> = {
  q: "Keywords",
  categoryId: "Category",
  make: "Make",
  model: "Model",
  location: "Location",
  condition: "Condition",
  transmission: "Transmission",
  fuel: "Fuel",
  minPrice: "Min price",
  maxPrice: "Max price",
  minYear: "From year",
  maxYear: "To year",
  maxMileage: "Max mileage",
};

/** A filter in words, e.g. "Max price $5,000" or "Keywords “hybrid”" (chips, the empty page's advice). */
export function filterLabel(key: PageFilter, query: SearchQuery, categoryName?: (id: string) => string | undefined): string {
  const value = query[key];
  const shown = (() => {
    switch (key) {
      case "q":
        return `“${String(value)}”`;
      case "categoryId":
        return categoryName?.(String(value)) ?? String(value);
      case "minPrice":
      case "maxPrice":
        return formatPrice(Number(value));
      case "maxMileage":
        return mileageWords(Number(value));
      case "transmission":
        return transmissionWord(query.transmission ?? null);
      case "fuel":
        return fuelWord(query.fuel ?? null);
      default:
        return String(value);
    }
  })();
  return `${LABELS[key]} ${shown}`;
}

/**
 * What search engines should index: a make's or a category's landing page (/cars?make=Toyota,
 * /cars?categoryId=…, and its later pages). Every other state points at the landing page its make
 * and category give, or at plain /cars: sorts, keywords and narrower filters are not pages of their own.
 */
export function canonicalSearchPath(query: SearchQuery): string {
  const landing = { make: query.make, categoryId: query.categoryId };
  const isLanding = query.sort === "newest" && activeFilters(query).every((key) => key === "make" || key === "categoryId");
  const params = new URLSearchParams();
  if (landing.make) params.set("make", landing.make);
  if (landing.categoryId) params.set("categoryId", landing.categoryId);
  if (isLanding && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `${PATHS.search}?${search}` : PATHS.search;
}

/** The heading and title of a search page: "Used Toyota SUV cars for sale". */
export function searchHeadline(make: string | undefined, categoryName: string | undefined): string {
  return `Used ${[make, categoryName].filter(Boolean).join(" ")}${make || categoryName ? " " : ""}cars for sale`;
}
