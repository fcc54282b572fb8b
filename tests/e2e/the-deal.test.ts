import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealHelpers } from "../support/deal";
import {
  app,
  expectAccessible,
  expectAccessibleAs,
  gotoInteractive,
  launchBrowser,
  listThroughApi,
  openPage,
  payWithTestCard,
  signInAs,
} from "./browser";

// The deal in Chromium on a 360 px phone: a buyer pays and confirms the handover from My
// Orders, the seller sees the sale and the payout, an admin resolves a dispute; and the buyer's two
// actions also without JavaScript.

const PHONE = { width: 360, height: 800 };
const { party, carOf, book, paidBooking, post } = dealHelpers(app);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Nothing on the page is wider than the phone (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

describe("the deal in Chromium at 360 px", () => {
  it("a buyer pays from My Orders, then confirms the handover; the seller sees the sale and the payout", async () => {
    const buyer = await party("buyer", "phone-buyer");
    const carName = await listThroughApi("seller@autoreseller.test", `Handover Hatchback ${Date.now()}`);
    const [car] = (await app.sql("select id from products where name = ?", [carName])) as unknown as { id: string }[];
    await app.apiJson("/api/bookings", { product_id: car.id, phone: "01711 121212", meetingLocation: "Uttara" }, { token: buyer.token });

    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, buyer.email, "/dashboard/myorders");
    await page.getByRole("link", { name: `Pay for ${carName}` }).click();
    await page.getByRole("heading", { name: `Payment for ${carName}` }).waitFor();
    await page.waitForFunction(() => !(document.querySelector("form button[type=submit]") as HTMLButtonElement | null)?.disabled);
    await payWithTestCard(page);

    await gotoInteractive(page, "/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: carName });
    await order.getByText(/Released to the seller on/).waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "My Orders with money held");
    // Asked first: what will happen, to whom, and that it cannot be undone.
    await order.getByRole("link", { name: `I have the car: ${carName}` }).click();
    const asked = page.getByRole("alertdialog", { name: `Do you have ${carName}?` });
    expect(await asked.textContent()).toContain("$7,000.00 will be paid to");
    expect(await asked.textContent()).toContain("This cannot be undone.");
    await expectAccessible(page, "the handover's confirmation");
    await asked.getByRole("button", { name: /^Yes, pay/ }).click();
    await page.getByText("Enjoy your car!").waitFor();
    await order.getByText("Paid to the seller").waitFor();
    await close();

    const seller = await openPage(browser, { viewport: PHONE });
    await signInAs(seller.page, "seller@autoreseller.test", "/dashboard/sales");
    // In the Payouts page's words: released and sent to the seller's payout account.
    await seller.page.getByRole("listitem").filter({ hasText: carName }).getByText("Paid out", { exact: true }).waitFor();
    await expectNoSidewaysScroll(seller.page);
    await expectAccessible(seller.page, "the Sales page");
    await seller.page.goto("/dashboard/payouts");
    await seller.page.getByText("$6,650.00").first().waitFor();
    await expectNoSidewaysScroll(seller.page);
    await expectAccessible(seller.page, "the Payouts page");
    await seller.close();
  }, 150_000);

  it("an admin resolves a dispute, seeing the booking, both parties and their conversation", async () => {
    const buyer = await party("buyer", "disputing-buyer");
    const carId = await carOf("seller@autoreseller.test");
    await app.apiJson("/api/conversations", { product_id: carId, text: "Where do we meet on Friday?" }, { token: buyer.token });
    const bookingId = await paidBooking(buyer, carId);
    expect((await post(`/api/bookings/${bookingId}/dispute`, buyer.token, { reason: "not_handed_over", note: "Nobody came" })).status).toBe(
      201,
    );

    const { page, close } = await openPage(browser, { viewport: PHONE });
    await signInAs(page, "admin@autoreseller.test", "/dashboard/disputes");
    const dispute = page.getByRole("listitem").filter({ hasText: buyer.email });
    await dispute.getByText("Where do we meet on Friday?").waitFor();
    await dispute.getByText("Nobody came").waitFor();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "the Disputes page");
    // The admin's menu counts what waits for them (other tests' disputes may be open too).
    await page.locator("header summary").click();
    await page
      .getByRole("navigation", { name: "Dashboard menu" })
      .getByRole("link", { name: /^Disputes \d+ waiting$/ })
      .waitFor();
    await page.locator("header summary").click();
    await dispute.getByRole("link", { name: /^Refund/ }).click();
    const asked = page.getByRole("alertdialog", { name: /^Refund / });
    expect(await asked.textContent()).toContain("$18,000.00 will be given back to");
    expect(await asked.textContent()).toContain("This cannot be undone.");
    await expectAccessible(page, "the refund's confirmation");
    await asked.getByRole("button", { name: /^Yes, refund/ }).click();
    await page.getByText("Refunded: the buyer gets the whole amount back").waitFor();
    expect((await app.sql("select status from payments where booking_id = ?", [bookingId]))[0].status).toBe("refunded");
    await close();
  }, 150_000);
});

describe("the buyer's two actions without JavaScript", () => {
  it("confirms a handover and reports a problem from My Orders", async () => {
    const buyer = await party("buyer", "no-script-buyer");
    const [received, troubled] = [await carOf("seller@autoreseller.test"), await carOf("seller@autoreseller.test")];
    const receivedId = await paidBooking(buyer, received);
    const troubledId = await paidBooking(buyer, troubled);

    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(page, buyer.email, "/dashboard/myorders");
    await page.locator(`a[href="/dashboard/myorders?handover=${receivedId}"]`).click();
    // The confirmation is a page of its own without JavaScript; nothing has moved yet.
    await page.getByRole("alertdialog").getByText("This cannot be undone.").waitFor();
    expect((await app.sql("select status from payments where booking_id = ?", [receivedId]))[0].status).toBe("held");
    await page.getByRole("button", { name: /^Yes, pay/ }).click();
    await page.getByText("Enjoy your car!").waitFor();

    await page.goto(`/dashboard/myorders?dispute=${troubledId}`);
    await page.getByRole("group", { name: "What went wrong?" }).getByLabel("The car is not as described").check();
    await page.getByLabel("What happened (optional)").fill("The colour is different");
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Report the problem" }).click();
    await page.getByText("Problem reported: the money stays held until an admin decides").waitFor();
    const statuses = await app.sql("select booking_id, status from payments where booking_id in (?, ?)", [receivedId, troubledId]);
    expect(Object.fromEntries(statuses.map((row) => [row.booking_id, row.status]))).toEqual({
      [receivedId]: "released",
      [troubledId]: "disputed",
    });
    await close();
  });
});

describe("asked before money moves, at 390 px without JavaScript", () => {
  const PHONE_390 = { width: 390, height: 844 };

  const expectAccessibleWithScripts = (email: string, url: string, label: string) =>
    expectAccessibleAs(browser, { email, url, viewport: PHONE_390 }, label);

  it("an admin's Release and a seller's Decline each show a confirmation page first", async () => {
    const buyer = await party("buyer", "asked-buyer");
    const seller = await party("seller", "asked-seller");
    const bookingId = await paidBooking(buyer, await carOf("seller@autoreseller.test"));
    expect((await post(`/api/bookings/${bookingId}/dispute`, buyer.token, { reason: "other", note: "Asked first" })).status).toBe(201);
    const unpaidId = await book(buyer, await carOf(seller.email));

    const admin = await openPage(browser, { viewport: PHONE_390, javaScriptEnabled: false });
    await signInAs(admin.page, "admin@autoreseller.test", "/dashboard/disputes");
    const dispute = admin.page.getByRole("listitem").filter({ hasText: "Asked first" });
    await dispute.getByRole("link", { name: /^Release to/ }).click();
    const asked = admin.page.getByRole("alertdialog", { name: /^Release the money to/ });
    expect(await asked.textContent()).toMatch(/\$18,000\.00, less the platform's fee, will be paid to .+\. This cannot be undone\./);
    expect((await app.sql("select status from payments where booking_id = ?", [bookingId]))[0].status).toBe("disputed");
    await expectAccessibleWithScripts("admin@autoreseller.test", admin.page.url(), "the release's confirmation");
    await asked.getByRole("button", { name: /^Yes, pay/ }).click();
    await admin.page.getByText("Released to the seller").first().waitFor();
    expect((await app.sql("select status from payments where booking_id = ?", [bookingId]))[0].status).toBe("released");
    await admin.close();

    const sellerPage = await openPage(browser, { viewport: PHONE_390, javaScriptEnabled: false });
    await signInAs(sellerPage.page, seller.email, "/dashboard/bookings");
    await sellerPage.page.getByLabel("Why you decline (optional, the buyer is told)").fill("Sold it at the garage");
    await sellerPage.page.getByRole("button", { name: /^Decline booking: / }).click();
    const declining = sellerPage.page.getByRole("alertdialog", { name: /^Decline .+'s booking\?$/ });
    expect(await declining.textContent()).toContain("They are told: \u201cSold it at the garage\u201d. This cannot be undone.");
    expect(await app.sql("select id from bookings where id = ?", [unpaidId])).toHaveLength(1);
    await expectAccessibleWithScripts(seller.email, sellerPage.page.url(), "the decline's confirmation");
    await declining.getByRole("button", { name: "Yes, decline the booking" }).click();
    await sellerPage.page.getByText("Booking declined: the buyer has been told").waitFor();
    expect(await app.sql("select id from bookings where id = ?", [unpaidId])).toHaveLength(0);
    const [notice] = await app.sql("select text from notifications where kind = 'booking_declined' and source_key = ?", [
      `booking_declined:${unpaidId}`,
    ]);
    expect(String(notice.text)).toContain("Sold it at the garage");
    await sellerPage.close();
  }, 150_000);
});
