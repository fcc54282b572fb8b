import * as v from "valibot";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "./catalog";

// The search query of `GET /api/products` and the /cars page (../shared/api-contract.md "Search
// query"): every parameter optional, every filter narrowing the result.

export const SEARCH_SORTS = ["newest", "price_asc", "price_desc", "mileage_asc", "year_desc"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_PAGE_SIZE = 24;
export const FACETS = ["make", "location", "condition", "categoryId"] as const;
export type Facet = (typeof FACETS)[number];

/**
 * A page's place in its sort (`after` / `before`, so a deep page is found by key, not read past
 * with OFFSET): the sort and one car's values of that sort's key, the last car of a page
 * (`nextCursor`) or its first (`previousCursor`). Sent as base64url JSON; opaque to clients.
 */
export interface SearchCursor {
  sort: SearchSort;
  values: (string | number | null)[];
}

// Each sort's key, as the types of its values: the sort's own column (a number; mileage may be
// unknown), then the listing's date and id, which make the order total.
const CURSOR_VALUES: Record<SearchSort, ("string" | "number" | "number?")[]> = {
  newest: ["string", "string"],
  price_asc: ["number", "string", "string"],
  price_desc: ["number", "string", "string"],
  mileage_asc: ["number?", "string", "string"],
  year_desc: ["number", "string", "string"],
};

export function encodeCursor(cursor: SearchCursor): string {
  return btoa(JSON.stringify([cursor.sort, ...cursor.values]))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

/** The cursor a string holds, or undefined when it is not one of ours. */
export function decodeCursor(raw: string): SearchCursor | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(raw.replaceAll("-", "+").replaceAll("_", "/")));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed)) return undefined;
  const [sort, ...values] = parsed as unknown[];
  const types = CURSOR_VALUES[sort as SearchSort];
  if (!types || !(SEARCH_SORTS as readonly unknown[]).includes(sort) || values.length !== types.length) return undefined;
  const fits = values.every((value, index) => {
    const type = types[index];
    if (type === "number?" && value === null) return true;
    return type === "string" ? typeof value === "string" && value.length <= 64 : Number.isFinite(value);
  });
  return fits ? { sort: sort as SearchSort, values: values as SearchCursor["values"] } : undefined;
}

const cursor = (name: string) =>
  v.pipe(
    v.string(),
    v.maxLength(400, `${name} must be a cursor from a previous answer's nextCursor or previousCursor`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const decoded = decodeCursor(dataset.value);
      if (decoded) return decoded;
      addIssue({ message: `${name} must be a cursor from a previous answer's nextCursor or previousCursor` });
      return NEVER;
    }),
  );

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

/** GET /api/products' parameters, each alone (the checks between them follow in searchQuerySchema). */
const searchParameters = {
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
  after: v.optional(cursor("after")),
  before: v.optional(cursor("before")),
};

/** The names of the search's query parameters (what a cached search page's URL may carry). */
export const SEARCH_PARAMETERS = Object.keys(searchParameters) as (keyof typeof searchParameters)[];

export const searchQuerySchema = v.pipe(
  v.object(searchParameters),
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
  v.forward(
    v.partialCheck(
      [["after"], ["sort"]],
      ({ after, sort }) => after === undefined || after.sort === sort,
      "after is a cursor of another sort: send the sort it came with",
    ),
    ["after"],
  ),
  v.forward(
    v.partialCheck(
      [["before"], ["sort"]],
      ({ before, sort }) => before === undefined || before.sort === sort,
      "before is a cursor of another sort: send the sort it came with",
    ),
    ["before"],
  ),
  v.forward(
    v.partialCheck([["after"], ["before"]], ({ after, before }) => !after || !before, "send after or before, not both"),
    ["before"],
  ),
);

export type SearchQuery = v.InferOutput<typeof searchQuerySchema>;
export type SearchFilters = Omit<SearchQuery, "sort" | "page" | "limit" | "after" | "before">;
