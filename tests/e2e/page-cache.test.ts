import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, launchBrowser, openPage } from "./browser";

// A page from the edge cache (workers/page-cache.ts) is served as it was stored, with the CSP it was
// rendered with: the hashes of its inline scripts and 'strict-dynamic' (decision record 29). In a
// real browser that must let its module scripts load, hydrate it, and let it load the next page's code.

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
  it("hydrates Home, the search page and a car's page served from the cache, with no script blocked", async () => {
    const { page, cspViolations, close } = await openPage(browser);
    await untilCached("/cars");
    await page.goto("/cars");
    const carPath = new URL(
      await page
        .locator('a[href^="/cars/"]')
        .first()
        .evaluate((link) => (link as HTMLAnchorElement).href),
    ).pathname;
    for (const path of ["/", "/cars", carPath]) {
      await untilCached(path);
      const response = await page.goto(path);
      expect(response?.headers()["server-timing"], path).toContain("page-cache;desc=hit");
      expect(response?.headers()["content-security-policy"], path).toMatch(/script-src [^;]*'sha256-[^;]*'strict-dynamic'/);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    }
    // After hydration the router loads the next page's modules itself (scripts a trusted script loads).
    await page.goto("/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("link", { name: "About us" }).click();
    await page.getByRole("heading", { level: 1, name: /about/i }).waitFor();
    expect(await page.evaluate(() => "sameDocument" in window), "the router, not the browser, went to /about").toBe(true);
    expect(cspViolations).toEqual([]);
    await close();
  });
});
