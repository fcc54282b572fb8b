import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/shared/format";
import { type Car } from "~/lib/schemas/types";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// The photo-first car card in Chromium at 360 px: the spec's card fields, a
// sized photo with its small copy, and Report in a More actions menu that works by keyboard, closes
// on Escape and on a tap beside it, fits the screen, and works without JavaScript.

let browser: Browser;
let car: Car;
beforeAll(async () => {
  browser = await launchBrowser();
  [car] = (await (await app.request("/api/products/advertisement")).json()) as Car[];
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 360, height: 740 } };
const cardOf = (page: Page) => page.locator(`article[aria-labelledby="product-${car._id}"]`);
const widthOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe("a car's card", () => {
  it("shows the spec's fields around a sized photo that offers its small copy", async () => {
    const { page, close } = await openPage(browser, PHONE);
    await page.goto("/");
    const card = cardOf(page);
    // Cards below the fold are laid out only when scrolled near (content-visibility), as a reader sees them.
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const text = (await card.innerText()).replace(/\s+/g, " ");
    for (const field of [car.productName, formatPrice(car.resalePrice), car.location, car.condition, car.mobile, car.seller]) {
      expect(text).toContain(field);
    }
    expect(text).toContain(String(car.purchaseYear));
    expect(text).toMatch(/Years used \d+/);
    expect(text).toContain(`Posted ${car.createdDate.slice(0, 10)}`);
    // The original price reads as the price new, never as a struck-through discount.
    expect(text).toContain(`Price new ${formatPrice(car.originalPrice)}`);
    expect(await card.locator("s, del").count()).toBe(0);
    expect(
      await card.evaluate((node) =>
        [...node.querySelectorAll("*")].some((element) => getComputedStyle(element).textDecorationLine.includes("line-through")),
      ),
    ).toBe(false);
    expect(await card.getByRole("link", { name: `Book Now: ${car.productName}` }).isVisible()).toBe(true);

    const photo = card.getByRole("img", { name: `Photo of ${car.productName}`, includeHidden: true });
    expect(await photo.getAttribute("srcset")).toMatch(/ 480w, .+ \d+w$/);
    expect(await photo.getAttribute("sizes")).toBeTruthy();
    expect(Number(await photo.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(await photo.getAttribute("height"))).toBeGreaterThan(0);
    // Report is not on the card's face: it is in the menu.
    expect(await card.getByRole("link", { name: /^Report this item/ }).isVisible()).toBe(false);
    await close();
  });

  it("keeps Report in a More actions menu that opens and closes by keyboard, closes on a tap beside it and fits a 360 px screen", async () => {
    const { page, close } = await openPage(browser, PHONE);
    await gotoInteractive(page, "/");
    const card = cardOf(page);
    const toggle = card.locator("summary", { hasText: `More actions: ${car.productName}` });
    const report = card.getByRole("link", { name: `Report this item: ${car.productName}` });

    await card.getByRole("link", { name: `Book Now: ${car.productName}` }).focus();
    await page.keyboard.press("Tab");
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await report.waitFor();
    await page.keyboard.press("Tab");
    expect(await report.evaluate((element) => element === document.activeElement)).toBe(true);
    // Open, the menu stays within the screen and the card.
    expect(await widthOverflow(page)).toBeLessThanOrEqual(0);
    const [panel, box] = [(await report.boundingBox())!, (await card.boundingBox())!];
    expect(panel.x).toBeGreaterThanOrEqual(box.x);
    expect(panel.x + panel.width).toBeLessThanOrEqual(box.x + box.width);
    await expectAccessible(page, "a card's open More actions menu");

    await page.keyboard.press("Escape");
    await report.waitFor({ state: "hidden" });
    expect(await toggle.evaluate((element) => element === document.activeElement)).toBe(true);

    // A tap beside the open menu (here on the card's contact line) closes it and goes nowhere.
    await toggle.click();
    await report.waitFor();
    const beside = (await card.getByRole("link", { name: car.mobile }).boundingBox())!;
    await page.mouse.click(beside.x + 2, beside.y + beside.height / 2);
    await report.waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${appUrl}/`);
    await close();
  });

  it("without JavaScript the menu still opens and its Report leads to the report page", async () => {
    const email = `card-menu-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.register({ email });
    const { page, close } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await signInAs(page, email, "/");
    const card = cardOf(page);
    await card.locator("summary", { hasText: "More actions" }).click();
    expect(await widthOverflow(page)).toBeLessThanOrEqual(0);
    await card.getByRole("link", { name: `Report this item: ${car.productName}` }).click();
    await page.waitForURL(`${appUrl}/report/${car._id}`);
    await close();
  });
});
