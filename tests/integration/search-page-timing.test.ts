import { describe, expect, it } from "vitest";
import { request } from "./client";

// A search page says where its counts came from (Server-Timing), as GET /api/products does: the
// mixed-traffic bench (`npm run bench -- --mix`) counts stored counts as hits by it.

/** The search counts' word on a rendered page (a cookie keeps the page cache out), if it has one. */
async function outcome(path: string) {
  const response = await request(path, { headers: { cookie: "visitor=returning" } });
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  return /search-counts;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
}

describe("a search page's Server-Timing", () => {
  it("says counted the first time a search's counts are needed, fresh once they are stored, and kept for one filter", async () => {
    const path = `/cars?q=timing${Date.now()}&make=Toyota`;
    expect(await outcome(path)).toBe("counted");
    expect(await outcome(path)).toBe("fresh");
    expect(await outcome("/cars?make=Toyota")).toBe("kept");
  });

  it("is absent from a page that does not search", async () => {
    expect(await outcome("/about")).toBeUndefined();
  });
});
