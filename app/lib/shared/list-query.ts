import * as v from "valibot";

export type SortOrder = "asc" | "desc";
export const PAGE_SIZE = 5;

export interface ListQuery<Sort extends string> {
  page: number;
  limit: number;
  sort: Sort;
  order: SortOrder;
}

const wholeNumber = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be ${max === Number.MAX_SAFE_INTEGER ? `${min} or more` : `${min} to ${max}`}`),
    v.maxValue(max, `${name} must be ${min} to ${max}`),
  );

/** `page`/`limit` of a paged list without a choice of order (the contract's paged list: limit 1–50, default 5). */
export const pagedListQuerySchema = v.object({
  page: v.optional(wholeNumber("page", 1, Number.MAX_SAFE_INTEGER), "1"),
  limit: v.optional(wholeNumber("limit", 1, 50), String(PAGE_SIZE)),
});

/**
 * The query of a paged, sorted list (?page=&limit=&sort=&order=): page ≥ 1, limit 1–50 (default 5),
 * sort one of the list's columns, order asc|desc (default asc).
 */
export function listQuerySchema<const Sort extends readonly [string, ...string[]]>(sorts: Sort, defaultSort: Sort[number]) {
  return v.object({
    ...pagedListQuerySchema.entries,
    sort: v.optional(v.picklist(sorts, `sort must be one of: ${sorts.join(", ")}`), defaultSort),
    order: v.optional(v.picklist(["asc", "desc"], "order must be asc or desc"), "asc"),
  });
}

/** `page`/`limit` alone (a category's cars): page ≥ 1, limit 1–100 (default 50). */
export const pageQuerySchema = v.object({
  page: v.optional(wholeNumber("page", 1, Number.MAX_SAFE_INTEGER), "1"),
  limit: v.optional(wholeNumber("limit", 1, 100), "50"),
});

/** For pages: a bad value in the URL falls back to its default instead of failing. */
export function parseListQueryLeniently<Sort extends string>(
  schema: v.GenericSchema<Record<string, string>, ListQuery<Sort>>,
  params: URLSearchParams,
): ListQuery<Sort> {
  const entries: Record<string, string> = {};
  for (const key of ["page", "limit", "sort", "order"]) {
    const value = params.get(key);
    if (value === null) continue;
    if (v.safeParse(schema, { [key]: value }).success) entries[key] = value;
  }
  return v.parse(schema, entries);
}

/** Clicking the sorted column flips its order; clicking another column sorts it ascending. */
export function nextSort<Sort extends string>(current: { sort: Sort; order: SortOrder }, clicked: Sort): { sort: Sort; order: SortOrder } {
  if (current.sort === clicked) return { sort: clicked, order: current.order === "asc" ? "desc" : "asc" };
  return { sort: clicked, order: "asc" };
}

export function totalPages(total: number, limit: number): number {
  return total === 0 ? 0 : Math.ceil(total / limit);
}

/** The `?page=` (or another parameter's page number) of a page's URL: a whole number of at most 9 digits, else 1. */
export function pageFromUrl(url: string, parameter = "page"): number {
  const result = v.safeParse(pageQuerySchema, { page: new URL(url).searchParams.get(parameter) ?? undefined });
  return result.success ? result.output.page : 1;
}
