import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealHelpers, type Party } from "../support/deal";
import { app, expectAccessible, launchBrowser, openPage, signInAs } from "./browser";

// The deal's pages in words a person reads, on a 390 px phone: the losing buyer's booking says the
// car went to someone else, the seller's Payouts page speaks from their side, and the admins' Money
// page names each row's car, buyer and seller.

const PHONE = { width: 390, height: 844 };
const SELLER = "seller@autoreseller.test";
const { party, carOf, book, paidBooking, post } = dealHelpers(app);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The simulator's card charged for a booking, not yet recorded: `record` reports it as the payment page does. */
async function chargedBooking(buyer: Party, bookingId: string) {
  const intent = await app.apiJson("/api/payment/create-payment-intent", { bookingId }, { token: buyer.token });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
  const charge = await app.apiJson("/api/payment/simulator/confirm", { clientSecret, card }, { token: buyer.token });
  const { id } = (await charge.json()) as { id: string };
  return () => app.apiJson("/api/payment", { bookingId, transactionId: id }, { token: buyer.token });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("a losing buyer's booking at 390 px", () => {
  it("says the car went to someone else and the money is given back, and offers no payment", async () => {
    const carName = `Lost Sunny ${Date.now()}`;
    const carId = await carOf(SELLER, 12_000, carName);
    const [firstPayer, latePayer] = [await party("buyer", "words-first-payer"), await party("buyer", "words-late-payer")];
    // Both paid at once; the first payer's payment was recorded first.
    const [firstPayerPays, latePayerPays] = [
      await chargedBooking(firstPayer, await book(firstPayer, carId)),
      await chargedBooking(latePayer, await book(latePayer, carId)),
    ];
    expect((await firstPayerPays()).status).toBe(201);
    expect((await latePayerPays()).status).toBe(409);

    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, latePayer.email, "/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: carName });
    await order.getByText("Sold to another buyer").waitFor();
    await order.getByText(`${carName} went to another buyer, who paid first. Your $12,000.00 is given back to your card.`).waitFor();
    expect(await order.getByRole("link", { name: `Pay for ${carName}` }).count()).toBe(0);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "My Orders of a buyer who paid second");
    await close();
  });
});

describe("the ledger in words at 390 px", () => {
  it("the seller's Payouts page tells each sale with its state, and the admins' Money page names the car, buyer and seller", async () => {
    const carName = `Fairlady Z ${Date.now()}`;
    const buyer = await party("buyer", "words-buyer");
    const bookingId = await paidBooking(buyer, await carOf(SELLER, 22_700, carName));

    const seller = await openPage(browser, { viewport: PHONE });
    await signInAs(seller.page, SELLER, "/dashboard/payouts");
    const rowsOf = (page: Page) => page.getByRole("row").filter({ hasText: carName });
    const sale = rowsOf(seller.page).filter({ hasText: `Sale of ${carName}` });
    await sale.getByText("Held", { exact: true }).waitFor();
    await sale.getByText("$22,700.00").waitFor();
    await sale.getByRole("link", { name: carName }).waitFor();
    await expectNoSidewaysScroll(seller.page);
    await expectAccessible(seller.page, "the Payouts page with a sale held");

    // Released and paid out: the sale says so in the Sales page's words, with the fee and the payout.
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    await seller.page.reload();
    await sale.getByText("Paid out", { exact: true }).waitFor();
    await rowsOf(seller.page).filter({ hasText: "Platform fee" }).getByText("$1,135.00").waitFor();
    await rowsOf(seller.page).filter({ hasText: "Paid to you" }).getByText("$21,565.00").waitFor();
    expect(await seller.page.getByText(/^(charge|transfer|fee)$/).count()).toBe(0);
    await expectNoSidewaysScroll(seller.page);
    await expectAccessible(seller.page, "the Payouts page with a sale paid out");
    await seller.close();

    const admin = await openPage(browser, { viewport: PHONE });
    await signInAs(admin.page, "admin@autoreseller.test", "/dashboard/money");
    const charge = rowsOf(admin.page).filter({ hasText: "Charge" });
    await charge.getByRole("link", { name: carName }).waitFor();
    await charge.getByText("words-buyer Person").waitFor();
    await charge.getByRole("link", { name: "Deal Seller" }).waitFor();
    expect(await charge.getByRole("link", { name: carName }).getAttribute("href")).toMatch(/^\/cars\//);
    await rowsOf(admin.page).filter({ hasText: "Paid to seller" }).getByText("$21,565.00").waitFor();
    await expectNoSidewaysScroll(admin.page);
    await expectAccessible(admin.page, "the Money page");
    await admin.close();
  }, 120_000);
});
