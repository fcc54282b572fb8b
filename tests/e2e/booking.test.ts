import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("booking in Chromium", () => {
  it("asks a signed-out visitor to sign in, in an accessible dialog", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    const bookNow = page
      .getByRole("region", { name: "Advertised cars" })
      .getByRole("link", { name: /^Book Now/ })
      .first();
    await bookNow.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Please Signin to book it").waitFor();
    expect(await dialog.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    await expectAccessible(page, "the booking dialog, signed out");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Book Now");
    await close();
  });

  it("a fresh buyer books a car from Home and finds it in My Orders with a Pay link", async () => {
    const { page, close } = await openPage(browser);
    const email = `booker-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await gotoInteractive(page, "/register");
    await page.getByLabel("Name").fill("Keen Buyer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${appUrl}/`);

    const card = page.getByRole("region", { name: "Advertised cars" }).getByRole("article").first();
    const carName = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name: /^Book Now/ }).click();
    const dialog = page.getByRole("dialog", { name: carName });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Product name").inputValue()).toBe(carName);
    expect(await dialog.getByLabel("Your email").inputValue()).toBe(email);
    expect(await dialog.getByLabel("Your name").getAttribute("readonly")).not.toBeNull();

    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Phone is required").waitFor();
    await expectAccessible(page, "the booking dialog, signed in, with errors");
    await dialog.getByLabel("Phone").fill("01711 998877");
    await dialog.getByLabel("Meeting location").fill("Dhanmondi 27");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();
    await dialog.waitFor({ state: "detached" });

    await card.getByRole("link", { name: /^Book Now/ }).click();
    await page.getByRole("dialog").getByLabel("Phone").fill("1");
    await page.getByRole("dialog").getByLabel("Meeting location").fill("x");
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByText("You have already booked this car").waitFor();
    await page.keyboard.press("Escape");

    await page.goto("/dashboard/myorders");
    await expectAccessible(page, "/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: carName });
    expect(await order.getByRole("link", { name: `Pay for ${carName}` }).getAttribute("href")).toMatch(/^\/dashboard\/payment\/[\w-]+$/);
    await close();
  });

  it("reports an item with a toast, and answers a repeat kindly", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/login");
    await page.getByLabel("Email").fill("buyer2@autoreseller.test");
    await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/`);
    const report = page
      .getByRole("region", { name: "Advertised cars" })
      .getByRole("button", { name: /^Report this item/ })
      .last();
    await report.click();
    await page.getByText("Report sent to admin").waitFor();
    await report.click();
    await page.getByText("You have already reported this item").waitFor();
    await close();
  });
});
