import { encodeCursor, type SearchQuery } from "~/lib/schemas/search";
import { type AppContext } from "../../context";

// Search answers in the context's answer cache (app/.server/answer-cache.ts), one per query.

/** A search answer as kept: served only while the catalogue version it was read with stands. */
export interface CachedSearch<Result> {
  version: number;
  result: Result;
}

// Raised when a cached answer's shape changes, so a new deploy never reads the old shape.
const FORMAT = 3;

/** One name per query, whatever the order of its parameters. */
function nameOf(query: SearchQuery): string {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, typeof value === "object" ? encodeCursor(value) : String(value)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `search/v${FORMAT}?${new URLSearchParams(params)}`;
}

export async function readCachedSearch<Result>(ctx: AppContext, query: SearchQuery): Promise<CachedSearch<Result> | undefined> {
  return (await ctx.searchCache?.read(nameOf(query))) as CachedSearch<Result> | undefined;
}

export function keepSearch<Result>(ctx: AppContext, query: SearchQuery, entry: CachedSearch<Result>): void {
  ctx.searchCache?.write(nameOf(query), entry);
}
