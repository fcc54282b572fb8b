import { and, count, eq, type SQL, sql } from "drizzle-orm";
import {
  encodeCursor,
  FACETS,
  type Facet,
  type SearchCursor,
  type SearchFilters,
  type SearchQuery,
  type SearchSort,
} from "~/lib/schemas/search";
import { type Category, type PagedList, type Car } from "~/lib/schemas/types";
import { type AppContext } from "../../context";
import { likeContains } from "../../db/like";
import { cars } from "../../db/schema";
import { categoriesQuery, toCategory } from "../catalog/categories";
import { selectCars, toCar } from "../catalog/cars";
import { countsKey, currentCounts, type FacetCount, type Facets, noteCountsOutcome, storedCountsStatement } from "./search-counts";

export type SearchResult = PagedList<Car> & {
  facets: Facets;
  /** When `total` and `facets` were counted (ISO date, never more than 60 s before the answer); the page is always current. */
  facetsAsOf: string;
  /** The cursor of the page after this one (`after`), null on the last page. */
  nextCursor: string | null;
  /** The cursor of the page before this one (`before`), null on the first page. */
  previousCursor: string | null;
};

/** At most this many values per facet (most frequent first): enough for any filter list. */
const FACET_VALUES = 50;
/** Words of a keyword search that count (the rest are ignored): the box is 100 characters. */
const MAX_WORDS = 12;

/** Words (letters and digits) of a typed value, at most MAX_WORDS of them, each quoted as an FTS5 prefix. */
function prefixTerms(text: string | undefined): string[] {
  const words = text
    ?.normalize("NFKC")
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_WORDS);
  return words?.map((word) => `"${word}"*`) ?? [];
}

/**
 * The FTS5 query for keywords and the model: every keyword a required prefix of a word in any
 * column, and every word of the model a required prefix of a word of the car's model ("Corolla"
 * finds "Corolla Axio", as the contract's smaller rules ask). Case and accents are folded by the
 * index's tokenizer on both sides. Undefined: no words.
 */
export function keywordMatch(q: string | undefined, model?: string): string | undefined {
  const keywords = prefixTerms(q).join(" ");
  const modelTerms = prefixTerms(model);
  // FTS5 wants an explicit AND between a phrase and a column filter.
  const terms = [keywords, modelTerms.length ? `model : (${modelTerms.join(" ")})` : ""].filter(Boolean);
  return terms.length ? terms.join(" AND ") : undefined;
}

// Written with the table's name: inside sub-selects Drizzle may leave columns unqualified.
const column = (name: string) => sql.raw(`"products"."${name}"`);

interface Condition {
  /** The facet whose filter this is, and the value it asks for. */
  facet?: Facet;
  value?: string;
  where: SQL;
}

/** Each filter's condition, by the facet it belongs to (or none): a facet's counts leave its own out. */
function conditions(filters: SearchFilters): Condition[] {
  const match = keywordMatch(filters.q, filters.model);
  // With keywords or a model the full-text index leads (the unary + keeps SQLite from starting at is_paid's
  // indexes, which would read every car for sale and test each against the matches).
  const found: Condition[] = [{ where: sql`${match ? sql.raw("+") : sql``}${column("is_paid")} = 0` }];
  if (match) found.push({ where: sql`${column("rowid")} in (select rowid from products_fts where products_fts match ${match})` });
  // A model with no letter or digit (`_`, `%`, `-`) gives the index no word to look for: it is
  // looked for as typed, or it would narrow nothing.
  if (filters.model !== undefined && prefixTerms(filters.model).length === 0)
    found.push({ where: likeContains(column("model"), filters.model) });
  if (filters.categoryId)
    found.push({ facet: "categoryId", value: filters.categoryId, where: sql`${column("category_id")} = ${filters.categoryId}` });
  if (filters.sellerId) found.push({ where: sql`${column("seller_id")} = ${filters.sellerId}` });
  // A make matches whole, whatever its letter case, through the index's nocase collation (the model is in `match`).
  if (filters.make) found.push({ facet: "make", value: filters.make, where: sql`${column("make")} = ${filters.make} collate nocase` });
  if (filters.location) found.push({ facet: "location", value: filters.location, where: sql`${column("location")} = ${filters.location}` });
  if (filters.condition)
    found.push({ facet: "condition", value: filters.condition, where: sql`${column("condition")} = ${filters.condition}` });
  if (filters.transmission) found.push({ where: sql`${column("transmission")} = ${filters.transmission}` });
  if (filters.fuel) found.push({ where: sql`${column("fuel")} = ${filters.fuel}` });
  if (filters.minPrice !== undefined) found.push({ where: sql`${column("resale_price")} >= ${filters.minPrice}` });
  if (filters.maxPrice !== undefined) found.push({ where: sql`${column("resale_price")} <= ${filters.maxPrice}` });
  if (filters.minYear !== undefined) found.push({ where: sql`${column("purchase_year")} >= ${filters.minYear}` });
  if (filters.maxYear !== undefined) found.push({ where: sql`${column("purchase_year")} <= ${filters.maxYear}` });
  if (filters.maxMileage !== undefined) found.push({ where: sql`${column("mileage_km")} <= ${filters.maxMileage}` });
  return found;
}

/** One column of a sort's key, and where a car's value of it is. */
interface KeyPart {
  column: string;
  direction: "asc" | "desc";
  /** Cars without a value come last (mileage unknown); the mileage index still gives the order. */
  nullsLast?: boolean;
  of: (car: Car) => string | number | null;
}
// Ties by date then id, so every order is total and a page's last car says where the next begins.
// (For newest, by id and not rowid, which every index holds: SQLite would rather walk the newest cars
// and test each against the filters than read a rare make's few cars through its index and sort.)
const newest: KeyPart[] = [
  { column: "created_at", direction: "desc", of: (car) => car.createdDate },
  { column: "id", direction: "desc", of: (car) => car._id },
];
const SORT_KEYS: Record<SearchSort, KeyPart[]> = {
  newest,
  price_asc: [{ column: "resale_price", direction: "asc", of: (car) => car.resalePrice }, ...newest],
  price_desc: [{ column: "resale_price", direction: "desc", of: (car) => car.resalePrice }, ...newest],
  mileage_asc: [{ column: "mileage_km", direction: "asc", nullsLast: true, of: (car) => car.mileageKm ?? null }, ...newest],
  year_desc: [{ column: "purchase_year", direction: "desc", of: (car) => car.purchaseYear }, ...newest],
};

/** A sort's ORDER BY, forwards or (for a page before a cursor) backwards. */
function orderOf(sort: SearchSort, backwards = false): SQL[] {
  return SORT_KEYS[sort].map((part) => {
    const direction = (part.direction === "asc") !== backwards ? "asc" : "desc";
    const nulls = part.nullsLast ? (backwards ? " nulls first" : " nulls last") : "";
    return sql`${column(part.column)} ${sql.raw(direction + nulls)}`;
  });
}

/**
 * The cars that come after the cursor's car in its sort (or before it, backwards), as one condition
 * on the sort's key: (a beyond x) or (a = x and ((b beyond y) or (b = y and c beyond z))). The key's
 * columns lead the sort's indexes, so the page starts where the cursor points instead of skipping
 * the pages before it.
 */
function beyondCursor(cursor: SearchCursor, backwards: boolean): SQL {
  const parts = SORT_KEYS[cursor.sort];
  let condition: SQL | undefined;
  for (let index = parts.length - 1; index >= 0; index--) {
    const part = parts[index];
    const value = cursor.values[index];
    const name = column(part.column);
    const ascending = (part.direction === "asc") !== backwards;
    let beyond: SQL;
    let same: SQL;
    if (value === null) {
      // Only mileage is ever null, and nulls come last: after one, only other nulls; before one, every number.
      beyond = backwards ? sql`${name} is not null` : sql`0`;
      same = sql`${name} is null`;
    } else {
      beyond = ascending ? sql`${name} > ${value}` : sql`${name} < ${value}`;
      if (part.nullsLast && !backwards) beyond = sql`(${beyond} or ${name} is null)`;
      same = sql`${name} = ${value}`;
    }
    condition = condition ? sql`(${beyond} or (${same} and ${condition}))` : beyond;
  }
  return condition!;
}

/** A car's cursor in a sort. */
const cursorOf = (sort: SearchSort, car: Car) => encodeCursor({ sort, values: SORT_KEYS[sort].map((part) => part.of(car)) });

/** The facet columns as the materialized matches name them. */
const MATCH_COLUMN: Record<Facet, string> = { make: "make", location: "location", condition: "condition", categoryId: "category_id" };

const facetName = (facet: Facet | "total") => sql.raw(`'${facet}'`);
const mostFrequent = sql.raw(`order by 3 desc, 2 limit ${FACET_VALUES}`);
const matching = (conditions: { where: SQL }[]) => and(...conditions.map((condition) => condition.where));

/** Rows of `table` that satisfy `where` (all of them without one). */
const from = (table: string, where: SQL | undefined) => sql`${sql.raw(table)} where ${where ?? sql`1`}`;

/** A facet's counts over a materialized set of matches (`from`, whose rows count `cars` each), most frequent first. */
function grouped(facet: Facet, set: string, cars: SQL) {
  const value = sql.raw(MATCH_COLUMN[facet]);
  const key = facet === "make" ? sql`${value} collate nocase` : value;
  return sql`select ${facetName(facet)} as facet, min(${key}) as value, ${cars} as count from ${sql.raw(set)} where ${value} is not null group by ${key} ${mostFrequent}`;
}

/** A search's only filter when it is one of the facets': all its counts are then kept by triggers. */
function soleFacetFilter(all: Condition[]): Condition | undefined {
  return all.length === 2 && all[1].facet ? all[1] : undefined;
}

/** No filter, or one facet filter: the counts are read from the tables triggers keep, always current. */
const countsAreKept = (all: Condition[]) => all.length === 1 || soleFacetFilter(all) !== undefined;

/**
 * A kept count's row for a facet filter (`facet_counts` and `facet_pair_counts` share the columns).
 * Their values compare without letter case, as makes match; the other facets match exactly.
 */
function keptValue({ facet, value }: Condition): SQL {
  return sql`facet = ${facetName(facet!)} and value = ${value}${facet === "make" ? sql`` : sql` collate binary`}`;
}

/**
 * The total and the four facets in one statement, rows of (facet, value, count); the total's facet
 * is "total". Each part is read the cheapest exact way:
 * - with no filter but the facet's own (or none at all), from `facet_counts`, which triggers keep
 *   equal to the unsold cars' counts (migration 0007): a few dozen rows, whatever the catalogue;
 * - with one facet filter and no other, the total from `facet_counts` and the other facets from
 *   `facet_pair_counts` (migration 0018), kept the same way;
 * - the total and every facet without a filter of its own count the same cars, so those cars'
 *   facet columns are read once and counted per combination of the four (a materialized CTE, far
 *   fewer rows than cars when many match), then summed four ways from there;
 * - a facet whose own filter is in use beside others counts the cars matching the others, read
 *   once into a CTE of its own.
 * Materializing keeps SQLite from walking the grouped column's index over every car for sale (to
 * group without sorting): each set is read through its filters' index, and those indexes carry the
 * facets' columns, so no car's row is read unless keywords or an unindexed filter need it.
 */
function countsStatement(ctx: AppContext, all: Condition[]) {
  const filtered = all.length > 1; // the first condition (unsold) is always there
  const own = new Set(all.flatMap((condition) => condition.facet ?? []));
  const sole = soleFacetFilter(all);
  const sets: SQL[] = [];
  const parts: SQL[] = [];
  // With any filter but a sole facet's the total reads the matches, so they are always materialized then.
  if (filtered && !sole) {
    const columns = sql.join(Object.values(MATCH_COLUMN).map(column), sql`, `);
    sets.push(sql`matches as materialized (select ${columns}, count(*) as n from ${from("products", matching(all))} group by ${columns})`);
  }
  const summed = sql`sum(n)`;
  for (const part of ["total", ...FACETS] as const) {
    const others = part === "total" ? all : all.filter((condition) => condition.facet !== part);
    if (others.length === 1) {
      parts.push(sql`select facet, value, count from ${from("facet_counts", sql`facet = ${facetName(part)}`)} ${mostFrequent}`);
    } else if (sole && part === "total") {
      const kept = sql`select count from ${from("facet_counts", keptValue(sole))}`;
      parts.push(sql`select 'total' as facet, null as value, coalesce((${kept}), 0) as count`);
    } else if (sole) {
      const pairs = from("facet_pair_counts", and(keptValue(sole), sql`other = ${facetName(part)}`));
      parts.push(sql`select other as facet, other_value as value, count from ${pairs} ${mostFrequent}`);
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
 */
export function searchStatements(ctx: AppContext, query: SearchQuery) {
  const { sort, page, limit, after, before, ...filters } = query;
  const all = conditions(filters);
  // The page's cars are picked by rowid first, from the filters' index where it holds the sort's
  // columns too, and only those cars' rows (seller, photos) are read: sorting the matches never
  // carries whole rows. A cursor starts the page by key (no OFFSET); one car more than the page says
  // whether a page follows (or, backwards, precedes).
  const cursor = after ?? before;
  const picking = cursor ? matching([...all, { where: beyondCursor(cursor, before !== undefined) }]) : matching(all);
  const skip = cursor ? sql`` : sql` offset ${(page - 1) * limit}`;
  const picked = sql`select ${column("rowid")} from ${from("products", picking)} order by ${sql.join(orderOf(sort, before !== undefined), sql`, `)} limit ${limit + 1}${skip}`;
  return [
    selectCars(ctx)
      .where(sql`${column("rowid")} in (${picked})`)
      .orderBy(...orderOf(sort)),
    ctx.db.select({ total: count() }).from(cars).where(matching(all)),
    countsStatement(ctx, all),
  ] as const;
}

/**
 * A page's cars from the rows read (one more than a page, when there are more), and the cursors of
 * the pages on either side. Backwards (`before`), the extra car is the first.
 */
function pageOf(query: SearchQuery, cars: Car[]) {
  const more = cars.length > query.limit;
  const data = !more ? cars : query.before ? cars.slice(1) : cars.slice(0, query.limit);
  const hasNext = query.before !== undefined || more;
  const hasPrevious = query.before ? more : query.after !== undefined || query.page > 1;
  return {
    data,
    nextCursor: hasNext && data.length > 0 ? cursorOf(query.sort, data[data.length - 1]) : null,
    previousCursor: hasPrevious && data.length > 0 ? cursorOf(query.sort, data[0]) : null,
  };
}

/**
 * The search's filters restricted to one car: a row when that car is a result of the search (for
 * matching a new listing against saved searches with exactly GET /api/products' semantics).
 */
export function searchMatchStatement(ctx: AppContext, filters: SearchFilters, carId: string) {
  return ctx.db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), ...conditions(filters).map((condition) => condition.where)));
}

/**
 * One page of unsold cars matching every filter (AND), with the total and, per facet, the counts of
 * cars matching every filter but that facet's own. The page is read now; the total and facets may be
 * up to a minute old (`facetsAsOf`, decision record 28): read with the page from the counts triggers
 * keep, or from the counts kept per search (search-counts.ts). One round trip, two when the counts
 * must be read again before answering.
 */
export async function searchCars(ctx: AppContext, query: SearchQuery): Promise<SearchResult> {
  return (await search(ctx, query, false)).result;
}

/** A search page's read: the search and the categories its filters offer, in the search's one round trip. */
export async function searchWithCategories(ctx: AppContext, query: SearchQuery): Promise<SearchResult & { categories: Category[] }> {
  const { result, categoryRows } = await search(ctx, query, true);
  return { ...result, categories: categoryRows.map(toCategory) };
}

type CountRow = { facet: string; value: string | null; count: number };

/** The total and the facets from the counts statement's rows. */
function countsOf(rows: CountRow[]) {
  const facets = Object.fromEntries(FACETS.map((facet) => [facet, [] as FacetCount[]])) as Facets;
  let total = 0;
  for (const { facet, value, count } of rows) {
    if (facet === "total") total = Number(count);
    else facets[facet as Facet].push({ value: String(value), count: Number(count) });
  }
  return { total, facets };
}

/**
 * The total to answer with: the counted one, unless the page (always current) proves it otherwise.
 * Read by page number, a page that is not full ends the matches, so the total is known exactly; an
 * empty page past the first says only that there are fewer cars than pages before it.
 */
function totalBeside(query: SearchQuery, counted: number, shown: number, more: boolean): number {
  if (query.after || query.before) return counted;
  const before = (query.page - 1) * query.limit;
  if (shown === 0) return query.page === 1 ? 0 : counted;
  if (!more) return before + shown;
  return Math.max(counted, before + shown + 1);
}

/** The search's one batch (and the categories with it when asked), then the counts to answer with. */
async function search(ctx: AppContext, query: SearchQuery, withCategories: boolean) {
  const all = conditions(query);
  const [pageStatement, , counts] = searchStatements(ctx, query);
  const kept = countsAreKept(all);
  const key = countsKey(query);
  const readAt = ctx.now().getTime();
  // Counts kept by triggers are read with the page; any other search's, as last stored.
  const second = kept ? counts : storedCountsStatement(ctx, key);
  const [rows, secondRows, categoryRows = []] = withCategories
    ? await ctx.db.batch([pageStatement, second, categoriesQuery(ctx)])
    : await ctx.db.batch([pageStatement, second]);
  let found;
  if (kept) {
    noteCountsOutcome(ctx, "kept");
    found = { ...countsOf(secondRows as CountRow[]), countedAt: readAt };
  } else {
    const stored = (secondRows as Awaited<ReturnType<typeof storedCountsStatement>>)[0];
    found = await currentCounts(ctx, key, stored, async () => countsOf(await countsStatement(ctx, all)));
  }
  const shown = pageOf(query, rows.map(toCar));
  const total = totalBeside(query, found.total, shown.data.length, rows.length > query.limit);
  const result: SearchResult = {
    ...shown,
    total,
    currentPage: query.page,
    totalPages: Math.ceil(total / query.limit),
    facets: found.facets,
    facetsAsOf: new Date(found.countedAt).toISOString(),
  };
  return { result, categoryRows };
}
