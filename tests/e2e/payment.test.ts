import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, expectAccessible, gotoInteractive, launchBrowser, listThroughApi, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("paying in Chromium (simulator)", () => {
  it("a buyer pays for an order from My Orders, sees a decline, then success and the receipt", async () => {
    const { page, cspViolations, close } = await openPage(browser);
    const email = `payer-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await gotoInteractive(page, "/register");
    await page.getByLabel("Name").fill("Card Payer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${appUrl}/`);

    const carName = await listThroughApi("seller@autoreseller.test", `Card Paid Hatchback ${Date.now()}`);
    await page.getByRole("link", { name: "See all cars: Hatchback" }).click();
    const card = page.getByRole("article").filter({ hasText: carName });
    await card.getByRole("link", { name: /^Book Now/ }).click();
    await page.getByRole("dialog").getByLabel("Phone").fill("01711 121212");
    await page.getByRole("dialog").getByLabel("Meeting location").fill("Uttara");
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();

    await page.goto("/dashboard/myorders");
    await page.getByRole("link", { name: `Pay for ${carName}` }).click();
    await page.getByRole("heading", { name: `Payment for ${carName}` }).waitFor();
    await page.getByText("Test mode").waitFor();
    await expectAccessible(page, "the payment page");
    const pay = page.getByRole("button", { name: "Pay" });
    await page.waitForFunction(() => !(document.querySelector("form button[type=submit]") as HTMLButtonElement | null)?.disabled);

    // On a phone: digits typed as they come, spaced and slashed as the card reads; a numeric keypad; fields in line.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByLabel("Card number").pressSequentially("4000000000000002");
    expect(await page.getByLabel("Card number").inputValue()).toBe("4000 0000 0000 0002");
    await page.getByLabel("Expiration (MM/YY)").pressSequentially("1234");
    expect(await page.getByLabel("Expiration (MM/YY)").inputValue()).toBe("12/34");
    await page.getByLabel("CVC").fill("123");
    for (const label of ["Card number", "Expiration (MM/YY)", "CVC"]) {
      expect(await page.getByLabel(label).getAttribute("inputmode")).toBe("numeric");
    }
    const [expiryBox, cvcBox] = [await page.getByLabel("Expiration (MM/YY)").boundingBox(), await page.getByLabel("CVC").boundingBox()];
    expect(expiryBox!.y).toBe(cvcBox!.y);
    expect(await pay.textContent()).toBe("Pay $7,000");
    await pay.click();
    await page.getByRole("alert").filter({ hasText: "Your card was declined." }).waitFor();
    await expectAccessible(page, "the payment page with a declined card");

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await pay.click();
    await page.getByText("Congrats! your payment completed").waitFor();
    // No dead "Paid" button: the receipt and My Orders come next.
    await page.getByRole("link", { name: "See your receipt" }).waitFor();

    await page.goto("/dashboard/myorders");
    await page
      .getByRole("listitem")
      .filter({ hasText: carName })
      .getByRole("link", { name: `Paid: see the receipt for ${carName}` })
      .waitFor();
    expect(cspViolations).toEqual([]);
    await close();
  });
});
