import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage } from "./browser";

// Finding a car: from Home's search box to /cars, narrowing, sorting and loosening, with and
// without JavaScript; each count is checked against GET /api/products with the same filters.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Answer {
  total: number;
  data: { productName: string }[];
}
const api = async (query: string) => (await (await app.request(`/api/products?${query}`)).json()) as Answer;
const cars = (total: number) => `${total.toLocaleString("en-US")} ${total === 1 ? "car" : "cars"}`;
const resultCount = (page: Page) => page.getByRole("status").filter({ hasText: /^[\d,]+ cars?$/ });
const cardNames = (page: Page) => page.locator("main article h3").allTextContents();
const searchParams = (page: Page) => new URL(page.url()).searchParams;

async function expectCount(page: Page, query: string) {
  const { total } = await api(query);
  await resultCount(page)
    .filter({ hasText: new RegExp(`^${cars(total)}$`) })
    .waitFor();
  return total;
}

describe("searching for a car in Chromium", () => {
  it("a buyer searches from Home, narrows by make and price, sorts by price, removes a filter by its chip and opens a car", async () => {
    const { page, foreignRequests, cspViolations, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    const hero = page.getByRole("search");
    await hero.getByLabel("Keywords").fill("Toyota");
    await hero.getByLabel("Max price ($)").fill("40000");
    await hero.getByRole("button", { name: "Search cars" }).click();
    await page.waitForURL(/\/cars\?/);
    expect(searchParams(page).get("q")).toBe("Toyota");
    expect(searchParams(page).get("maxPrice")).toBe("40000");
    await expectCount(page, "q=Toyota&maxPrice=40000");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // A make from the suggestions applies at once; a typed price after a pause, replacing the entry.
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Make").fill("Toyota");
    await page.waitForURL((url) => url.searchParams.get("make") === "Toyota");
    await filters.getByLabel("Max price").fill("20000");
    await page.waitForURL((url) => url.searchParams.get("maxPrice") === "20000");
    const narrowed = await expectCount(page, "q=Toyota&make=Toyota&maxPrice=20000");
    expect(narrowed).toBeGreaterThan(1);

    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price_asc");
    const cheapestFirst = await api("q=Toyota&make=Toyota&maxPrice=20000&sort=price_asc");
    await expect.poll(() => cardNames(page)).toEqual(cheapestFirst.data.map((car) => car.productName));

    await page.getByRole("link", { name: "Remove filter: Max price $20,000" }).click();
    await page.waitForURL((url) => !url.searchParams.has("maxPrice") && url.searchParams.get("sort") === "price_asc");
    await expectCount(page, "q=Toyota&make=Toyota");
    expect(await filters.getByLabel("Max price").inputValue()).toBe("");
    expect(await filters.getByLabel("Make").inputValue()).toBe("Toyota");

    const first = page.locator("main article h3 a").first();
    const name = await first.textContent();
    await first.click();
    await page.waitForURL(/\/cars\/[^/?]+$/);
    await page.getByRole("heading", { level: 1, name: name! }).waitFor();

    // Back returns to the same search.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/cars" && url.searchParams.get("make") === "Toyota");
    await expectCount(page, "q=Toyota&make=Toyota");
    expect(foreignRequests).toEqual([]);
    expect(cspViolations).toEqual([]);
    await close();
  });

  it("the same search works with JavaScript off", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/");
    await page.getByLabel("Keywords").fill("Toyota");
    await page.getByLabel("Max price ($)").fill("40000");
    await page.getByRole("button", { name: "Search cars" }).click();
    await page.waitForURL(/\/cars\?/);
    await expectCount(page, "q=Toyota&maxPrice=40000");

    await page.locator("summary", { hasText: /^Filters/ }).click();
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Make").fill("Toyota");
    await filters.getByLabel("Max price").fill("20000");
    await page.getByLabel("Sort by").selectOption("price_asc");
    await filters.getByRole("button", { name: "Show results" }).click();
    await page.waitForURL((url) => url.searchParams.get("make") === "Toyota" && url.searchParams.get("sort") === "price_asc");
    await expectCount(page, "q=Toyota&make=Toyota&maxPrice=20000");
    const cheapestFirst = await api("q=Toyota&make=Toyota&maxPrice=20000&sort=price_asc");
    expect(await cardNames(page)).toEqual(cheapestFirst.data.map((car) => car.productName));

    await page.getByRole("link", { name: "Remove filter: Max price $20,000" }).click();
    await page.waitForURL((url) => !url.searchParams.has("maxPrice"));
    await expectCount(page, "q=Toyota&make=Toyota");
    await close();
  });

  it("says which filter to loosen, and a chip removes it by keyboard", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/cars?make=Toyota&maxPrice=1000");
    const { total } = await api("make=Toyota");
    await page.getByText(`No cars match. Try removing “Max price $1,000” — ${cars(total)} without it.`).waitFor();
    await page.getByRole("link", { name: "Remove filter: Max price $1,000" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${appUrl}/cars?make=Toyota`);
    await expectCount(page, "make=Toyota");
    // The chip is gone; focus waits on the new count rather than falling back to the page's top.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(cars(total));
    await close();
  });

  it("axe finds nothing on /cars, on a phone (no sideways scrolling) and with the filter panel open", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/cars?make=Toyota&location=Dhaka");
    await expectAccessible(page, "/cars with filters");
    await gotoInteractive(page, "/cars?make=Toyota&maxPrice=1000");
    await expectAccessible(page, "/cars with no results");
    await close();

    const phone = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await gotoInteractive(phone.page, "/cars?make=Toyota&location=Dhaka");
    const fitsWidth = () => phone.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fitsWidth()).toBe(true);
    await expectAccessible(phone.page, "/cars at 360 px");
    expect(await phone.page.getByRole("form", { name: "Filters" }).isVisible()).toBe(false);
    await phone.page.locator("summary", { hasText: /^Filters/ }).click();
    expect(await phone.page.getByRole("form", { name: "Filters" }).isVisible()).toBe(true);
    expect(await fitsWidth()).toBe(true);
    await expectAccessible(phone.page, "/cars at 360 px with the filter panel open");
    await phone.close();
  });

  it("on a 1280×800 screen, six cars or more show their price, its rating, year and mileage before any scrolling", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await gotoInteractive(page, "/cars");
    // A card counts when its price, year and mileage, and its ratings (the price's, the seller's) where it
    // has them, are wholly on the first screen; found by what they say, screen readers' words included.
    const cardsInView = () =>
      page.locator("main article").evaluateAll(
        (cards) =>
          cards.filter((card) => {
            const find = (pattern: RegExp) =>
              [...card.querySelectorAll("p, span, li")].find((element) => pattern.test(element.textContent ?? ""));
            const inView = (element: Element | undefined) => {
              const box = element?.getBoundingClientRect();
              return !!box && box.height > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth;
            };
            const facts = [find(/^Resale price \$/), find(/^Year: \d{4}$/), find(/^Mileage: /)];
            const ratings = [find(/^(Great|Good|Fair|High) price$/), find(/out of 5,/)].filter(Boolean);
            return [...facts, ...ratings].every(inView);
          }).length,
      );
    expect(await cardsInView()).toBeGreaterThanOrEqual(6);
    await expectAccessible(page, "/cars at 1280 px");
    await close();
  });

  it("on a phone: a model finds its longer names, Show closes the panel with the count, and the pager keeps to one line", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await gotoInteractive(page, "/cars?make=Toyota");
    const { total: toyotas } = await api("make=Toyota");
    await expectCount(page, "make=Toyota");
    await page.locator("summary", { hasText: /^Filters/ }).click();
    const filters = page.getByRole("form", { name: "Filters" });
    await expect.poll(() => filters.getByRole("button", { name: /^Show / }).textContent()).toBe(`Show ${cars(toyotas)}`);
    await expectAccessible(page, "/cars at 390 px with the filter panel open");

    // "Corolla" is the start of "Corolla Axio": both are found (the contract's word-prefix rule).
    await filters.getByLabel("Model").fill("corolla");
    await filters.getByLabel("Model").press("Tab");
    await page.waitForURL((url) => url.searchParams.get("model") === "corolla");
    const corollas = await api("make=Toyota&model=corolla");
    expect(corollas.data.some((car) => /Corolla Axio/.test(car.productName))).toBe(true);
    expect(corollas.data.every((car) => /Corolla/.test(car.productName))).toBe(true);
    await expectCount(page, "make=Toyota&model=corolla");
    const show = filters.getByRole("button", { name: `Show ${cars(corollas.total)}` });
    await show.click();
    expect(await filters.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(cars(corollas.total));

    // Every page of cars: Previous, where you are and Next on one line, nothing wider than the phone.
    await gotoInteractive(page, "/cars?page=2");
    const pager = page.getByRole("navigation", { name: "Pages of results" });
    const previous = await pager.getByRole("link", { name: "Previous" }).boundingBox();
    const next = await pager.getByRole("link", { name: "Next" }).boundingBox();
    expect(next!.y).toBe(previous!.y);
    expect(await pager.getByText(/^Page 2 of \d+$/).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await close();
  });

  it("on a phone without JavaScript: the sort has its own button, and a model filter finds its longer names", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
    await page.goto("/cars?make=Toyota");
    await page.getByLabel("Sort by").selectOption("price_asc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("sort") === "price_asc" && url.searchParams.get("make") === "Toyota");
    const cheapestFirst = await api("make=Toyota&sort=price_asc");
    expect(await cardNames(page)).toEqual(cheapestFirst.data.map((car) => car.productName));

    await page.locator("summary", { hasText: /^Filters/ }).click();
    const filters = page.getByRole("form", { name: "Filters" });
    await filters.getByLabel("Model").fill("Corolla");
    await filters.getByRole("button", { name: "Show results" }).click();
    await page.waitForURL((url) => url.searchParams.get("model") === "Corolla" && url.searchParams.get("sort") === "price_asc");
    const corollas = await expectCount(page, "make=Toyota&model=Corolla");
    expect(corollas).toBeGreaterThan(0);
    expect(await cardNames(page)).toEqual((await api("make=Toyota&model=Corolla&sort=price_asc")).data.map((car) => car.productName));

    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/cars");
    const pager = page.getByRole("navigation", { name: "Pages of results" });
    const previous = await pager.getByText("Previous").boundingBox();
    const next = await pager.getByRole("link", { name: "Next" }).boundingBox();
    expect(next!.y).toBe(previous!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await close();
  });
});
