import { sql } from "drizzle-orm";
import { type Facet, type SearchQuery } from "~/lib/schemas/search";
import { type AppContext } from "../../context";

// A search's total and facets may lag writes by at most 60 s (the contract's search freshness,
// decision record 28); its page never does. Counts that triggers keep (no filter, or one facet
// filter) are read fresh with the page. Every other search's counts are kept in `search_counts`
// (migration 0018), one row per set of filters, and read in the same batch as the page:
// - younger than SERVE_AS_IS: served as they are;
// - up to MAX_LAG old: served, and counted again after the response by one request (a claim on the
//   row, so other isolates keep serving the stored counts meanwhile);
// - older, or none: counted before answering, once per isolate for everyone asking at that moment.
// So an answer's `facetsAsOf` is never more than MAX_LAG before the moment it is built.

export interface FacetCount {
  value: string;
  count: number;
}
export type Facets = Record<Facet, FacetCount[]>;

/** A search's total and facets, and when they were counted (ms since the epoch, the app's clock). */
export interface SearchCounts {
  total: number;
  facets: Facets;
  countedAt: number;
}

export const SERVE_AS_IS_MS = 30_000;
export const MAX_LAG_MS = 60_000;
/** A background recount not stored within this time is presumed dead, and another may claim it. */
const CLAIM_MS = 20_000;

/** How the counts of this request's search were had, for a `Server-Timing` entry. */
export type CountsOutcome = "kept" | "fresh" | "stale" | "counted";
const OUTCOME = "search-counts";
export const searchCountsOutcome = (ctx: AppContext) => ctx.cache.get(OUTCOME) as CountsOutcome | undefined;
export const noteCountsOutcome = (ctx: AppContext, outcome: CountsOutcome) => ctx.cache.set(OUTCOME, outcome);

// The counts of a search do not depend on its order or page.
const NOT_FILTERS = new Set(["sort", "page", "limit", "after", "before"]);
// Raised when the stored counts' shape changes, so a new deploy never reads the old shape.
const FORMAT = 1;

/** The row's key: the query's filters in a fixed order (the make without letter case, as it matches). */
export function countsKey(query: SearchQuery): string {
  const params = Object.entries(query)
    .filter(([name, value]) => value !== undefined && !NOT_FILTERS.has(name))
    .map(([name, value]) => [name, name === "make" ? String(value).toLowerCase() : String(value)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `v${FORMAT}?${new URLSearchParams(params)}`;
}

interface StoredRow {
  counts: string;
  countedAt: number;
}

/** The stored counts of a set of filters, for the search's batch (no row when none are kept). */
export const storedCountsStatement = (ctx: AppContext, key: string) =>
  ctx.db.all<StoredRow>(sql`select counts, counted_at as countedAt from search_counts where filters = ${key}`);

type Count = () => Promise<Omit<SearchCounts, "countedAt">>;

// Counts being read by this isolate, by key: requests arriving meanwhile wait for the same answer.
const counting = new Map<string, Promise<SearchCounts>>();

/** The counts to answer with, given the row read with the page (`count` reads them afresh). */
export async function currentCounts(ctx: AppContext, key: string, stored: StoredRow | undefined, count: Count): Promise<SearchCounts> {
  const found = stored && { ...(JSON.parse(stored.counts) as Omit<SearchCounts, "countedAt">), countedAt: Number(stored.countedAt) };
  const age = found ? ctx.now().getTime() - found.countedAt : Infinity;
  if (found && age < SERVE_AS_IS_MS) {
    noteCountsOutcome(ctx, "fresh");
    return found;
  }
  if (found && age < MAX_LAG_MS) {
    noteCountsOutcome(ctx, "stale");
    if (!counting.has(key)) ctx.defer(recountIfClaimed(ctx, key, found.countedAt, count));
    return found;
  }
  noteCountsOutcome(ctx, "counted");
  const pending = counting.get(key);
  // Another request's count may fail or be cancelled with it: then this request counts for itself.
  if (pending) return pending.catch(() => countOnce(ctx, key, count));
  return countOnce(ctx, key, count);
}

/** Counts now and stores the result; shared with every request of this isolate that asks meanwhile. */
function countOnce(ctx: AppContext, key: string, count: Count): Promise<SearchCounts> {
  const countedAt = ctx.now().getTime();
  const pending = count()
    .then((counts) => ({ ...counts, countedAt }))
    .finally(() => counting.delete(key));
  counting.set(key, pending);
  // Kept alive past this response (waiters may outlive it), and stored once read.
  ctx.defer(pending.then((counts) => storeCounts(ctx, key, counts)));
  return pending;
}

/** After the response: counts again, unless another request already claimed the recount of this row. */
async function recountIfClaimed(ctx: AppContext, key: string, countedAt: number, count: Count) {
  const now = ctx.now().getTime();
  const claimed = await ctx.db.all(
    sql`update search_counts set refreshing_since = ${now}
        where filters = ${key} and counted_at = ${countedAt} and (refreshing_since is null or refreshing_since < ${now - CLAIM_MS})
        returning filters`,
  );
  if (claimed.length > 0) await countOnce(ctx, key, count);
}

/** Keeps counts unless newer ones were stored meanwhile. */
function storeCounts(ctx: AppContext, key: string, { countedAt, ...counts }: SearchCounts) {
  return ctx.db.run(
    sql`insert into search_counts (filters, counts, counted_at) values (${key}, ${JSON.stringify(counts)}, ${countedAt})
        on conflict (filters) do update set counts = excluded.counts, counted_at = excluded.counted_at, refreshing_since = null
        where excluded.counted_at > search_counts.counted_at`,
  );
}

/** Forgets the counts of searches nobody made for a day (the Cron Trigger's clean-up). */
export async function forgetOldCounts(ctx: AppContext): Promise<number> {
  const { rowsAffected } = await ctx.db.run(sql`delete from search_counts where counted_at < ${ctx.now().getTime() - 24 * 3600_000}`);
  return rowsAffected;
}
