import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Favourites and saved searches in Chromium (issue 17): the heart on cards with and without
// JavaScript, "Save this search" on /cars, and both dashboard pages.

let browser: Browser;
let email: string;
beforeAll(async () => {
  browser = await launchBrowser();
  email = `fav-e2e-${crypto.randomUUID().slice(0, 8)}@autoreseller.test`;
  await app.register({ email, name: "Favourite Finder" });
});
afterAll(() => browser?.close());

/** A card's heart that would save its car (not "Save this search"). */
const SAVE_HEART = /^Save (?!this search)/;

describe("favourites and saved searches", () => {
  it("saves a car from a card and finds it in /dashboard/favourites", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/cars?make=Toyota");
    await gotoInteractive(page, "/cars?make=Toyota");
    const heart = page.getByRole("button", { name: SAVE_HEART }).first();
    const label = (await heart.getAttribute("aria-label"))!;
    const name = label.replace(/^Save /, "");
    await heart.click();
    const pressed = page.getByRole("button", { name: `Remove ${name} from favourites` }).first();
    await pressed.waitFor();
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await expectAccessible(page, "/cars with a saved car's heart");

    await page.goto("/dashboard/favourites");
    await page.getByRole("heading", { name: "Favourites" }).waitFor();
    await page.getByRole("link", { name }).first().waitFor();
    await expectAccessible(page, "/dashboard/favourites");
    await close();
  });

  it("saves a search from /cars and opens it from /dashboard/saved-searches", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/cars?make=Toyota&location=Dhaka");
    await gotoInteractive(page, "/cars?make=Toyota&location=Dhaka");
    await page.getByRole("button", { name: "Save this search: Toyota in Dhaka" }).click();
    await page.getByRole("status").filter({ hasText: "Search saved." }).waitFor();

    await page.goto("/dashboard/saved-searches");
    await page.getByRole("heading", { name: "Saved searches" }).waitFor();
    await expectAccessible(page, "/dashboard/saved-searches");
    await page.getByRole("link", { name: "Toyota in Dhaka" }).click();
    await page.waitForURL(/\/cars\?make=Toyota&location=Dhaka$/);
    await page.getByRole("heading", { name: /Used Toyota cars for sale/ }).waitFor();
    await close();
  });

  it("the heart works without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await signInAs(page, email, "/cars?make=Honda");
    const heart = page.getByRole("button", { name: SAVE_HEART }).first();
    const name = (await heart.getAttribute("aria-label"))!.replace(/^Save /, "");
    await heart.click();
    await page.waitForURL(/\/cars\?make=Honda$/);
    const pressed = page.getByRole("button", { name: `Remove ${name} from favourites` }).first();
    await pressed.waitFor();
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/dashboard/favourites");
    await page.getByRole("link", { name }).first().waitFor();
    await close();
  });

  it("is accessible at 360 px: a card with its heart and both dashboard pages", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await signInAs(page, email, "/cars?make=Toyota");
    await gotoInteractive(page, "/cars?make=Toyota");
    await page
      .getByRole("button", { name: /from favourites$/ })
      .first()
      .waitFor();
    await expectAccessible(page, "/cars at 360 px");
    for (const [path, heading] of [
      ["/dashboard/favourites", "Favourites"],
      ["/dashboard/saved-searches", "Saved searches"],
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      await expectAccessible(page, `${path} at 360 px`);
    }
    await close();
  });
});
