import { statSync } from "node:fs";
import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, expectAccessible, gotoInteractive, keepWhatPageShows, launchBrowser, openPage, signInAs } from "./browser";

// The mobile menu: a drawer whose toggle becomes its close button, that keeps
// focus inside while open, and closes on Escape and on navigation; without JavaScript it still opens.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 844 } };

const toggle = (page: Page) => page.locator("header summary");
const drawer = (page: Page) => page.locator("header details");
const isOpen = (page: Page) => drawer(page).evaluate((element) => (element as HTMLDetailsElement).open);
const focusInDrawer = (page: Page) => drawer(page).evaluate((element) => element.contains(document.activeElement));
/** The toggle's name: its text as shown to screen readers (one of two labels, by CSS). */
const toggleName = (page: Page) => toggle(page).innerText();
const expanded = (page: Page) => toggle(page).getAttribute("aria-expanded");

describe("the mobile menu in Chromium", () => {
  it("opens as a drawer whose toggle says Close menu, keeps focus inside, and closes on Escape", async () => {
    const { page, close } = await openPage(browser, PHONE);
    await signInAs(page, "buyer@autoreseller.test", "/dashboard");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(await toggleName(page)).toBe("Menu");

    await toggle(page).click();
    await expect.poll(() => expanded(page)).toBe("true");
    expect(await toggleName(page)).toBe("Close menu");
    const signOut = drawer(page).getByRole("button", { name: "Sign out" });
    expect(await signOut.isVisible()).toBe(true);
    await expectAccessible(page, "the dashboard with the mobile menu open");

    // Round the drawer both ways: Tab and Shift+Tab never leave it.
    const stops = await drawer(page).locator("summary, a, button").count();
    for (const key of ["Tab", "Shift+Tab"]) {
      await toggle(page).focus();
      for (let press = 0; press <= stops; press++) {
        await page.keyboard.press(key);
        expect(await focusInDrawer(page), `${key} ${press + 1}`).toBe(true);
      }
    }

    await page.keyboard.press("Escape");
    expect(await isOpen(page)).toBe(false);
    await expect.poll(() => expanded(page)).toBe("false");
    expect(await toggleName(page)).toBe("Menu");
    expect(await toggle(page).evaluate((element) => element === document.activeElement)).toBe(true);
    await close();
  });

  it("closes when one of its links is followed, and closes by its own toggle", async () => {
    const { page, close } = await openPage(browser, PHONE);
    await gotoInteractive(page, "/blog");
    await toggle(page).click();
    await drawer(page).getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/login`);
    await page.getByRole("heading", { level: 1 }).waitFor();
    await expect.poll(() => isOpen(page)).toBe(false);
    expect(await drawer(page).getByRole("link", { name: "Sign Up" }).isVisible()).toBe(false);

    await toggle(page).click();
    expect(await isOpen(page)).toBe(true);
    expect(await toggleName(page)).toBe("Close menu");
    await toggle(page).click();
    expect(await isOpen(page)).toBe(false);
    await close();
  });

  it("opens, says Close menu and leads somewhere without JavaScript", async () => {
    const { page, close } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto("/blog");
    await toggle(page).click();
    expect(await toggleName(page)).toBe("Close menu");
    await drawer(page).getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/login`);
    await close();
  });
});

// What the harness keeps of a failed test's pages (tests/e2e/browser.ts), shown on a page at hand.
describe("what a failed browser test leaves", () => {
  it("a screenshot of the page and, for the log, where it was and what it showed", async () => {
    const { page, close } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await page.goto("/blog");
    await toggle(page).click();
    // Taken now, not left by an earlier run (the file's name is the same each time).
    const started = Date.now();
    const shown = await keepWhatPageShows(page, "mobile-menu--harness check");
    expect(shown).toContain(`${appUrl}/blog (`);
    expect(shown).toMatch(/- heading ".+" \[level=1\]/);
    expect(shown).toContain('link "Sign In"');
    const screenshot = statSync(/\((\S+\.png)\)/.exec(shown)![1], { throwIfNoEntry: false });
    expect(screenshot?.mtimeMs).toBeGreaterThanOrEqual(started - 1);
    await close();
  });
});
