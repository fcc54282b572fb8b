import { type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, uniqueEmail } from "../support/http-client";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The focused element (its start tag) and whether it shows where focus is: an outline or a box-shadow ring. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement ?? document.body;
    const style = getComputedStyle(element);
    const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    return { element: element.outerHTML.slice(0, element.outerHTML.indexOf(">") + 1), visible: outlined || style.boxShadow !== "none" };
  });
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has focus, checking that every control on the way shows its focus. */
async function moveFocusTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab") {
  for (let presses = 0; presses < 60; presses++) {
    await page.keyboard.press(key);
    expect(await focused(page)).toMatchObject({ visible: true });
    if (await hasFocus(target)) return;
  }
  throw new Error(`${key} never reached ${target}`);
}

describe("keyboard only in Chromium", () => {
  it("a buyer signs in and books a car from Home without the mouse", async () => {
    const email = uniqueEmail("keys");
    await app.register({ name: "Keyboard Buyer", email });
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/login");

    const password = page.getByLabel("Password", { exact: true });
    await moveFocusTo(page, page.getByLabel("Email"));
    await page.keyboard.type(email);
    await moveFocusTo(page, page.getByRole("button", { name: "Show password" }));
    await moveFocusTo(page, password, "Shift+Tab");
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    const card = page.getByRole("region", { name: "Advertised cars" }).getByRole("article").first();
    const bookNow = card.getByRole("link", { name: /^Book Now/ });
    await moveFocusTo(page, bookNow);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Phone").waitFor();
    // Focus starts on the first field to fill in.
    expect(await hasFocus(dialog.getByLabel("Phone"))).toBe(true);
    await page.keyboard.type("01711 445566");
    await moveFocusTo(page, dialog.getByLabel("Meeting location"));
    await page.keyboard.type("Mirpur 10");
    await moveFocusTo(page, dialog.getByRole("button", { name: "Submit" }));
    await page.keyboard.press("Space");

    await page.getByText("Booking confirmed").waitFor();
    await dialog.waitFor({ state: "detached" });
    // Focus is back on the same link, which now says the car is booked.
    expect(await hasFocus(card.getByRole("link", { name: /^Booked/ }))).toBe(true);
    expect(await focused(page)).toMatchObject({ visible: true });

    // Alt+T moves focus to the notifications and holds them there, so the toast can be checked as it stays.
    await page.keyboard.press("Alt+T");
    expect(await page.getByRole("region", { name: /^Notifications/ }).evaluate((element) => element.contains(document.activeElement))).toBe(
      true,
    );
    await expectAccessible(page, "Home with a toast");
    expect(await page.getByText("Booking confirmed").isVisible()).toBe(true);
    await close();
  });
});
