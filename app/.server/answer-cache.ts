// Answers kept between requests in the Workers Cache API (this data centre's cache; on a
// workers.dev address the platform keeps nothing, so every read is a miss there). The context
// holds one; services decide what goes in under which name (services/search/search-cache.ts).

export interface AnswerCache {
  /** The JSON kept under this name, if any (a failed read is a miss). */
  read(name: string): Promise<unknown>;
  /** Keeps a JSON answer after the response (never delays it); a failed write only costs a later miss. */
  write(name: string, value: unknown): void;
}

// An answer's validity is the caller's business; the age only bounds how long an unused one is kept.
const KEEP_SECONDS = 24 * 3600;

export function createAnswerCache(cache: Promise<Cache>, origin: string, defer: (work: Promise<unknown>) => void): AnswerCache {
  const url = (name: string) => `${origin}/__answers/${name}`;
  return {
    async read(name) {
      try {
        const hit = await (await cache).match(url(name));
        return hit ? ((await hit.json()) as unknown) : undefined;
      } catch {
        return undefined;
      }
    },
    write(name, value) {
      const answer = new Response(JSON.stringify(value), {
        headers: { "content-type": "application/json", "cache-control": `max-age=${KEEP_SECONDS}` },
      });
      defer(
        cache
          .then((opened) => opened.put(url(name), answer))
          .catch((error: unknown) => console.error(JSON.stringify({ event: "answer-cache-write-failed", error: String(error) }))),
      );
    },
  };
}
