import { describe, expect, it } from "vitest";
import { request } from "./client";

// A search page says whether its search came from the search cache (Server-Timing), as GET
// /api/products does: the mixed-traffic bench (`npm run bench -- --mix`) counts the cache's hits by it.

/** The search cache's word on a rendered page (a cookie keeps the page cache out), if it has one. */
async function outcome(path: string) {
  const response = await request(path, { headers: { cookie: "visitor=returning" } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return /search-cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
}

describe("a search page's Server-Timing", () => {
  it("says miss the first time a search is rendered and hit once its answer is cached", async () => {
    const path = `/cars?q=timing${Date.now()}`;
    expect(await outcome(path)).toBe("miss");
    // The answer is stored after the response: ask until it is there.
    let again: string | undefined;
    for (let attempt = 0; attempt < 50 && again !== "hit"; attempt++) again = await outcome(path);
    expect(again).toBe("hit");
  });

  it("is absent from a page that does not search", async () => {
    expect(await outcome("/about")).toBeUndefined();
  });
});
