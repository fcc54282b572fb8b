import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Notifications in Chromium: the seller cuts the price of a car the buyer saved, the
// buyer's bell shows it, the notifications page marks it read, and its email's unsubscribe page works.

const SELLER = "seller@autoreseller.test";
let browser: Browser;
let buyer: string;
let carId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  buyer = `notify-e2e-${crypto.randomUUID().slice(0, 8)}@autoreseller.test`;
  await app.register({ email: buyer, name: "Bell Watcher" });
  const sellerToken = await app.accessToken(SELLER);
  const [category] = (await (await app.request("/api/categories")).json()) as { _id: string }[];
  // A listing shows only its own seller's uploads.
  const photo = await renderJpeg(carPhotoSvg({ body: "hatchback", color: "#0f766e", seed: 14 }));
  const uploaded = await app.uploadImage(photo, "car.jpg", "image/jpeg", sellerToken);
  const image = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const listed = await app.apiJson(
    "/api/products/add",
    {
      productName: "Kia Rio 2015",
      originalPrice: 9000,
      resalePrice: 7000,
      location: "Dhaka",
      categoryId: category._id,
      condition: "Good",
      mobile: "01711 000222",
      productDescription: "Its price will drop.",
      purchaseYear: 2015,
      image,
      make: "Kia",
      model: "Rio",
      mileageKm: 80000,
      transmission: "manual",
      fuel: "petrol",
      colour: "White",
    },
    { token: sellerToken },
  );
  expect(listed.status, await listed.clone().text()).toBe(201);
  carId = ((await listed.json()) as { insertedId: string }).insertedId;
  const saved = await app.request(`/api/favourites/${carId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${await app.accessToken(buyer)}` },
  });
  expect(saved.status).toBe(200);
});
afterAll(() => browser?.close());

describe("notifications", () => {
  it("the seller cuts the price, the buyer's bell shows 1, and the notifications page marks it read", async () => {
    const seller = await openPage(browser);
    await signInAs(seller.page, SELLER, `/dashboard/myproducts/${carId}/edit`);
    await seller.page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await seller.page.getByLabel("Resale price ($)").fill("6500");
    await seller.page.getByRole("button", { name: "Save changes" }).click();
    await seller.page.waitForURL(`${appUrl}/dashboard/myproducts`);
    await seller.close();

    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, buyer, "/");
    await page.getByRole("link", { name: "Notifications, 1 unread" }).click();
    await page.getByRole("heading", { name: "Notifications" }).waitFor();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const text = "Kia Rio 2015 dropped to $6,500 (was $7,000)";
    await page.getByRole("link", { name: text }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, "/dashboard/notifications (360 px)");

    await page.getByRole("button", { name: `Mark as read: ${text}` }).click();
    await page.getByRole("link", { name: "Notifications", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: `Mark as read: ${text}` }).count()).toBe(0);
    await close();
  });

  it("the email's unsubscribe page asks first, then stops that kind of email", async () => {
    const [mail] = await app.sql("select headers from outgoing_emails where to_address = ? and headers is not null", [buyer]);
    const link = /^<(.+)>$/.exec((JSON.parse(String(mail.headers)) as Record<string, string>)["List-Unsubscribe"])![1];
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, link.replace(appUrl, ""));
    await page.getByText("price drops on cars you saved").waitFor();
    await expectAccessible(page, "/unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("status").filter({ hasText: "You will no longer get emails about: price drops on cars you saved." }).waitFor();
    await expectAccessible(page, "/unsubscribe (done)");
    expect(await app.sql("select kind from email_opt_outs where user_id = (select id from users where email = ?)", [buyer])).toEqual([
      expect.objectContaining({ kind: "price_drop" }),
    ]);
    await close();
  });
});
