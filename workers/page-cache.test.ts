import { describe, expect, it } from "vitest";
import { storable } from "./page-cache";

// What a rendered page must be for the cache to give it to anyone (the rest is tested in workerd:
// tests/integration/page-cache.test.ts).

const html = { "content-type": "text/html; charset=utf-8" };

describe("storable", () => {
  it("takes a full 200 HTML page with no cookie and no caching rules of its own", () => {
    expect(storable(new Response("<html></html>", { headers: html }))).toBe(true);
  });

  it.each<[string, Response]>([
    ["sets a cookie", new Response("<html></html>", { headers: { ...html, "set-cookie": "ar_flash=; Max-Age=0" } })],
    ["is not found", new Response("<html></html>", { status: 404, headers: html })],
    ["is a redirect", new Response(null, { status: 302, headers: { location: "/login" } })],
    ["is not HTML", new Response("{}", { headers: { "content-type": "application/json" } })],
    ["has caching rules of its own", new Response("<html></html>", { headers: { ...html, "cache-control": "no-store" } })],
  ])("refuses a page that %s", (_, response) => {
    expect(storable(response)).toBe(false);
  });
});
