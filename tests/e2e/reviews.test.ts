import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, expectAccessible, gotoInteractive, launchBrowser, listThroughApi, openPage, signInAs } from "./browser";

// Reviews of sellers in Chromium: a buyer pays for a car, rates its seller from My Orders (by
// keyboard, in the dialog), and the seller's page and the seller's car cards show the new average.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const unique = () => crypto.randomUUID().slice(0, 8);

describe("rating a seller in Chromium", () => {
  it("a buyer pays, rates the seller from My Orders, and the seller's page and car cards show the new average", async () => {
    // A seller of their own (no reviews yet), with a car to buy and one still for sale.
    const sellerEmail = `rated-seller-${unique()}@example.test`;
    const sellerId = await app.registerSeller({ email: sellerEmail, name: "Jamal Uddin" });
    const bought = await listThroughApi(sellerEmail, `Rated Hatchback ${unique()}`);
    const forSale = await listThroughApi(sellerEmail, `Still For Sale ${unique()}`);
    const buyerEmail = `rating-buyer-${unique()}@example.test`;
    await app.register({ email: buyerEmail, name: "Farhana Akter Mitu" });
    const [{ id: carId }] = await app.sql("select id from products where name = ?", [bought]);
    const booked = await app.apiJson(
      "/api/bookings",
      { product_id: String(carId), phone: "01711 121212", meetingLocation: "Uttara" },
      { token: await app.accessToken(buyerEmail) },
    );
    expect(booked.status).toBe(201);

    const { page, cspViolations, close } = await openPage(browser);
    await signInAs(page, buyerEmail, "/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: bought });
    // Not before paying.
    expect(await order.getByRole("link", { name: /^Rate the seller/ }).count()).toBe(0);
    await order.getByRole("link", { name: `Pay for ${bought}` }).click();
    await page.getByRole("heading", { name: `Payment for ${bought}` }).waitFor();
    await page.waitForFunction(() => !(document.querySelector("form button[type=submit]") as HTMLButtonElement | null)?.disabled);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiration (MM/YY)").pressSequentially("1234");
    await page.getByLabel("CVC").fill("123");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.getByText("Congrats! your payment completed").waitFor();

    // The page's own form (how it works without JavaScript) passes axe as the dialog does.
    const [{ id: bookingId }] = await app.sql("select id from bookings where product_id = ?", [String(carId)]);
    await gotoInteractive(page, `/dashboard/myorders?rate=${String(bookingId)}`);
    await page.getByRole("form", { name: `Rate the seller of ${bought}` }).waitFor();
    await expectAccessible(page, "My Orders' own rating form");

    await gotoInteractive(page, "/dashboard/myorders");
    await order.getByRole("link", { name: `Rate the seller of ${bought}` }).click();
    const dialog = page.getByRole("dialog", { name: "Rate the seller" });
    await dialog.waitFor();
    await expectAccessible(page, "My Orders with the rating dialog");
    // By keyboard: focus starts on the first star choice (5); the arrow key moves to 4 and picks it.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe("5");
    // Sent without a rating, it says what it needs in words (it used to say `Invalid key: Expected "rating"…`).
    await dialog.getByRole("button", { name: "Send rating" }).click();
    await dialog.getByText("Choose a rating from 1 to 5 stars").waitFor();
    expect(await dialog.innerText()).not.toMatch(/Invalid key|Expected/);
    await dialog.getByRole("radio", { name: /5 out of 5 stars/ }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await dialog.getByRole("radio", { name: /4 out of 5 stars/ }).isChecked()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.type("Quick, honest sale.");
    await dialog.getByRole("button", { name: "Send rating" }).click();
    await page.getByText("Thank you: your rating of the seller is saved").waitFor();
    await dialog.waitFor({ state: "detached" });
    await order.getByText("You rated the seller").waitFor();
    await order.getByRole("img", { name: "4 out of 5 stars" }).waitFor();
    // Focus lands on the rating given, where the link it came from was.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/^You rated the seller/);
    expect(await order.getByRole("link", { name: /^Rate the seller/ }).count()).toBe(0);

    // The seller's page: the average and count by the name, the review (buyer as "First L.") and the car card.
    await page.goto(`/sellers/${sellerId}`);
    const profile = page.getByRole("region", { name: "Jamal Uddin" });
    await profile.getByText("4.0").waitFor();
    await profile.getByText("1 review").waitFor();
    const reviews = page.getByRole("region", { name: "1 review from buyers" });
    await reviews.getByText("Farhana M.").waitFor();
    await reviews.getByText(bought).waitFor();
    await reviews.getByText("Quick, honest sale.").waitFor();
    const card = page.getByRole("article").filter({ hasText: forSale });
    await card.getByText("4.0").waitFor();
    await expectAccessible(page, "the seller's page with a review");

    // Their car's page shows it beside the seller's name too.
    await card.getByRole("link", { name: forSale }).first().click();
    await page.getByRole("region", { name: "Seller", exact: true }).getByText("4.0").waitFor();
    expect(cspViolations).toEqual([]);
    await close();

    // What the seller sees (an answer form) and an admin (a removal to confirm) pass axe too.
    const seller = await openPage(browser);
    await signInAs(seller.page, sellerEmail, `/sellers/${sellerId}`);
    await seller.page.getByRole("button", { name: "Post answer" }).waitFor();
    await expectAccessible(seller.page, "the seller's page with an answer form");
    await seller.close();
    const admin = await openPage(browser);
    await signInAs(admin.page, "admin@autoreseller.test", `/sellers/${sellerId}`);
    await admin.page.getByRole("link", { name: "Remove Farhana M.'s review" }).click();
    await admin.page.getByRole("alertdialog", { name: "Are you sure?" }).waitFor();
    await expectAccessible(admin.page, "the seller's page with a review's removal to confirm");
    await admin.close();
  }, 90_000);

  it("without JavaScript at 360 px: the buyer rates from the page's own form, the seller answers, an admin removes the review", async () => {
    const sellerEmail = `answering-seller-${unique()}@example.test`;
    const sellerId = await app.registerSeller({ email: sellerEmail, name: "Rupa Motors" });
    const bought = await listThroughApi(sellerEmail, `Plain Form Hatchback ${unique()}`);
    const buyerEmail = `plain-buyer-${unique()}@example.test`;
    await app.register({ email: buyerEmail, name: "Sabbir Hossain" });
    await payThroughApi(buyerEmail, bought);
    const noScript = { javaScriptEnabled: false, viewport: { width: 360, height: 800 } };

    const buyer = await openPage(browser, noScript);
    await signInAs(buyer.page, buyerEmail, "/dashboard/myorders");
    await buyer.page.getByRole("link", { name: `Rate the seller of ${bought}` }).click();
    const form = buyer.page.getByRole("form", { name: `Rate the seller of ${bought}` });
    await form.getByRole("radio", { name: /3 out of 5 stars/ }).check();
    await form.getByLabel("What was buying from them like? (optional)").fill("Fine car, slow paperwork.");
    expect(await sidewaysScroll(buyer.page)).toBe(false);
    await form.getByRole("button", { name: "Send rating" }).click();
    await buyer.page.getByText("Thank you: your rating of the seller is saved").waitFor();
    await buyer.page.getByRole("listitem").filter({ hasText: bought }).getByRole("img", { name: "3 out of 5 stars" }).waitFor();
    await buyer.close();

    const seller = await openPage(browser, noScript);
    await signInAs(seller.page, sellerEmail, `/sellers/${sellerId}`);
    await seller.page.getByLabel(/^Answer Sabbir H\./).fill("Sorry about the wait at the BRTA office!");
    expect(await sidewaysScroll(seller.page)).toBe(false);
    await seller.page.getByRole("button", { name: "Post answer" }).click();
    await seller.page.getByText("Answer from Rupa Motors").waitFor();
    await seller.page.getByText("Sorry about the wait at the BRTA office!").waitFor();
    expect(await seller.page.getByRole("button", { name: "Post answer" }).count()).toBe(0);
    await seller.close();

    // An admin removes the review after confirming; the seller's rating goes with it.
    const admin = await openPage(browser, noScript);
    await signInAs(admin.page, "admin@autoreseller.test", `/sellers/${sellerId}`);
    await admin.page.getByRole("link", { name: "Remove Sabbir H.'s review" }).click();
    await admin.page.getByRole("alertdialog", { name: "Are you sure?" }).waitFor();
    expect(await sidewaysScroll(admin.page)).toBe(false);
    await admin.page.getByRole("button", { name: "Yes, remove Sabbir H.'s review" }).click();
    await admin.page.getByText("No reviews yet", { exact: true }).waitFor();
    expect(await admin.page.getByText("Sorry about the wait at the BRTA office!").count()).toBe(0);
    await admin.close();
  }, 90_000);
});

const sidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Books the car for the buyer and pays for it through the API and the payment simulator. */
async function payThroughApi(buyerEmail: string, carName: string) {
  const token = await app.accessToken(buyerEmail);
  const [{ id }] = await app.sql("select id from products where name = ?", [carName]);
  const booked = await app.apiJson(
    "/api/bookings",
    { product_id: String(id), phone: "01711 121212", meetingLocation: "Mirpur" },
    { token },
  );
  const { insertedId: bookingId } = (await booked.json()) as { insertedId: string };
  const intent = await app.apiJson("/api/payment/create-payment-intent", { bookingId }, { token });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
  const { id: transactionId } = (await (await app.apiJson("/api/payment/simulator/confirm", { clientSecret, card }, { token })).json()) as {
    id: string;
  };
  expect((await app.apiJson("/api/payment", { bookingId, transactionId }, { token })).status).toBe(201);
}
