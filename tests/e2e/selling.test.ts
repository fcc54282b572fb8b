import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { appUrl, expectAccessible, launchBrowser, listThroughApi, openPage } from "./browser";

let browser: Browser;
let photoPath: string;
beforeAll(async () => {
  browser = await launchBrowser();
  photoPath = path.join(mkdtempSync(path.join(tmpdir(), "photo-")), "big-car.jpg");
  writeFileSync(photoPath, await renderJpeg(carPhotoSvg({ body: "suv", color: "#7c3aed", seed: 3 }), { width: 2400 }));
});
afterAll(() => browser?.close());

describe("selling in Chromium", () => {
  it("a seller adds a car with a big photo (shrunk before upload), finds it on its category page, advertises it and sees it on Home", async () => {
    const { page, foreignRequests, close } = await openPage(browser);
    await page.goto("/login?redirectTo=%2Fdashboard%2Faddproduct");
    await page.getByLabel("Email").fill("seller@autoreseller.test");
    await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/dashboard/addproduct`);
    await page.getByRole("heading", { name: "Add a product" }).waitFor();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page, "/dashboard/addproduct");

    const name = `Browser Listed SUV ${Date.now()}`;
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Original price ($)").fill("41000");
    await page.getByLabel("Resale price ($)").fill("33000");
    await page.getByLabel("Location").selectOption("Khulna");
    await page.getByLabel("Category").selectOption({ label: "SUV" });
    await page.getByLabel("Condition").selectOption("Good");
    await page.getByLabel("Mobile number").fill("+880 1711-555555");
    await page.getByLabel(/Purchase year/).fill("2017");
    await page.getByLabel("Product description").fill("Listed from a real browser with a big photo that gets shrunk first.");
    await page.getByLabel("Make", { exact: true }).fill("Toyota");
    await page.getByLabel("Model", { exact: true }).fill("RAV4");
    await page.getByLabel("Mileage (km)").fill("76000");
    await page.getByLabel("Transmission").selectOption("automatic");
    await page.getByLabel("Fuel").selectOption("hybrid");
    await page.getByLabel("Colour").fill("Purple");
    await page.getByLabel("Add photos").setInputFiles(photoPath);
    await page.getByText("Uploaded", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Add Product" }).click();

    await page.waitForURL(`${appUrl}/dashboard/myproducts`);
    await page.getByText("Product added successfully").waitFor();
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();

    await page.goto("/");
    await page.getByRole("link", { name: "See all cars: SUV" }).click();
    const card = page.getByRole("article").filter({ hasText: name });
    await card.waitFor();
    // The card's photo repeats its title link for pointers only (hidden from the accessibility tree).
    const photoUrl = await card.getByAltText(`Photo of ${name}`).getAttribute("src");
    const stored = await sharp(Buffer.from(await (await fetch(`${appUrl}${photoUrl}`)).arrayBuffer())).metadata();
    expect(Math.max(stored.width!, stored.height!)).toBeLessThanOrEqual(1600);

    await page.goto("/dashboard/myproducts");
    await expectAccessible(page, "/dashboard/myproducts");
    await page.getByRole("button", { name: `Advertise ${name}` }).click();
    await page.getByText("Added to the advertisement card successfully").waitFor();
    await page.getByRole("row").filter({ hasText: name }).getByText("Advertised").waitFor();
    await page.goto("/");
    await page.getByRole("region", { name: "Advertised cars" }).getByRole("heading", { name }).waitFor();
    expect(foreignRequests).toEqual([]);
    await close();
  }, 90_000);

  it("asks before deleting, and deletes after confirmation", async () => {
    const label = await listThroughApi("seller2@autoreseller.test", `Doomed Hatchback ${Date.now()}`);
    const { page, close } = await openPage(browser);
    await page.goto("/login?redirectTo=%2Fdashboard%2Fmyproducts");
    await page.getByLabel("Email").fill("seller2@autoreseller.test");
    await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts`);
    const deleteLink = page.getByRole("link", { name: `Delete ${label}` });
    await deleteLink.click();
    const dialog = page.getByRole("alertdialog");
    await dialog.getByText("Are you sure?").waitFor();
    await dialog.getByText("You won't be able to revert this!").waitFor();
    await expectAccessible(page, "the delete confirmation");
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });

    await deleteLink.click();
    await page.getByRole("button", { name: `Yes, delete ${label}` }).click();
    await page.getByText("Your file has been deleted.").waitFor();
    await page.getByRole("row").filter({ hasText: label }).waitFor({ state: "detached" });
    await close();
  });
});
