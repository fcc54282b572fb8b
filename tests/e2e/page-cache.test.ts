import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, launchBrowser, openPage, signInAs } from "./browser";

// A page from the edge cache (workers/page-cache.ts) is served as it was stored, with the CSP it was
// rendered with: the hashes of its inline scripts and 'strict-dynamic' (decision record 29). In a
// real browser that must let its module scripts load, hydrate it, and let it load the next page's code.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Asks for the page (as the visitor with `cookie`, if given) until the app serves it from the cache (a rendered page is stored after its response). */
async function untilCached(path: string, cookie?: string) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await app.request(path, { headers: cookie ? { cookie } : {} });
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

// A signed-in visitor gets the copy rendered for every signed-in visitor from the
// cache; their personal data (name, counts, hearts) comes after hydration from GET /visitor-parts
// (app/lib/site/personal-page-data.tsx), without a hydration mismatch, and the page stays usable without them.
describe("a signed-in visitor's page from the cache in Chromium", () => {
  const BUYER = { email: "buyer@autoreseller.test", name: "Nadia Islam" };

  /** A signed-in buyer's page (its browser ran our scripts at sign-in) with the car they saved, cached for signed-in visitors. */
  async function signedInOnCachedCar(page: Page) {
    await signInAs(page, BUYER.email, "/dashboard");
    const [{ id }] = await app.sql("select id from products where is_paid = 0 order by created_at desc limit 1");
    const carPath = `/cars/${String(id)}`;
    const token = await app.accessToken(BUYER.email);
    expect(
      (await app.request(`/api/favourites/${String(id)}`, { method: "PUT", headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).toContain("ar_js");
    await untilCached(carPath, cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "));
    return carPath;
  }

  it("shows their name, counts and saved heart after hydration, on a page the cache served, with no hydration error", async () => {
    const { page, close } = await openPage(browser);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const carPath = await signedInOnCachedCar(page);
    const response = await page.goto(carPath);
    expect(response?.headers()["server-timing"]).toContain("page-cache;desc=hit");
    expect(await response?.text()).not.toContain(BUYER.name);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect.poll(() => page.locator(".nav-user").first().textContent()).toBe(BUYER.name);
    await page
      .getByRole("link", { name: /^Notifications/ })
      .first()
      .waitFor();
    expect(
      await page
        .getByRole("button", { name: /^Remove .* from favourites$/ })
        .first()
        .getAttribute("aria-pressed"),
    ).toBe("true");
    expect(errors).toEqual([]);
    await close();
  });

  it("stays usable when their personal data fails to load: signed in without a name, and the heart still saves", async () => {
    const { page, close } = await openPage(browser);
    const carPath = await signedInOnCachedCar(page);
    await page.route("**/visitor-parts?**", (route) => route.abort());
    await page.goto(carPath);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const navigation = page.getByRole("navigation", { name: "Main" });
    await navigation.getByRole("button", { name: "Sign out" }).first().waitFor({ state: "attached" });
    expect(await navigation.locator(".nav-user").count()).toBe(0);
    expect(await navigation.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    // Shown as not saved (nobody's hearts are on the page): pressing it saves, which it already was.
    const heart = page
      .getByRole("main")
      .getByRole("button", { name: /^Save / })
      .first();
    await heart.click();
    await expect
      .poll(() =>
        page
          .getByRole("main")
          .getByRole("button", { name: /from favourites$/ })
          .first()
          .getAttribute("aria-pressed"),
      )
      .toBe("true");
    await page.getByRole("link", { name: "Book Now" }).first().waitFor();
    await close();
  });
});
