import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../support/http-client";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Seller tools at 390 px: a new seller's dashboard offers "List your first car"; the
// dashboard's figures open My Products filtered; My Products filters, searches and sorts (without
// JavaScript too) and its names open the car, where its seller finds Edit and Statistics instead of
// Report; the listing form suggests a price and fills the make and year from the VIN, with and
// without JavaScript.

const PHONE = { width: 390, height: 844 };
const SELLER = "seller@autoreseller.test";
// A Toyota VIN (JT…) whose 10th character, 5, is the 2005 model year.
const TOYOTA_VIN = "JTDBR32E550012345";

let browser: Browser;
/** The demo's make, model and year with the most cars within two years of it: a suggestion has comparables. */
let common: { make: string; model: string; year: string };
beforeAll(async () => {
  browser = await launchBrowser();
  const [row] = await app.sql(
    `select a.make, a.model, a.purchase_year as year, count(*) as cars from products a
     join products b on b.make = a.make collate nocase and b.model = a.model collate nocase and abs(b.purchase_year - a.purchase_year) <= 2
     where a.make is not null and a.model is not null group by a.id order by cars desc limit 1`,
  );
  common = { make: String(row.make), model: String(row.model), year: String(row.year) };
});
afterAll(() => browser?.close());

/**
 * axe on a page seen without JavaScript: axe runs in the page, so it runs in a context with scripts
 * that has the same cookies (the page is the same server render).
 */
async function expectAccessibleWithoutScripts(page: Page, label: string) {
  const context = await browser.newContext({ baseURL: appUrl, viewport: PHONE, storageState: await page.context().storageState() });
  const withScripts = await context.newPage();
  await withScripts.goto(page.url());
  await expectAccessible(withScripts, label);
  await context.close();
}

describe("seller tools on a 390 px phone", () => {
  it("a new seller is asked to list their first car instead of seeing zeros", async () => {
    const email = uniqueEmail("first-car");
    await app.registerSeller({ email });
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(page, email, "/dashboard");
    await page.getByRole("link", { name: "List your first car" }).click();
    await page.waitForURL(`${appUrl}/dashboard/addproduct`);
    await page.goto("/dashboard");
    await expectAccessibleWithoutScripts(page, "a new seller's dashboard");
    expect(await page.getByText("Cars for sale").count()).toBe(0);
    await close();
  }, 60_000);

  it("without JavaScript: the figures open My Products filtered; it searches and sorts; a name opens the car with Edit and Statistics", async () => {
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(page, SELLER, "/dashboard");
    await page.getByRole("link", { name: /Sold/ }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts?status=sold`);
    expect(await page.getByRole("link", { name: "Sold", exact: true }).getAttribute("aria-current")).toBe("page");
    await page.goto("/dashboard");
    await page.getByRole("link", { name: /Cars for sale/ }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts?status=for-sale`);
    await expectAccessibleWithoutScripts(page, "My Products, for sale");

    const [car] = await app.sql(
      "select id, name from products where seller_id = (select id from users where email = ?) and is_paid = 0 order by resale_price limit 1",
      [SELLER],
    );
    const word = String(car.name).split(" ")[0];
    await page.getByLabel("Name contains").fill(word);
    await page.getByLabel("Order").selectOption("price-low");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await page.waitForURL(/q=/);
    expect(new URL(page.url()).searchParams.get("status")).toBe("for-sale");
    const names = page.getByRole("rowheader").getByRole("link");
    expect(await names.first().textContent()).toBe(car.name);
    await expectAccessibleWithoutScripts(page, "My Products, searched");

    await names.first().click();
    await page.waitForURL(`${appUrl}/cars/${String(car.id)}`);
    expect(await page.getByRole("link", { name: /Report this item/ }).count()).toBe(0);
    expect(await page.getByRole("link", { name: `Edit ${String(car.name)}` }).getAttribute("href")).toBe(
      `/dashboard/myproducts/${String(car.id)}/edit`,
    );
    await page.getByRole("link", { name: `Statistics of ${String(car.name)}` }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts/${String(car.id)}/statistics`);
    await page.getByRole("heading", { name: String(car.name) }).waitFor();
    await page.getByRole("heading", { name: "Views per day" }).waitFor();
    await expectAccessibleWithoutScripts(page, "a car's statistics");
    await close();
  }, 60_000);

  it("without JavaScript: the VIN fills the empty make and year, and Suggest a price opens the suggestion in a new tab", async () => {
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(page, SELLER, "/dashboard/addproduct");
    await page.getByLabel("VIN (optional)").fill(TOYOTA_VIN);
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.getByText("Model is required").waitFor();
    expect(await page.getByLabel("Make", { exact: true }).inputValue()).toBe("Toyota");
    expect(await page.getByLabel(/Purchase year/).inputValue()).toBe("2005");

    await page.getByLabel("Make", { exact: true }).fill(common.make);
    await page.getByLabel("Model", { exact: true }).fill(common.model);
    await page.getByLabel(/Purchase year/).fill(common.year);
    const [tab] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("button", { name: "Suggest a price" }).click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/dashboard/addproduct/price-suggestion");
    expect(await tab.getByRole("region", { name: "The suggestion" }).textContent()).toContain("Suggested price");
    expect(await tab.getByRole("list", { name: "Comparable cars" }).getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    await tab.setViewportSize(PHONE);
    await expectAccessibleWithoutScripts(tab, "the price suggestion page");
    // The form stays as filled in, in its own tab.
    expect(await page.getByLabel("Model", { exact: true }).inputValue()).toBe(common.model);
    await close();
  }, 60_000);

  it("with JavaScript: the VIN fills the make and year as it is typed, and the suggestion shows under the price", async () => {
    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, SELLER, "/dashboard");
    await gotoInteractive(page, "/dashboard/addproduct");
    await page.getByLabel("VIN (optional)").fill(TOYOTA_VIN);
    await expect.poll(() => page.getByLabel("Make", { exact: true }).inputValue()).toBe("Toyota");
    expect(await page.getByLabel(/Purchase year/).inputValue()).toBe("2005");
    // A make already entered is kept.
    await page.getByLabel("Make", { exact: true }).fill(common.make);
    await page.getByLabel("VIN (optional)").fill("");
    await page.getByLabel("VIN (optional)").fill(TOYOTA_VIN);
    expect(await page.getByLabel("Make", { exact: true }).inputValue()).toBe(common.make);

    await page.getByLabel("Model", { exact: true }).fill(common.model);
    await page.getByLabel(/Purchase year/).fill(common.year);
    const pages = page.context().pages().length;
    await page.getByRole("button", { name: "Suggest a price" }).click();
    await expect.poll(() => page.locator("#price-suggestion-result").textContent()).toContain("Suggested price");
    expect(page.context().pages().length).toBe(pages);
    expect(await page.getByRole("list", { name: "Comparable cars" }).getByRole("listitem").count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, "Add Product with a price suggestion");
    await close();
  }, 60_000);
});
