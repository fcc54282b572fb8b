import { and, asc, count, desc, type SQL, sql } from "drizzle-orm";
import { FACETS, type Facet, type SearchFilters, type SearchQuery } from "~/lib/schemas/search";
import { type PagedList, type Product } from "~/lib/types";
import { type AppContext } from "../context";
import { products } from "../db/schema";
import { selectProducts, toProduct } from "./products";

export interface FacetCount {
  value: string;
  count: number;
}
export type Facets = Record<Facet, FacetCount[]>;
export type SearchResult = PagedList<Product> & { facets: Facets };

/** At most this many values per facet (most frequent first): enough for any filter list. */
const FACET_VALUES = 50;
/** Words of a keyword search that count (the rest are ignored): the box is 100 characters. */
const MAX_WORDS = 12;

/**
 * The FTS5 query for keywords: every word (letters and digits) as a quoted prefix, all required.
 * Case and accents are folded by the index's tokenizer on both sides. Undefined: no words.
 */
export function keywordMatch(q: string | undefined): string | undefined {
  const words = q
    ?.normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS);
  return words?.length ? words.map((word) => `"${word}"*`).join(" ") : undefined;
}

// Written with the table's name: inside sub-selects Drizzle may leave columns unqualified.
const column = (name: string) => sql.raw(`"products"."${name}"`);

/** Each filter's condition, by the facet it belongs to (or none): a facet's counts leave its own out. */
function conditions(filters: SearchFilters): { facet?: Facet; where: SQL }[] {
  const match = keywordMatch(filters.q);
  // With keywords the full-text index leads (the unary + keeps SQLite from starting at is_paid's
  // indexes, which would read every car for sale and test each against the matches).
  const found: { facet?: Facet; where: SQL }[] = [{ where: sql`${match ? sql.raw("+") : sql``}${column("is_paid")} = 0` }];
  if (match) found.push({ where: sql`${column("rowid")} in (select rowid from products_fts where products_fts match ${match})` });
  if (filters.categoryId) found.push({ facet: "categoryId", where: sql`${column("category_id")} = ${filters.categoryId}` });
  if (filters.sellerId) found.push({ where: sql`${column("seller_id")} = ${filters.sellerId}` });
  // Makes and models match whatever their letter case, through the index's nocase collation.
  if (filters.make) found.push({ facet: "make", where: sql`${column("make")} = ${filters.make} collate nocase` });
  if (filters.model) found.push({ where: sql`${column("model")} = ${filters.model} collate nocase` });
  if (filters.location) found.push({ facet: "location", where: sql`${column("location")} = ${filters.location}` });
  if (filters.condition) found.push({ facet: "condition", where: sql`${column("condition")} = ${filters.condition}` });
  if (filters.transmission) found.push({ where: sql`${column("transmission")} = ${filters.transmission}` });
  if (filters.fuel) found.push({ where: sql`${column("fuel")} = ${filters.fuel}` });
  if (filters.minPrice !== undefined) found.push({ where: sql`${column("resale_price")} >= ${filters.minPrice}` });
  if (filters.maxPrice !== undefined) found.push({ where: sql`${column("resale_price")} <= ${filters.maxPrice}` });
  if (filters.minYear !== undefined) found.push({ where: sql`${column("purchase_year")} >= ${filters.minYear}` });
  if (filters.maxYear !== undefined) found.push({ where: sql`${column("purchase_year")} <= ${filters.maxYear}` });
  if (filters.maxMileage !== undefined) found.push({ where: sql`${column("mileage_km")} <= ${filters.maxMileage}` });
  return found;
}

const ORDER: Record<SearchQuery["sort"], SQL[]> = {
  newest: [desc(products.createdAt), desc(products.id)],
  price_asc: [asc(products.resalePrice), desc(products.createdAt)],
  price_desc: [desc(products.resalePrice), desc(products.createdAt)],
  // Cars whose mileage is unknown come last.
  mileage_asc: [sql`${products.mileageKm} is null`, asc(products.mileageKm), desc(products.createdAt)],
  year_desc: [desc(products.purchaseYear), desc(products.createdAt)],
};

const FACET_COLUMN: Record<Facet, SQL> = {
  make: sql`${column("make")} collate nocase`,
  location: column("location"),
  condition: column("condition"),
  categoryId: column("category_id"),
};

/** The statements of one search: the page, the total, and one per facet (for a batch, and for EXPLAIN in tests). */
export function searchStatements(ctx: AppContext, query: SearchQuery) {
  const { sort, page, limit, ...filters } = query;
  const all = conditions(filters);
  const where = and(...all.map((condition) => condition.where));
  const facetQuery = (facet: Facet) => {
    const others = and(...all.filter((condition) => condition.facet !== facet).map((condition) => condition.where));
    return ctx.db
      .select({ value: sql<string>`min(${FACET_COLUMN[facet]})`, count: count() })
      .from(products)
      .where(and(others, sql`${FACET_COLUMN[facet]} is not null`))
      .groupBy(FACET_COLUMN[facet])
      .orderBy(desc(count()), asc(sql`1`))
      .limit(FACET_VALUES);
  };
  return [
    selectProducts(ctx)
      .where(where)
      .orderBy(...ORDER[sort])
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(products).where(where),
    ...(FACETS.map(facetQuery) as [ReturnType<typeof facetQuery>, ...ReturnType<typeof facetQuery>[]]),
  ] as const;
}

/**
 * One page of unsold cars matching every filter (AND), with the total and, per facet, the counts of
 * cars matching every filter but that facet's own. Page, total and facets go in one batch.
 */
export async function searchProducts(ctx: AppContext, query: SearchQuery): Promise<SearchResult> {
  const [rows, [{ total }], ...facetRows] = await ctx.db.batch(searchStatements(ctx, query));
  return {
    data: rows.map(toProduct),
    total,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    facets: Object.fromEntries(FACETS.map((facet, index) => [facet, facetRows[index]])) as Facets,
  };
}
