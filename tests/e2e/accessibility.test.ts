import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pages the other browser tests do not stop on; each is checked against WCAG 2.1 A/AA. */
describe("accessibility in Chromium", () => {
  it("public pages: all categories, blog and not found", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/categories");
    await expectAccessible(page, "/categories");
    await gotoInteractive(page, "/blog");
    await expectAccessible(page, "/blog");
    await gotoInteractive(page, "/no-such-page");
    await page.getByRole("heading", { name: "Sorry, we couldn't find this page." }).waitFor();
    await expectAccessible(page, "the 404 page");
    await close();
  });

  it("the buyer's dashboard", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, "buyer@autoreseller.test", "/dashboard");
    await page.getByRole("heading", { name: "Welcome to Dashboard" }).waitFor();
    await expectAccessible(page, "/dashboard (buyer)");
    await close();
  });

  it("the admin's dashboard home at 360 px: charts with their figures as text", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, "admin@autoreseller.test", "/dashboard");
    await page.getByRole("heading", { name: "Welcome to Dashboard" }).waitFor();
    for (const chart of [/^Sales per week/, /^Cars for sale per category/]) {
      const figure = page.getByRole("figure", { name: chart });
      await figure.getByRole("img", { name: chart }).waitFor();
      await figure.getByText("Show the figures").click();
      const rows = figure.getByRole("table").getByRole("row");
      await rows.nth(1).waitFor();
      expect(await rows.count()).toBeGreaterThan(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, "/dashboard (admin, 360 px, figures open)");
    await close();
  });

  it("the admin's pages", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, "admin@autoreseller.test", "/dashboard/allbuyers");
    await page.getByRole("heading", { name: "All Buyers" }).waitFor();
    await expectAccessible(page, "/dashboard/allbuyers");
    for (const [path, heading] of [
      ["/dashboard/addcategory", "Add Category"],
      ["/dashboard/audit", "Audit trail"],
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      await expectAccessible(page, path);
    }
    await close();
  });

  it("the messages pages: a buyer's empty inbox and a car's message page", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, "buyer2@autoreseller.test", "/dashboard/messages");
    await page.getByRole("heading", { name: "Messages" }).waitFor();
    await expectAccessible(page, "/dashboard/messages (empty)");
    await page.goto("/cars");
    const carPath = await page.locator('main a[href^="/cars/"]').first().getAttribute("href");
    await gotoInteractive(page, `${carPath}/message`);
    await page.getByRole("heading", { name: "Message the seller" }).waitFor();
    await expectAccessible(page, "a car's message page");
    await close();
  });

  it("dashboard tables stacked as cards at 390 px: labelled values, sort links and actions", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 800 } });
    await signInAs(page, "admin@autoreseller.test", "/dashboard/reporteditem");
    await page.getByRole("link", { name: /^Seller Name/ }).waitFor();
    await expectAccessible(page, "/dashboard/reporteditem (390 px)");
    await page.goto("/dashboard/allsellers");
    await page.getByRole("heading", { name: "All Sellers" }).waitFor();
    await expectAccessible(page, "/dashboard/allsellers (390 px)");
    await close();
  });
});
