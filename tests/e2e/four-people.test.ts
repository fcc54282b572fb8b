import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealHelpers, type Party } from "../support/deal";
import {
  app,
  expectAccessible,
  expectAccessibleAs,
  expectFitsAt360,
  gotoInteractive,
  launchBrowser,
  openPage,
  payWithTestCard,
  signInAs,
} from "./browser";

// One car, four people, on a 390 px phone: buyers A and B both book it, A pays and B no longer can,
// A reports a problem, an admin releases the money to the seller. Then each of the four reads their
// own pages and what they were told, in the app and by mail. A's report and B's booking are sent
// without JavaScript. axe checks the states only this walk reaches (A's payment done, B's payment
// of a sold car, the admin's notice, A's released order, the seller's paid-out sale); the pages it
// passes through in states other browser files reach are checked there (the-deal, deal-words,
// next-steps, notifications), which keeps CI under its 20 minutes.

const PHONE = { width: 390, height: 844 };
const SELLER = "seller@autoreseller.test";
const ADMIN = "admin@autoreseller.test";
const { party, carOf } = dealHelpers(app);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The person's notifications page holds a notification that reads `text`; returns its link's target. */
async function expectNotified(page: Page, text: string | RegExp) {
  await gotoInteractive(page, "/dashboard/notifications");
  const notice = page.getByRole("list", { name: "Your notifications" }).getByRole("link", { name: text });
  await notice.waitFor();
  return notice.getAttribute("href");
}

/** A mail to `email` says `text` and links to the page at `path`. */
async function expectMailed(email: string, text: string | RegExp, path: string) {
  const mails = await app.mailTo(email);
  const mail = mails.find((candidate) => (typeof text === "string" ? candidate.text.includes(text) : text.test(candidate.text)));
  expect(mail, `a mail to ${email} saying ${text}; got: ${mails.map((candidate) => candidate.text).join(" | ")}`).toBeDefined();
  expect(mail!.links.map((link) => new URL(link).pathname)).toContain(path);
}

const bookingOf = async (buyer: Party, carId: string) =>
  String((await app.sql("select id from bookings where product_id = ? and buyer_id = ?", [carId, buyer.id]))[0].id);

describe("two buyers, a seller and an admin at 390 px", () => {
  it("A pays first, B is told the car went to A, A's reported problem is released by the admin, and each sees and hears it", async () => {
    const carName = `Corolla Axio ${Date.now()}`;
    const carId = await carOf(SELLER, 14_000, carName);
    const [a, b] = [await party("buyer", "buyer-a"), await party("buyer", "buyer-b")];

    // A books from the car's page, with JavaScript.
    const buyerA = await openPage(browser, { viewport: PHONE });
    await signInAs(buyerA.page, a.email, `/cars/${carId}`);
    await buyerA.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await buyerA.page
      .getByRole("region", { name: "Price" })
      .getByRole("link", { name: `Book Now: ${carName}` })
      .click();
    const dialog = buyerA.page.getByRole("dialog", { name: carName });
    await dialog.getByLabel("Phone").fill("01711 100200");
    await dialog.getByLabel("Meeting location").fill("Banani 11");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await buyerA.page.getByText("Booking confirmed").first().waitFor();

    // B books on the booking page, without JavaScript.
    const buyerB = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(buyerB.page, b.email, `/book/${carId}`);
    await buyerB.page.getByLabel("Phone").fill("01711 300400");
    await buyerB.page.getByLabel("Meeting location").fill("Gulshan 1");
    await buyerB.page.getByRole("button", { name: "Submit" }).click();
    await buyerB.page.getByText("Booking confirmed").waitFor();

    // A pays first, from My Orders.
    await gotoInteractive(buyerA.page, "/dashboard/myorders");
    await buyerA.page.getByRole("link", { name: `Pay for ${carName}` }).click();
    await buyerA.page.getByRole("heading", { name: `Payment for ${carName}` }).waitFor();
    await buyerA.page.waitForFunction(() => !(document.querySelector("form button[type=submit]") as HTMLButtonElement | null)?.disabled);
    await payWithTestCard(buyerA.page);
    await buyerA.page.getByText(/^Your money is held until .+\.$/).waitFor();
    await expectFitsAt360(buyerA.page);
    await expectAccessible(buyerA.page, "A's payment, done");
    await buyerA.close();

    // B cannot pay any more: My Orders and the payment page say the car went to someone else.
    await buyerB.page.goto("/dashboard/myorders");
    const orderOfB = buyerB.page.getByRole("listitem").filter({ hasText: carName });
    await orderOfB.getByText("Sold to another buyer").waitFor();
    expect(await orderOfB.getByRole("link", { name: `Pay for ${carName}` }).count()).toBe(0);
    const paymentOfB = `/dashboard/payment/${await bookingOf(b, carId)}`;
    await buyerB.page.goto(paymentOfB);
    await buyerB.page.getByText("This car has been sold to another buyer, so this order can no longer be paid.").waitFor();
    expect(await buyerB.page.getByLabel("Card number").count()).toBe(0);
    await expectFitsAt360(buyerB.page);
    await expectAccessibleAs(browser, { email: b.email, url: paymentOfB, viewport: PHONE }, "B's payment page of a sold car");
    await buyerB.close();

    // A reports a problem from My Orders, without JavaScript.
    const reporting = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(reporting.page, a.email, "/dashboard/myorders");
    await reporting.page
      .getByRole("listitem")
      .filter({ hasText: carName })
      .getByRole("link", { name: `Report a problem with ${carName}` })
      .click();
    await reporting.page.getByRole("group", { name: "What went wrong?" }).getByLabel("The car was not handed over").check();
    await reporting.page.getByLabel("What happened (optional)").fill("Nobody came to Banani 11");
    await reporting.page.getByRole("button", { name: "Report the problem" }).click();
    await reporting.page.getByText("Problem reported: the money stays held until an admin decides").waitFor();
    await reporting.close();

    // The admin is told, and releases the money to the seller after being asked, with JavaScript.
    const admin = await openPage(browser, { viewport: PHONE });
    await signInAs(admin.page, ADMIN, "/dashboard/notifications");
    const adminNotice = `buyer-a Person reported a problem with ${carName} ($14,000.00). The money is held until you decide.`;
    expect(await expectNotified(admin.page, adminNotice)).toBe("/dashboard/disputes");
    await expectAccessible(admin.page, "the admin's notifications");
    await expectMailed(ADMIN, adminNotice, "/dashboard/disputes");
    await gotoInteractive(admin.page, "/dashboard/disputes");
    const dispute = admin.page.getByRole("listitem").filter({ has: admin.page.getByRole("heading", { name: carName }) });
    await dispute.getByText("Nobody came to Banani 11").waitFor();
    await expectFitsAt360(admin.page);
    await dispute.getByRole("link", { name: /^Release to / }).click();
    const asked = admin.page.getByRole("alertdialog", { name: /^Release the money to / });
    expect(await asked.textContent()).toMatch(/\$14,000\.00, less the platform's fee, will be paid to .+\. This cannot be undone\./);
    await asked.getByRole("button", { name: /^Yes, pay/ }).click();
    await admin.page.getByText("Released to the seller").first().waitFor();
    // The toast comes first; the list loses its buttons when the page's data has been read again.
    await dispute.getByRole("link", { name: /^Release to / }).waitFor({ state: "detached" });

    await gotoInteractive(admin.page, "/dashboard/money");
    const ledger = admin.page.getByRole("row").filter({ hasText: carName });
    await ledger.filter({ hasText: "Charge" }).getByText("$14,000.00").waitFor();
    await ledger.filter({ hasText: "Charge" }).getByText("buyer-a Person").waitFor();
    await ledger.filter({ hasText: "Paid to seller" }).getByText("$13,300.00").waitFor();
    await expectFitsAt360(admin.page);
    await admin.close();

    // A: the order is paid to the seller, and A heard of the purchase and of the decision.
    const buyerASees = await openPage(browser, { viewport: PHONE });
    await signInAs(buyerASees.page, a.email, "/dashboard/myorders");
    await buyerASees.page.getByRole("listitem").filter({ hasText: carName }).getByText("Paid to the seller").waitFor();
    await expectAccessible(buyerASees.page, "A's My Orders");
    const decidedForA = `An admin decided the problem you reported with ${carName}: the $14,000.00 is paid to the seller.`;
    expect(await expectNotified(buyerASees.page, decidedForA)).toBe("/dashboard/myorders");
    await expectNotified(buyerASees.page, new RegExp(`^You bought ${carName} for \\$14,000\\.00\\.`));
    await buyerASees.close();
    await expectMailed(a.email, decidedForA, "/dashboard/myorders");
    await expectMailed(a.email, `You bought ${carName} for $14,000.00.`, `/dashboard/myorders/${await bookingOf(a, carId)}/receipt`);

    // B: still told the car went to someone else.
    const buyerBSees = await openPage(browser, { viewport: PHONE });
    await signInAs(buyerBSees.page, b.email, "/dashboard/myorders");
    await buyerBSees.page.getByRole("listitem").filter({ hasText: carName }).getByText("Sold to another buyer").waitFor();
    const soldForB = `${carName}, which you booked, was sold to someone else`;
    expect(await expectNotified(buyerBSees.page, soldForB)).toBe("/dashboard/myorders");
    await buyerBSees.close();
    await expectMailed(b.email, soldForB, "/dashboard/myorders");

    // The seller: the sale is paid out on Sales and Payouts alike, and each step was told.
    const seller = await openPage(browser, { viewport: PHONE });
    await signInAs(seller.page, SELLER, "/dashboard/sales");
    await seller.page.getByRole("listitem").filter({ hasText: carName }).getByText("Paid out", { exact: true }).waitFor();
    await expectFitsAt360(seller.page);
    await expectAccessible(seller.page, "the seller's Sales");
    await gotoInteractive(seller.page, "/dashboard/payouts");
    const payouts = seller.page.getByRole("row").filter({ hasText: carName });
    await payouts
      .filter({ hasText: `Sale of ${carName}` })
      .getByText("Paid out", { exact: true })
      .waitFor();
    await payouts.filter({ hasText: "Paid to you" }).getByText("$13,300.00").waitFor();
    await expectFitsAt360(seller.page);
    const sellerNotices = {
      sale: `A buyer paid $14,000.00 for your ${carName}. The money is held until they have the car.`,
      dispute: `buyer-a Person reported a problem with your ${carName}. The $14,000.00 is held until an admin decides; you may give it back.`,
      decision: `An admin decided the problem reported with your ${carName} for you: $13,300.00 is released to you.`,
    };
    expect(await expectNotified(seller.page, sellerNotices.sale)).toBe("/dashboard/sales");
    await expectNotified(seller.page, sellerNotices.dispute);
    expect(await expectNotified(seller.page, sellerNotices.decision)).toBe("/dashboard/payouts");
    await seller.close();
    await expectMailed(SELLER, sellerNotices.sale, "/dashboard/sales");
    await expectMailed(SELLER, sellerNotices.dispute, "/dashboard/sales");
    await expectMailed(SELLER, sellerNotices.decision, "/dashboard/payouts");
  }, 240_000);
});
