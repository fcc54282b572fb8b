import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { eventually } from "../support/eventually";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Trust and safety as people meet it: a new seller must confirm their address before
// listing, by the link in the mail (read through GET /api/dev/mail, as someone trying the app would).

let browser: Browser;
let photoPath: string;
beforeAll(async () => {
  browser = await launchBrowser();
  photoPath = path.join(mkdtempSync(path.join(tmpdir(), "photo-")), "car.jpg");
  writeFileSync(photoPath, await renderJpeg(carPhotoSvg({ body: "sedan", color: "#0369a1", seed: 8 })));
});
afterAll(() => browser?.close());

describe("a new seller in Chromium", () => {
  it("is told to confirm their address, follows the link from /api/dev/mail, and then lists a car", async () => {
    const { page, foreignRequests, close } = await openPage(browser);
    const email = `new-seller-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await gotoInteractive(page, "/register");
    await page.getByLabel("Name").fill("Nadia Rahman");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByLabel("Account type").selectOption("seller");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${appUrl}/`);

    await page.goto("/dashboard/addproduct");
    await page.getByRole("heading", { name: "Confirm your email address before listing a car" }).waitFor();
    expect(await page.getByLabel("Product name").count()).toBe(0);
    await expectAccessible(page, "/dashboard/addproduct (unconfirmed)");
    await page.getByRole("button", { name: "Send the link again" }).click();
    await page.getByText("We sent a new confirmation link to your email.").waitFor();

    const mail = (await (await fetch(`${appUrl}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
    expect(mail).toHaveLength(2);
    const link = mail[0].links.find((url) => url.includes("/verify-email/"))!;
    await page.goto(link);
    await page.getByText("Thank you! Your email address is confirmed.").waitFor();

    await gotoInteractive(page, "/dashboard/addproduct");
    const name = `Confirmed Seller Sedan ${Date.now()}`;
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Original price ($)").fill("21000");
    await page.getByLabel("Resale price ($)").fill("16000");
    await page.getByLabel("Location").selectOption("Sylhet");
    await page.getByLabel("Category").selectOption({ index: 1 });
    await page.getByLabel("Condition").selectOption("Good");
    await page.getByLabel("Mobile number").fill("+880 1711-444444");
    await page.getByLabel(/Purchase year/).fill("2016");
    await page.getByLabel("Product description").fill("Listed once the seller's address was confirmed.");
    await page.getByLabel("Make", { exact: true }).fill("Honda");
    await page.getByLabel("Model", { exact: true }).fill("Grace");
    await page.getByLabel("Mileage (km)").fill("64000");
    await page.getByLabel("Transmission").selectOption("automatic");
    await page.getByLabel("Fuel").selectOption("hybrid");
    await page.getByLabel("Colour").fill("White");
    await page.getByLabel("Add photos").setInputFiles(photoPath);
    await page.getByText("Uploaded", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts`);
    await page.getByRole("row").filter({ hasText: name }).waitFor();
    expect(await app.sql("select count(*) as n from products where name = ?", [name])).toEqual([expect.objectContaining({ n: 1 })]);
    expect(foreignRequests).toEqual([]);
    await close();
  }, 90_000);
});

describe("an admin in Chromium", () => {
  it("sees a seller's open reports beside Verify and in its confirmation, and a flagged listing, which they clear", async () => {
    // A seller named to sort first, four cars at about $30,000 and one of the same model at $10,000, which a buyer reports.
    const email = `flagged-seller-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.registerSeller({ email, name: "Aaaa Bargain Motors" });
    const model = `Model ${crypto.randomUUID().slice(0, 4)}`;
    const token = await app.accessToken(email);
    const listCar = async (carName: string, resalePrice: number) => {
      const { data } = (await (
        await app.uploadImage(await renderJpeg(carPhotoSvg({ body: "suv", color: "#65a30d", seed: 2 })), "car.jpg", "image/jpeg", token)
      ).json()) as {
        data: { url: string };
      };
      const response = await app.apiJson(
        "/api/products/add",
        {
          productName: carName,
          originalPrice: 40000,
          resalePrice,
          location: "Dhaka",
          categoryId: await app.firstCategoryId(),
          condition: "Good",
          mobile: "01711 777000",
          productDescription: "Listed for the admin's look.",
          purchaseYear: 2019,
          make: "Toyota",
          model,
          mileageKm: 50000,
          image: data.url,
        },
        { token },
      );
      return ((await response.json()) as { insertedId: string }).insertedId;
    };
    for (const price of [30000, 31000, 29000, 30500]) await listCar(`${model} at ${price}`, price);
    const cheapName = `${model} Too Cheap`;
    const cheap = await listCar(cheapName, 10000);
    const report = await app.apiJson(
      "/api/report",
      { product_id: cheap, reason: "scam" },
      { token: await app.accessToken("buyer@autoreseller.test") },
    );
    expect(report.status).toBe(201);

    const { page, close } = await openPage(browser);
    await signInAs(page, "admin@autoreseller.test", "/dashboard/allsellers");
    const row = page.getByRole("row", { name: /Aaaa Bargain Motors/ });
    await row.getByText("1 open report against their cars").waitFor();
    await row.getByRole("link", { name: "Verify Aaaa Bargain Motors" }).click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Verify Aaaa Bargain Motors?").waitFor();
    await dialog.getByText("1 open report against their cars").waitFor();
    await expectAccessible(page, "the verify confirmation with reports");

    // The flag comes from the listings queue, a moment after the listing.
    await eventually(
      () => app.sql("select id from flags where product_id = ?", [cheap]),
      (rows) => rows.length === 1,
    );
    await page.goto("/dashboard/flags");
    const flagged = page.getByRole("row", { name: new RegExp(cheapName) });
    await flagged.getByText("Priced far under its estimate").waitFor();
    await expectAccessible(page, "/dashboard/flags");
    await flagged.getByRole("link", { name: cheapName }).click();
    await page.waitForURL(`${appUrl}/cars/${cheap}`);
    await page.goto("/dashboard/flags");
    await page.getByRole("button", { name: `Clear the flag on ${cheapName}` }).click();
    await page.getByText("The flag is cleared; the listing stays as it is.").waitFor();
    // The toast can come before the list is read again: wait for the cleared flag's row to go.
    await page.getByRole("link", { name: cheapName }).waitFor({ state: "detached" });
    expect(await app.sql("select cleared_at from flags where product_id = ?", [cheap])).toEqual([{ cleared_at: expect.any(String) }]);
    await close();
  }, 90_000);
});
