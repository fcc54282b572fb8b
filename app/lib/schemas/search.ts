import * as v from "valibot";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "./catalog";

// The search query of `GET /api/products` and the /cars page (../shared/api-contract.md "Search
// query"): every parameter optional, every filter narrowing the result.

export const SEARCH_SORTS = ["newest", "price_asc", "price_desc", "mileage_asc", "year_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 24;
export const FACETS = ["make", "location", "condition", "categoryId"] as const;
export type Facet = (typeof FACETS)[number];

const number = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be ${min} to ${max}`),
    v.maxValue(max, `${name} must be ${min} to ${max}`),
  );

const text = (name: string, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(max, `${name} must be at most ${max} characters`),
    v.transform((value) => value || undefined),
  );

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  v.picklist(values, `${name} must be one of: ${values.join(", ")}`);

export const searchQuerySchema = v.pipe(
  v.object({
    q: v.optional(text("q", 100)),
    categoryId: v.optional(text("categoryId", 64)),
    sellerId: v.optional(text("sellerId", 64)),
    make: v.optional(text("make", 40)),
    model: v.optional(text("model", 60)),
    location: v.optional(oneOf("location", LOCATIONS)),
    condition: v.optional(oneOf("condition", CONDITIONS)),
    transmission: v.optional(oneOf("transmission", TRANSMISSIONS)),
    fuel: v.optional(oneOf("fuel", FUELS)),
    minPrice: v.optional(number("minPrice", 0, 10_000_000)),
    maxPrice: v.optional(number("maxPrice", 0, 10_000_000)),
    minYear: v.optional(number("minYear", 1900, 2100)),
    maxYear: v.optional(number("maxYear", 1900, 2100)),
    maxMileage: v.optional(number("maxMileage", 0, 2_000_000)),
    sort: v.optional(oneOf("sort", SEARCH_SORTS), "newest"),
    page: v.optional(number("page", 1, 100_000_000), "1"),
    limit: v.optional(number("limit", 1, 50), String(SEARCH_PAGE_SIZE)),
  }),
  v.forward(
    v.partialCheck(
      [["minPrice"], ["maxPrice"]],
      ({ minPrice, maxPrice }) => minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
      "minPrice must not be more than maxPrice",
    ),
    ["minPrice"],
  ),
  v.forward(
    v.partialCheck(
      [["minYear"], ["maxYear"]],
      ({ minYear, maxYear }) => minYear === undefined || maxYear === undefined || minYear <= maxYear,
      "minYear must not be later than maxYear",
    ),
    ["minYear"],
  ),
);

export type SearchQuery = v.InferOutput<typeof searchQuerySchema>;
export type SearchFilters = Omit<SearchQuery, "sort" | "page" | "limit">;
