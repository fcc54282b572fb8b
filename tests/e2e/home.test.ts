import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, expectAccessible, gotoInteractive, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("home page in Chromium", () => {
  it("shows categories, advertised cars and the FAQ, all from our own origin", async () => {
    const { page, foreignRequests, cspViolations, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    await expect(page.title()).resolves.toBe("Home - AR");
    expect(await page.getByRole("link", { name: /See all cars/ }).count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole("heading", { name: "Advertised cars" }).isVisible()).toBe(true);

    const question = page.locator("summary").filter({ hasText: "check a used car's history" });
    await question.click();
    expect(await page.getByText("17-digit VIN").isVisible()).toBe(true);
    // Paying by card: the buyer protection in a sentence.
    await page.locator("summary").filter({ hasText: "Is it safe to pay by card?" }).click();
    expect(await page.getByText(/Buyer protection: we hold your payment until you confirm you have the car/).isVisible()).toBe(true);
    await expectAccessible(page, "Home");

    const images = await page
      .locator("main img")
      .evaluateAll((nodes: Element[]) => nodes.map((node) => ({ width: node.getAttribute("width"), height: node.getAttribute("height") })));
    expect(images.length).toBeGreaterThan(0);
    expect(images.every((image: { width: string | null; height: string | null }) => image.width && image.height)).toBe(true);
    expect(foreignRequests).toEqual([]);
    expect(cspViolations).toEqual([]);
    await close();
  });

  it("opens on a picture behind the first slide's words, fetched first from our own origin, with JavaScript or without", async () => {
    for (const javaScriptEnabled of [true, false]) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const { page, foreignRequests, close } = await openPage(browser, { viewport, javaScriptEnabled });
        await page.goto("/", { waitUntil: "load" });
        const slides = page.locator('[aria-roledescription="slide"]');
        const first = slides.first();
        expect(await first.isVisible()).toBe(true);
        const picture = first.locator("img");
        const shown = await picture.evaluate((img: HTMLImageElement) => {
          const box = img.getBoundingClientRect();
          const slide = img.parentElement!.getBoundingClientRect();
          return {
            loaded: img.complete && img.naturalWidth > 0,
            origin: new URL(img.currentSrc).origin,
            lazy: img.loading === "lazy",
            priority: img.getAttribute("fetchpriority"),
            // It covers its slide, and the slide is on the first screen.
            covers: box.left <= slide.left && box.right >= slide.right && box.top <= slide.top && box.bottom >= slide.bottom,
            onFirstScreen: slide.top < innerHeight,
          };
        });
        expect(shown).toEqual({
          loaded: true,
          origin: new URL(page.url()).origin,
          lazy: false,
          priority: "high",
          covers: true,
          onFirstScreen: true,
        });
        // The other slides' pictures wait until they are shown.
        expect(await slides.nth(1).locator("img").getAttribute("loading")).toBe("lazy");
        if (viewport.width === 390 && javaScriptEnabled) await expectAccessible(page, "Home at 390 px");
        expect(foreignRequests).toEqual([]);
        await close();
      }
    }
  });

  it("rotates the carousel by itself and lets the user stop it and move with buttons", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const visibleSlide = () => carousel.locator('[aria-roledescription="slide"]:visible').getAttribute("aria-label");
    expect(await visibleSlide()).toBe("1 of 5");
    await page.waitForFunction(
      () => document.querySelector('[aria-roledescription="slide"]:not([hidden])')?.getAttribute("aria-label") === "2 of 5",
      undefined,
      { timeout: 10_000 },
    );

    const stop = page.getByRole("button", { name: "Stop automatic slide show" });
    await stop.click();
    expect(await page.getByRole("button", { name: "Start automatic slide show" }).isVisible()).toBe(true);

    await page.getByRole("button", { name: "Next slide" }).click();
    expect(await visibleSlide()).toBe("3 of 5");
    await page.getByRole("button", { name: "Previous slide" }).press("Enter");
    await page.getByRole("button", { name: "Previous slide" }).press("Enter");
    expect(await visibleSlide()).toBe("1 of 5");
    await page.getByRole("button", { name: "Previous slide" }).press("Enter");
    expect(await visibleSlide()).toBe("5 of 5");
    await close();
  });

  it("does not rotate when the user prefers reduced motion", async () => {
    const { page, close } = await openPage(browser, { reducedMotion: "reduce" });
    await gotoInteractive(page, "/");
    expect(await page.getByRole("button", { name: "Start automatic slide show" }).isVisible()).toBe(true);
    await close();
  });

  it("opens the mobile menu on a small screen", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 375, height: 740 } });
    await page.goto("/blog");
    await page.locator("header summary").click();
    expect(await page.locator("details[open]").getByRole("link", { name: "Sign In" }).isVisible()).toBe(true);
    await expectAccessible(page, "/blog with the mobile menu open");
    await close();
  });

  it("a visitor on a phone opens every page the sitemap lists, and /categories puts the busiest first with counts", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    const xml = await (await app.request("/sitemap.xml")).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1].replaceAll("&#38;", "&")));
    // Every kind of page once: fixed pages, a make's and a category's search, a car.
    const kinds = new Map(
      paths.map((url) => [url.pathname.startsWith("/cars/") ? "car" : url.pathname + [...url.searchParams.keys()].join(), url]),
    );
    for (const url of kinds.values()) {
      const response = await page.goto(url.pathname + url.search);
      expect(`${url} ${response?.status()} ${new URL(page.url()).pathname}`).toBe(`${url} 200 ${url.pathname}`);
    }

    await page.goto("/categories");
    const counts = await page
      .locator("main article")
      .evaluateAll((cards: Element[]) =>
        cards.map((card) => Number(/(\d[\d,]*) cars? for sale/.exec(card.textContent ?? "")?.[1].replace(",", ""))),
      );
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    expect(counts.every((count) => Number.isInteger(count))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await close();
  });

  it("on a 390 px phone the first advertised car is within two screens, with categories in a row that scrolls sideways", async () => {
    for (const javaScriptEnabled of [false, true]) {
      const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled });
      if (javaScriptEnabled) await gotoInteractive(page, "/");
      else await page.goto("/");
      const firstCar = page.getByRole("region", { name: "Advertised cars" }).locator("article").first();
      const top = await firstCar.evaluate((node) => node.getBoundingClientRect().top + window.scrollY);
      expect(top).toBeLessThan(2 * 844);
      const row = page.getByRole("list", { name: "Categories" });
      expect(await row.evaluate((node) => node.scrollWidth > node.clientWidth)).toBe(true);
      const cards = await row
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(new Set(cards).size).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (javaScriptEnabled) await expectAccessible(page, "Home at 390 px");
      await close();
    }
  });
});
