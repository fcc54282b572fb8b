import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealHelpers } from "../support/deal";
import { app, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Offers in Chromium on a 390 px phone: the buyer offers and answers without JavaScript, the seller
// counters, the buyer pays the agreed price and the receipt shows it; another buyer sees nothing.

const PHONE = { width: 390, height: 844 };
const { party, carOf } = dealHelpers(app);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("offers at 390 px", () => {
  it("a buyer offers, the seller counters, the buyer accepts and pays the agreed price; a second buyer sees nothing of it", async () => {
    const buyer = await party("buyer", "offering-buyer");
    const carId = await carOf("seller@autoreseller.test", 20_000);

    // The buyer, without JavaScript: from the car's page to the offer form.
    const buyerPage = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(buyerPage.page, buyer.email, `/cars/${carId}`);
    await buyerPage.page.getByRole("link", { name: "Make an offer on Deal Car" }).first().click();
    await buyerPage.page.getByRole("heading", { name: "Make an offer on Deal Car" }).waitFor();
    await buyerPage.page.getByText("Offer at least $10,000").waitFor();
    await buyerPage.page.getByLabel("Your offer in dollars").fill("9000");
    await buyerPage.page.getByRole("button", { name: "Send the offer" }).click();
    await buyerPage.page
      .getByText(/Offer at least \$10,000 and less than the price/)
      .first()
      .waitFor();
    await buyerPage.page.getByLabel("Your offer in dollars").fill("15000");
    await buyerPage.page.getByLabel("Message to the seller (optional)").fill("Cash on Friday?");
    await buyerPage.page.getByRole("button", { name: "Send the offer" }).click();
    await buyerPage.page.getByText("Offer sent. The seller has been told.").waitFor();
    await expectNoSidewaysScroll(buyerPage.page);

    // The seller counters from the Offers page.
    const seller = await openPage(browser, { viewport: PHONE });
    await signInAs(seller.page, "seller@autoreseller.test", "/dashboard");
    await seller.page.getByText("1 offer is waiting for your answer.").waitFor();
    // The menu counts it too.
    await seller.page.locator("header summary").click();
    await seller.page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "Offers 1 waiting" }).waitFor();
    await seller.page.locator("header summary").click();
    await seller.page.getByRole("link", { name: "Answer offers" }).click();
    const row = seller.page.getByRole("listitem").filter({ hasText: "Cash on Friday?" });
    await row.getByText("$15,000").first().waitFor();
    await expectNoSidewaysScroll(seller.page);
    await expectAccessible(seller.page, "the seller's Offers page");
    await row.getByLabel(/Counter-offer in dollars/).fill("18000");
    await row.getByRole("button", { name: "Counter: Deal Car" }).click();
    await seller.page.getByText("Counter-offer sent: the other side has been told").waitFor();
    await seller.close();

    // The buyer accepts the counter (confirming it) and pays $18,000.
    await buyerPage.page.goto("/dashboard/my-offers");
    // The counter waits for the buyer: the menu says so, without JavaScript too.
    await buyerPage.page.locator("header summary").click();
    await buyerPage.page.getByRole("navigation", { name: "Dashboard menu" }).getByRole("link", { name: "My offers 1 waiting" }).waitFor();
    await buyerPage.page.locator("header summary").click();
    const mine = buyerPage.page.getByRole("listitem").filter({ hasText: "Deal Car" });
    await mine.getByText("$18,000").first().waitFor();
    await mine.getByLabel(/Buy at \$18,000/).check();
    await mine.getByRole("button", { name: "Accept $18,000: Deal Car" }).click();
    await buyerPage.page.getByText("Accepted: the other side has been told").waitFor();
    await buyerPage.page.getByRole("link", { name: "Pay $18,000" }).click();
    await buyerPage.page.getByText("(agreed; listed at $20,000)").waitFor();
    await buyerPage.page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyerPage.page.getByLabel("Expiration (MM/YY)").fill("12/34");
    await buyerPage.page.getByLabel("CVC").fill("123");
    await buyerPage.page.getByRole("button", { name: /^Pay/ }).click();
    await buyerPage.page.getByText("Congrats! your payment completed").waitFor();
    await buyerPage.page.getByRole("link", { name: "See your receipt" }).click();
    await buyerPage.page.getByRole("heading", { name: "Receipt for Deal Car" }).waitFor();
    await buyerPage.page.getByText("$18,000.00").first().waitFor();
    await buyerPage.close();

    // The buyer's pages pass axe (with scripts: axe runs in the page).
    const checked = await openPage(browser, { viewport: PHONE });
    await signInAs(checked.page, buyer.email, "/dashboard/my-offers");
    await checked.page.getByText("Accepted").first().waitFor();
    await expectAccessible(checked.page, "the buyer's My offers page");
    await gotoInteractive(checked.page, `/cars/${await carOf("seller@autoreseller.test", 20_000)}/offer`);
    await checked.page.getByLabel("Your offer in dollars").waitFor();
    await expectNoSidewaysScroll(checked.page);
    await expectAccessible(checked.page, "the offer form");
    await checked.close();

    // A second buyer: no offers of theirs, and the car's price is still the asking price.
    const other = await party("buyer", "other-offer-buyer");
    const stranger = await openPage(browser, { viewport: PHONE });
    await signInAs(stranger.page, other.email, "/dashboard/my-offers");
    await stranger.page.getByText("You have not made any offers yet.").waitFor();
    await gotoInteractive(stranger.page, `/cars/${carId}`);
    expect(await stranger.page.getByText("Cash on Friday?").count()).toBe(0);
    expect(await stranger.page.getByText("$18,000").count()).toBe(0);
    await stranger.close();
  }, 90_000);
});
