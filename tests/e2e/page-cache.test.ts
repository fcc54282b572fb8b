import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, launchBrowser, openPage } from "./browser";

// A page from the edge cache (workers/page-cache.ts) runs its scripts in a real browser: the nonces
// put in by HTMLRewriter are the ones its CSP allows.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Asks for the page until the app serves it from the cache (a rendered page is stored after its response). */
async function untilCached(path: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await app.request(path);
    await response.arrayBuffer();
    if (response.headers.get("server-timing")?.includes("page-cache;desc=hit")) return;
  }
  throw new Error(`${path} was never served from the cache`);
}

describe("a cached page in Chromium", () => {
  it("hydrates Home served from the cache, with no script blocked", async () => {
    await untilCached("/");
    const { page, cspViolations, close } = await openPage(browser);
    const response = await page.goto("/");
    expect(response?.headers()["server-timing"]).toContain("page-cache;desc=hit");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(cspViolations).toEqual([]);
    await close();
  });
});
