import { encodeCursor, type SearchQuery } from "~/lib/schemas/search";
import { type SearchResult } from "./search";

/** A search answer as kept: served only while the catalogue version it was read with stands. */
export interface CachedSearch {
  version: number;
  result: SearchResult;
}

export interface SearchCache {
  read(query: SearchQuery): Promise<CachedSearch | undefined>;
  /** Keeps an answer after the response (never delays it); a failed write only costs a later miss. */
  write(query: SearchQuery, entry: CachedSearch): void;
}

// Raised when a cached answer's shape changes, so a new deploy never reads the old shape.
const FORMAT = 3;
// An answer's validity is its version, not its age; the age only bounds how long an unused one is kept.
const KEEP_SECONDS = 24 * 3600;

/** One URL per query, whatever the order of its parameters (the Cache API keys by URL). */
function keyOf(origin: string, query: SearchQuery): string {
  const params = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => [name, typeof value === "object" ? encodeCursor(value) : String(value)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return `${origin}/__search-answers/v${FORMAT}?${new URLSearchParams(params)}`;
}

/**
 * Search answers in the Workers Cache API (this data centre's cache; on a workers.dev address the
 * platform keeps nothing, so every search is a miss there and simply reads the database).
 */
export function createSearchCache(cache: Promise<Cache>, origin: string, defer: (work: Promise<unknown>) => void): SearchCache {
  return {
    async read(query) {
      try {
        const hit = await (await cache).match(keyOf(origin, query));
        return hit ? ((await hit.json()) as CachedSearch) : undefined;
      } catch {
        return undefined;
      }
    },
    write(query, entry) {
      const answer = new Response(JSON.stringify(entry), {
        headers: { "content-type": "application/json", "cache-control": `max-age=${KEEP_SECONDS}` },
      });
      defer(
        cache
          .then((opened) => opened.put(keyOf(origin, query), answer))
          .catch((error: unknown) => console.error(JSON.stringify({ event: "search-cache-write-failed", error: String(error) }))),
      );
    },
  };
}
