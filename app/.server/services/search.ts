import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { FACETS, type Facet, type SearchFilters, type SearchQuery } from "~/lib/schemas/search";
import { type Category, type PagedList, type Product } from "~/lib/types";
import { type AppContext } from "../context";
import { catalogueVersion, products } from "../db/schema";
import { categoriesQuery, toCategory } from "./categories";
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

const newest = [sql`${column("created_at")} desc`];
const ORDER: Record<SearchQuery["sort"], SQL[]> = {
  // Ties by id. (By rowid, which every index holds, SQLite would rather walk the newest cars and
  // test each against the filters than read a rare make's few cars through its index and sort.)
  newest: [...newest, sql`${column("id")} desc`],
  price_asc: [sql`${column("resale_price")} asc`, ...newest],
  price_desc: [sql`${column("resale_price")} desc`, ...newest],
  // Cars whose mileage is unknown come last (the mileage index still gives the order).
  mileage_asc: [sql`${column("mileage_km")} asc nulls last`, ...newest],
  year_desc: [sql`${column("purchase_year")} desc`, ...newest],
};

/** The facet columns as the materialized matches name them. */
const MATCH_COLUMN: Record<Facet, string> = { make: "make", location: "location", condition: "condition", categoryId: "category_id" };

const facetName = (facet: Facet | "total") => sql.raw(`'${facet}'`);
const mostFrequent = sql.raw(`order by 3 desc, 2 limit ${FACET_VALUES}`);
const matching = (conditions: { where: SQL }[]) => and(...conditions.map((condition) => condition.where));

/**
 * Where a statement reads `table` from: with a cached answer's version, from behind the catalogue's
 * version row, joined first (CROSS JOIN fixes the order) and kept only while the version has moved
 * on. While it stands, that outer loop has no row and nothing of `table` is read. (A sub-select
 * comparing the version in the WHERE would be tested per row, after the matches had been read.)
 */
type Source = (table: string, where: SQL | undefined) => SQL;
const fromTable: Source = (table, where) => sql`${sql.raw(table)} where ${where ?? sql`1`}`;
const unlessAt =
  (version: number): Source =>
  (table, where) =>
    sql`${catalogueVersion} cross join ${sql.raw(table)} where ${and(sql`${catalogueVersion.id} = 1 and ${catalogueVersion.version} <> ${version}`, where)}`;

/** A facet's counts over a materialized set of matches (`from`, whose rows count `cars` each), most frequent first. */
function grouped(facet: Facet, from: string, cars: SQL) {
  const value = sql.raw(MATCH_COLUMN[facet]);
  const key = facet === "make" ? sql`${value} collate nocase` : value;
  return sql`select ${facetName(facet)} as facet, min(${key}) as value, ${cars} as count from ${sql.raw(from)} where ${value} is not null group by ${key} ${mostFrequent}`;
}

/**
 * The total and the four facets in one statement, rows of (facet, value, count); the total's facet
 * is "total". Each part is read the cheapest exact way:
 * - with no filter but the facet's own (or none at all), from `facet_counts`, which triggers keep
 *   equal to the unsold cars' counts (migration 0007): a few dozen rows, whatever the catalogue;
 * - the total and every facet without a filter of its own count the same cars, so those cars'
 *   facet columns are read once and counted per combination of the four (a materialized CTE, far
 *   fewer rows than cars when many match), then summed four ways from there;
 * - a facet whose own filter is in use beside others counts the cars matching the others, read
 *   once into a CTE of its own.
 * Materializing keeps SQLite from walking the grouped column's index over every car for sale (to
 * group without sorting): each set is read through its filters' index, and those indexes carry the
 * facets' columns, so no car's row is read unless keywords or an unindexed filter need it.
 */
function countsStatement(ctx: AppContext, all: { facet?: Facet; where: SQL }[], from: Source) {
  const filtered = all.length > 1; // the first condition (unsold) is always there
  const own = new Set(all.flatMap((condition) => condition.facet ?? []));
  const sets: SQL[] = [];
  const parts: SQL[] = [];
  // With any filter the total reads the matches, so they are always materialized then.
  if (filtered) {
    const columns = sql.join(Object.values(MATCH_COLUMN).map(column), sql`, `);
    sets.push(sql`matches as materialized (select ${columns}, count(*) as n from ${from("products", matching(all))} group by ${columns})`);
  }
  const summed = sql`sum(n)`;
  for (const part of ["total", ...FACETS] as const) {
    const others = part === "total" ? all : all.filter((condition) => condition.facet !== part);
    if (others.length === 1) {
      parts.push(sql`select facet, value, count from ${from("facet_counts", sql`facet = ${facetName(part)}`)} ${mostFrequent}`);
    } else if (part === "total") {
      parts.push(sql`select 'total' as facet, null as value, coalesce(sum(n), 0) as count from matches`);
    } else if (!own.has(part)) {
      parts.push(grouped(part, "matches", summed));
    } else {
      const name = `matches_${MATCH_COLUMN[part]}`;
      sets.push(sql`${sql.raw(name)} as materialized (select ${column(MATCH_COLUMN[part])} from ${from("products", matching(others))})`);
      // One row per car here: grouping inside this CTE would let SQLite walk the facet's own
      // index over every car for sale to group without sorting.
      parts.push(grouped(part, name, sql`count(*)`));
    }
  }
  const ctes = sets.length > 0 ? sql`with ${sql.join(sets, sql`, `)} ` : sql``;
  return ctx.db.all<{ facet: string; value: string | null; count: number }>(
    sql`${ctes}${sql.join(
      parts.map((part) => sql`select * from (${part})`),
      sql` union all `,
    )}`,
  );
}

/**
 * The statements of one search: the page, the total (for callers that need only a count), and the
 * total with the facets in one statement (see countsStatement). For a batch, and for EXPLAIN in tests.
 * With `cachedVersion`, the page and the counts read nothing unless the catalogue changed since.
 */
export function searchStatements(ctx: AppContext, query: SearchQuery, cachedVersion?: number) {
  const { sort, page, limit, ...filters } = query;
  const all = conditions(filters);
  const from = cachedVersion === undefined ? fromTable : unlessAt(cachedVersion);
  // The page's cars are picked by rowid first, from the filters' index where it holds the sort's
  // columns too, and only those cars' rows (seller, photos) are read: sorting the matches never
  // carries whole rows.
  const picked = sql`select ${column("rowid")} from ${from("products", matching(all))} order by ${sql.join(ORDER[sort], sql`, `)} limit ${limit} offset ${(page - 1) * limit}`;
  return [
    selectProducts(ctx)
      .where(sql`${column("rowid")} in (${picked})`)
      .orderBy(...ORDER[sort]),
    ctx.db.select({ total: count() }).from(products).where(matching(all)),
    countsStatement(ctx, all, from),
  ] as const;
}

const CACHE_OUTCOME = "search-cache";

/** Whether this request's search was served from the cache, for a `Server-Timing` entry. */
export const searchCacheOutcome = (ctx: AppContext) => ctx.cache.get(CACHE_OUTCOME) as "hit" | "miss" | undefined;

/**
 * The search's filters restricted to one car: a row when that car is a result of the search (for
 * matching a new listing against saved searches with exactly GET /api/products' semantics).
 */
export function searchMatchStatement(ctx: AppContext, filters: SearchFilters, productId: string) {
  return ctx.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), ...conditions(filters).map((condition) => condition.where)));
}

/**
 * One page of unsold cars matching every filter (AND), with the total and, per facet, the counts of
 * cars matching every filter but that facet's own. Page, total and facets go in one batch, with the
 * catalogue's version: an answer cached at that version is served as it is, and the batch's guarded
 * statements then read nothing (decision record 15).
 */
export async function searchProducts(ctx: AppContext, query: SearchQuery): Promise<SearchResult> {
  return (await search(ctx, query, false)).result;
}

/** A search page's read: the search and the categories its filters offer, in the search's one round trip. */
export async function searchWithCategories(ctx: AppContext, query: SearchQuery): Promise<SearchResult & { categories: Category[] }> {
  const { result, categoryRows } = await search(ctx, query, true);
  return { ...result, categories: categoryRows.map(toCategory) };
}

/** The search's one batch (and the categories with it when asked): the cached answer while its version stands, else the rows read. */
async function search(ctx: AppContext, query: SearchQuery, withCategories: boolean) {
  const cached = await ctx.searchCache?.read(query);
  const [page, , counts] = searchStatements(ctx, query, cached?.version);
  const versionQuery = ctx.db.select({ version: catalogueVersion.version }).from(catalogueVersion).where(eq(catalogueVersion.id, 1));
  const [versions, rows, countRows, categoryRows = []] = withCategories
    ? await ctx.db.batch([versionQuery, page, counts, categoriesQuery(ctx)])
    : await ctx.db.batch([versionQuery, page, counts]);
  const version = versions[0]?.version;
  if (cached && cached.version === version) {
    ctx.cache.set(CACHE_OUTCOME, "hit");
    return { result: cached.result, categoryRows };
  }
  const facets = Object.fromEntries(FACETS.map((facet) => [facet, [] as FacetCount[]])) as Facets;
  let total = 0;
  for (const { facet, value, count } of countRows) {
    if (facet === "total") total = Number(count);
    else facets[facet as Facet].push({ value: String(value), count: Number(count) });
  }
  const result = { data: rows.map(toProduct), total, currentPage: query.page, totalPages: Math.ceil(total / query.limit), facets };
  ctx.cache.set(CACHE_OUTCOME, "miss");
  if (version !== undefined) ctx.searchCache?.write(query, { version, result });
  return { result, categoryRows };
}
