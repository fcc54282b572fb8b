import { type Browser, type Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDate } from "../../app/lib/shared/format";
import { dealHelpers } from "../support/deal";
import { app, expectAccessible, expectFitsAt360, gotoInteractive, launchBrowser, openPage, payWithTestCard, signInAs } from "./browser";

// Every step says what comes next. After booking, Pay now (the booking page and
// the car's page); after paying, a receipt (what, to whom, the transaction, when, what happens next)
// reached from the payment's success and from My Orders, whose cards link to the car, the seller and
// the conversation and show the booking's date and meeting place. At 390 px, with and without
// JavaScript (axe runs in the test with it: it needs the page's scripts).

const PHONE = { width: 390, height: 844 };
const { party, carOf } = dealHelpers(app);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function expectTappable(control: Locator) {
  const box = (await control.boundingBox())!;
  expect({ width: box.width >= 44, height: box.height >= 44 }).toEqual({ width: true, height: true });
}

describe("next steps after booking and paying, at 390 px", () => {
  it("with JavaScript: the stand-alone booking page books the car; a car bought by someone else offers no form", async () => {
    const buyer = await party("buyer", "book-page-buyer");
    const [carId, boughtId] = [await carOf("seller@autoreseller.test"), await carOf("seller@autoreseller.test")];
    await app.sql("update products set is_paid = 1 where id = ?", [boughtId]);
    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, buyer.email, "/");
    await gotoInteractive(page, `/book/${carId}`);
    await page.getByLabel("Phone").fill("01711 777888");
    await page.getByLabel("Meeting location").fill("Banani 11");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();
    expect(await app.sql("select id from bookings where product_id = ? and buyer_id = ?", [carId, buyer.id])).toHaveLength(1);
    await expectAccessible(page, "the booking page, booked");

    await gotoInteractive(page, `/book/${boughtId}`);
    await page.getByText("This car has been bought by another buyer, so it cannot be booked.").waitFor();
    expect(await page.getByRole("button", { name: "Submit" }).count()).toBe(0);
    await expectAccessible(page, "the booking page of a bought car");
    await close();
  }, 150_000);

  it("without JavaScript: book, Pay now, pay, the receipt; My Orders links to the car, the seller and the conversation", async () => {
    const buyer = await party("buyer", "next-buyer");
    const carId = await carOf("seller@autoreseller.test", 18_000);
    await app.apiJson("/api/conversations", { product_id: carId, text: "Is it still for sale?" }, { token: buyer.token });
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(page, buyer.email, `/book/${carId}`);
    await page.getByLabel("Phone").fill("01711 555666");
    await page.getByLabel("Meeting location").fill("Gulshan 2 circle");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();
    await page.getByText("Next: pay to get the car.").waitFor();
    const payNow = page.getByRole("link", { name: "Pay now" });
    await expectTappable(payNow);
    await payNow.click();
    await page.getByRole("heading", { name: "Payment for Deal Car" }).waitFor();
    await payWithTestCard(page);

    // The spec's rule: the button becomes "Paid"; then what happens next, the receipt and My Orders.
    expect(await page.getByRole("button", { name: "Paid", exact: true }).isDisabled()).toBe(true);
    // Until when the money is held, and the buyer's two actions.
    const heldUntil = page.getByText(/^Your money is held until .+\.$/);
    await heldUntil.waitFor();
    await page.getByText(/choose “I have the car” once it is handed over/).waitFor();
    await page.getByRole("link", { name: "See your receipt" }).click();
    await page.getByRole("heading", { name: "Receipt for Deal Car" }).waitFor();
    const [{ transaction_id: transactionId, id: bookingId }] = (await app.sql(
      "select id, transaction_id from bookings where product_id = ? and buyer_id = ?",
      [carId, buyer.id],
    )) as unknown as { id: string; transaction_id: string }[];
    const facts = Object.fromEntries(
      await page
        .locator("main dl > div")
        .evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent])),
    );
    const [{ release_at: releaseAt }] = (await app.sql("select release_at from payments where booking_id = ?", [bookingId])) as unknown as {
      release_at: string;
    }[];
    expect(facts).toMatchObject({
      Paid: "$18,000.00",
      For: "Deal Car",
      To: "Deal Seller",
      "Transaction id": transactionId,
      "Meeting place": "Gulshan 2 circle",
    });
    expect(await page.getByRole("link", { name: "Deal Seller" }).getAttribute("href")).toMatch(/^\/sellers\//);
    const next = page.getByRole("region", { name: "What happens next" });
    expect(await next.textContent()).toContain("The platform holds your money");
    expect(await next.textContent()).toContain(`released on its own on ${formatDate(releaseAt)}`);
    await next.getByRole("link", { name: "I have the car: Deal Car" }).waitFor();
    await expectFitsAt360(page);

    await page.goto("/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: "Deal Car" });
    expect(await order.getByRole("link", { name: "Deal Car", exact: true }).getAttribute("href")).toBe(`/cars/${carId}`);
    expect(await order.getByRole("link", { name: "Deal Seller", exact: true }).getAttribute("href")).toMatch(/^\/sellers\//);
    const conversation = order.getByRole("link", { name: "Your conversation with Deal Seller" });
    expect(await conversation.getAttribute("href")).toMatch(/^\/dashboard\/messages\/[\w-]+$/);
    expect(await order.locator("dd").allTextContents()).toEqual(expect.arrayContaining(["Gulshan 2 circle"]));
    await order.locator("time").first().waitFor();
    const receipt = order.getByRole("link", { name: "Paid: see the receipt for Deal Car" });
    await expectTappable(receipt);
    await expectTappable(conversation);
    await expectFitsAt360(page);
    await receipt.click();
    await page.getByRole("heading", { name: "Receipt for Deal Car" }).waitFor();
    await close();

    // Nobody else's: another buyer is told it does not exist.
    const other = await party("buyer", "next-other");
    const stranger = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(stranger.page, other.email, "/dashboard");
    const refused = await stranger.page.goto(`/dashboard/myorders/${bookingId}/receipt`);
    expect(refused?.status()).toBe(404);
    await stranger.close();
  }, 60_000);

  it("with JavaScript: the car page's Book Now becomes Pay now, and the payment's success leads to the receipt", async () => {
    const buyer = await party("buyer", "next-js-buyer");
    const carId = await carOf("seller@autoreseller.test", 9_000);
    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, buyer.email, `/cars/${carId}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const priceBox = page.getByRole("region", { name: "Price" });
    await priceBox.getByRole("link", { name: "Book Now: Deal Car" }).click();
    const dialog = page.getByRole("dialog", { name: "Deal Car" });
    await dialog.getByLabel("Phone").fill("01711 121212");
    await dialog.getByLabel("Meeting location").fill("Banani 11");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").first().waitFor();

    const payNow = priceBox.getByRole("link", { name: "Booked, pay now: Deal Car" });
    await payNow.waitFor();
    await priceBox.getByText("You booked this car: pay now to get it.").waitFor();
    expect(await payNow.textContent()).toBe("Pay now");
    await expectTappable(payNow);
    await expectAccessible(page, "the car's page once booked");
    // The buyer protection in a sentence, beside the button that leads to paying.
    await priceBox.getByText(/^Buyer protection: we hold your payment until you confirm you have the car/).waitFor();
    await payNow.click();
    await page.getByRole("heading", { name: "Payment for Deal Car" }).waitFor();
    await page.waitForFunction(() => !(document.querySelector("form button[type=submit]") as HTMLButtonElement | null)?.disabled);
    await payWithTestCard(page);
    await page.getByRole("link", { name: "My Orders" }).last().waitFor();
    // The page reads the payment back after paying: the release date, without a reload.
    await page.getByText(/^Your money is held until .+\.$/).waitFor();
    await page.getByRole("link", { name: "See your receipt" }).click();
    await page.getByRole("heading", { name: "Receipt for Deal Car" }).waitFor();
    await page.getByText("$9,000.00").waitFor();
    await expectAccessible(page, "the receipt");
    await page.getByRole("link", { name: "My Orders" }).click();
    await page.getByRole("link", { name: "Paid: see the receipt for Deal Car" }).waitFor();
    await expectAccessible(page, "My Orders with a paid order");
    await close();
  });
});
