import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Pages the other browser tests do not stop on; each is checked against WCAG 2.1 A/AA. */
describe("accessibility in Chromium", () => {
  it("public pages: blog and not found", async () => {
    const { page, close } = await openPage(browser);
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
});
