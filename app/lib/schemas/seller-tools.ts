import * as v from "valibot";
import { requiredText } from "./fields";

// The seller's own tools: My Products' filter, sort and search (in the URL), and the price
// suggestion asked for while listing.

export const MY_PRODUCTS_STATUSES = ["all", "for-sale", "sold", "booked-this-week"] as const;
export type MyProductsStatus = (typeof MY_PRODUCTS_STATUSES)[number];
export const MY_PRODUCTS_SORTS = ["newest", "oldest", "name", "price-high", "price-low"] as const;
export type MyProductsSort = (typeof MY_PRODUCTS_SORTS)[number];
export const MY_PRODUCTS_PAGE_SIZE = 20;

export const STATUS_WORDS: Record<MyProductsStatus, string> = {
  all: "All cars",
  "for-sale": "For sale",
  sold: "Sold",
  "booked-this-week": "Booked this week",
};
export const SORT_WORDS: Record<MyProductsSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A–Z)",
  "price-high": "Price, highest first",
  "price-low": "Price, lowest first",
};

const DEFAULTS = { status: "all", sort: "newest", q: "", page: 1 } as const;

export const myProductsQuerySchema = v.object({
  status: v.optional(v.picklist(MY_PRODUCTS_STATUSES, "Choose a status from the list"), DEFAULTS.status),
  sort: v.optional(v.picklist(MY_PRODUCTS_SORTS, "Choose an order from the list"), DEFAULTS.sort),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "Search at most 60 characters")), DEFAULTS.q),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, "Page must be a whole number"), v.transform(Number), v.minValue(1, "Page must be 1 or more")),
    "1",
  ),
});
export type MyProductsQuery = v.InferOutput<typeof myProductsQuerySchema>;

/** My Products' state from its URL; a value that is not one falls back to its default (a page never fails on it). */
export function parseMyProductsQuery(params: URLSearchParams): MyProductsQuery {
  const query: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = params.get(key);
    if (value === null) continue;
    const parsed = v.safeParse(myProductsQuerySchema, { [key]: value });
    if (parsed.success) query[key] = parsed.output[key];
  }
  return query as MyProductsQuery;
}

/** The make, model, year and mileage a price suggestion is made from (the query of its page); an empty mileage is none. */
export const priceSuggestionSchema = v.object({
  make: requiredText("Make is required", 40),
  model: requiredText("Model is required", 60),
  purchaseYear: v.pipe(
    v.string("Purchase's Year is required"),
    v.nonEmpty("Purchase's Year is required"),
    v.regex(/^\d{4}$/, "Purchase year must be a year such as 2018"),
    v.transform(Number),
    v.minValue(1950, "Purchase year must be 1950 or later"),
  ),
  mileageKm: v.optional(
    v.union(
      [
        v.pipe(
          v.literal(""),
          v.transform(() => undefined),
        ),
        v.pipe(v.string(), v.regex(/^\d{1,7}$/, "Mileage must be a whole number of km"), v.transform(Number)),
      ],
      "Mileage must be a whole number of km",
    ),
    "",
  ),
});
export type PriceSuggestionQuery = v.InferOutput<typeof priceSuggestionSchema>;
