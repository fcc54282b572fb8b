import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, expectAccessible, gotoInteractive, launchBrowser, listThroughApi, openPage, signInAs } from "./browser";

// Messages in Chromium: a buyer writes from the car page, the seller sees the unread
// count, opens the thread and answers, and the buyer sees the answer; with and without JavaScript.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** A fresh seller with a car listed, and a fresh buyer. */
async function market(label: string) {
  const suffix = crypto.randomUUID().slice(0, 8);
  const sellerEmail = `msg-seller-${suffix}@autoreseller.test`;
  const buyerEmail = `msg-buyer-${suffix}@autoreseller.test`;
  await app.registerSeller({ email: sellerEmail, name: `Seller ${label}` });
  await app.register({ email: buyerEmail, name: `Buyer ${label}` });
  const carName = await listThroughApi(sellerEmail, `Message Car ${suffix}`);
  const [{ id }] = await app.sql("select id from products where name = ?", [carName]);
  return { sellerEmail, buyerEmail, carName, carPath: `/cars/${String(id)}`, sellerName: `Seller ${label}` };
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe("messages between a buyer and a seller", () => {
  it("a buyer writes from the car page; the seller sees it unread, answers, and the answer arrives without reloading", async () => {
    const { sellerEmail, buyerEmail, carName, carPath, sellerName } = await market("Live");
    const buyer = await openPage(browser);
    await signInAs(buyer.page, buyerEmail, carPath);
    await gotoInteractive(buyer.page, carPath);
    await buyer.page.getByLabel(`Your message to ${sellerName}`).fill("Is the price negotiable?");
    await buyer.page.getByRole("button", { name: "Send" }).click();
    await buyer.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const buyersMessages = buyer.page.getByRole("list", { name: "Messages" });
    await buyersMessages.getByText("Is the price negotiable?").waitFor();
    await buyer.page.getByRole("link", { name: new RegExp(carName) }).waitFor();

    const seller = await openPage(browser);
    await signInAs(seller.page, sellerEmail, "/dashboard/messages");
    const conversation = seller.page.getByRole("listitem").filter({ hasText: carName });
    await conversation.getByText("1 unread").waitFor();
    await conversation.getByText("Is the price negotiable?").waitFor();
    await expectAccessible(seller.page, "/dashboard/messages (seller, one unread)");
    await conversation.getByRole("link", { name: new RegExp(carName) }).click();
    await seller.page.getByRole("heading", { name: "Conversation with Buyer Live" }).waitFor();
    await seller.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await seller.page.getByLabel("Your message to Buyer Live").fill("A little, come and see it on Saturday.");
    await seller.page.getByRole("button", { name: "Send" }).click();
    const sellersMessages = seller.page.getByRole("list", { name: "Messages" });
    await sellersMessages.getByText("A little, come and see it on Saturday.").waitFor();
    // The box is emptied once the message is sent.
    await expect.poll(() => seller.page.getByLabel("Your message to Buyer Live").inputValue()).toBe("");
    await expectAccessible(seller.page, "a thread (seller)");

    // The buyer's open thread shows the answer by itself (polling), newest at the bottom.
    const answer = buyersMessages.getByText("A little, come and see it on Saturday.");
    await answer.waitFor({ timeout: 15_000 });
    expect(await buyersMessages.getByRole("listitem").last().textContent()).toContain("A little, come and see it on Saturday.");
    expect(buyer.cspViolations).toEqual([]);
    await buyer.close();
    await seller.close();
  });

  it("the same exchange works without JavaScript, at 360 px", async () => {
    const { sellerEmail, buyerEmail, carName, carPath, sellerName } = await market("Plain");
    const phone = { javaScriptEnabled: false, viewport: { width: 360, height: 740 } };
    const buyer = await openPage(browser, phone);
    await signInAs(buyer.page, buyerEmail, carPath);
    await buyer.page.getByLabel(`Your message to ${sellerName}`).fill("Can I see it on Saturday?");
    await buyer.page.getByRole("button", { name: "Send" }).click();
    await buyer.page.waitForURL(/\/dashboard\/messages\/[0-9a-f-]{36}$/);
    const threadUrl = buyer.page.url();
    await buyer.page.getByRole("list", { name: "Messages" }).getByText("Can I see it on Saturday?").waitFor();
    await expectNoSidewaysScroll(buyer.page);

    const seller = await openPage(browser, phone);
    await signInAs(seller.page, sellerEmail, "/dashboard/messages");
    const conversation = seller.page.getByRole("listitem").filter({ hasText: carName });
    await conversation.getByText("1 unread").waitFor();
    await expectNoSidewaysScroll(seller.page);
    await conversation.getByRole("link", { name: new RegExp(carName) }).click();
    await seller.page.getByLabel("Your message to Buyer Plain").fill("Yes, after 10 am.");
    await seller.page.getByRole("button", { name: "Send" }).click();
    await seller.page.getByRole("list", { name: "Messages" }).getByText("Yes, after 10 am.").waitFor();
    await expectNoSidewaysScroll(seller.page);

    await buyer.page.goto(threadUrl);
    await buyer.page.getByRole("list", { name: "Messages" }).getByText("Yes, after 10 am.").waitFor();
    // Reporting is a form post too.
    await buyer.page.getByText("Report this conversation").first().click();
    await buyer.page.getByLabel("Reason").fill("Testing the report");
    await buyer.page.getByRole("button", { name: "Report this conversation" }).click();
    await buyer.page.getByRole("status").filter({ hasText: "our admins will read this conversation" }).waitFor();
    await buyer.close();
    await seller.close();
  });
});
