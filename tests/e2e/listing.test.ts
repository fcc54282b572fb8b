import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CarDetail } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { app, appUrl, expectAccessible, launchBrowser, openPage, signInAs } from "./browser";

// A seller lists a car with three photos in Chromium, puts them in order by keyboard and by drag
// and drop, picks the cover, and then lowers the price on the edit page. Each photo has its own
// width, so the order the API answers can be checked against the files.

const WIDTHS = { "front.jpg": 600, "side.jpg": 700, "back.jpg": 800 } as const;
type PhotoName = keyof typeof WIDTHS;

let browser: Browser;
const files: Record<PhotoName, string> = { "front.jpg": "", "side.jpg": "", "back.jpg": "" };

beforeAll(async () => {
  browser = await launchBrowser();
  const folder = mkdtempSync(path.join(tmpdir(), "listing-"));
  await Promise.all(
    Object.entries(WIDTHS).map(async ([name, width], seed) => {
      files[name as PhotoName] = path.join(folder, name);
      writeFileSync(files[name as PhotoName], await renderJpeg(carPhotoSvg({ body: "coupe", color: "#b45309", seed }), { width }));
    }),
  );
});
afterAll(() => browser?.close());

/** The photos as the picker lists them, cover first. */
function pickerOrder(page: Page): Promise<string[]> {
  return page
    .getByRole("list", { name: "Chosen photos, cover first" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-label") ?? ""));
}

async function expectOrder(page: Page, names: string[]) {
  await expect.poll(() => pickerOrder(page)).toEqual(names);
}

/** The widths of a car's photos as stored, in the order the API answers them. */
async function storedWidths(images: string[]) {
  return Promise.all(
    images.map(async (url) => (await sharp(Buffer.from(await (await fetch(`${appUrl}${url}`)).arrayBuffer())).metadata()).width),
  );
}

async function car(id: string): Promise<CarDetail> {
  return (await (await app.request(`/api/products/${id}`)).json()) as CarDetail;
}

async function expectAccessibleAt360(page: Page, label: string) {
  await page.setViewportSize({ width: 360, height: 800 });
  await expectAccessible(page, `${label} at 360 px`);
  // Nothing makes the page scroll sideways; if something does, the elements past the edge are named.
  const wider = await page.evaluate(() =>
    document.documentElement.scrollWidth <= 360
      ? []
      : [...document.querySelectorAll("body *")]
          .filter((element) => element.getBoundingClientRect().right > 361)
          .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${element.className}`.slice(0, 120)),
  );
  expect(wider).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe("listing a car in Chromium", () => {
  it("three photos, ordered by keyboard and by drag and drop, a cover picked; then the price edited", async () => {
    const { page, foreignRequests, close } = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await signInAs(page, "seller@autoreseller.test", "/dashboard/addproduct");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectAccessible(page, "/dashboard/addproduct");
    await expectAccessibleAt360(page, "/dashboard/addproduct");

    // Sent empty: each field says what it needs, the photos too; they check again as they are corrected.
    await page.getByRole("button", { name: "Add Product" }).click();
    const photoError = page.locator("#add-car-images-error");
    await expect.poll(() => photoError.textContent()).toBe("Photo is required");
    await page.getByText("Make is required").waitFor();

    const name = `Browser Coupe ${Date.now()}`;
    await page.getByLabel("Product name").fill(name);
    await page.getByLabel("Category").selectOption({ label: "SUV" });
    await page.getByLabel("Make", { exact: true }).fill("Honda");
    await page.getByLabel("Model", { exact: true }).fill("GT86");
    await page.getByLabel(/Purchase year/).fill("2015");
    await page.getByLabel("Condition").selectOption("Excellent");
    await page.getByLabel("Mileage (km)").fill("58000");
    await page.getByLabel("Transmission").selectOption("manual");
    await page.getByLabel("Fuel").selectOption("petrol");
    await page.getByLabel("Colour").fill("Orange");
    // The VIN is a Toyota's: the note says so as it is typed, and goes once the make agrees.
    await page.getByLabel("VIN (optional)").fill("JTDBR32E530012345");
    const note = page.locator("#vin-note");
    await expect.poll(() => note.textContent()).toBe("This VIN belongs to a Toyota; check the make or the VIN");
    await page.getByLabel("Make", { exact: true }).fill("Toyota");
    await expect.poll(() => note.textContent()).toBe("");
    await page.getByLabel("Original price ($)").fill("26000");
    await page.getByLabel("Resale price ($)").fill("19500");
    await page.getByLabel("Location").selectOption("Sylhet");
    await page.getByLabel("Mobile number").fill("+880 1711-444555");
    await page.getByLabel("Product description").fill("Listed from a real browser with three photos in the seller's order.");

    await page.getByLabel("Add photos").setInputFiles([files["front.jpg"], files["side.jpg"], files["back.jpg"]]);
    await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 20_000 }).toBe(3);
    await expectOrder(page, ["front.jpg", "side.jpg", "back.jpg"]);
    await expect.poll(() => photoError.textContent()).toBe("");
    await expect.poll(() => page.getByText("Make is required").count()).toBe(0);
    await expectAccessible(page, "the photo picker");

    // Keyboard: each photo's menu, then Move down or Move up; the moved photo's menu button keeps the
    // focus and the new place is announced.
    const menuOf = (name: string) => page.getByRole("button", { name: `Photo options: ${name}` });
    await menuOf("front.jpg").focus();
    await page.keyboard.press("Enter");
    // Move up is disabled for the first photo: the first Tab reaches Move down.
    await page.keyboard.press("Tab");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Move down front.jpg");
    await page.keyboard.press("Enter");
    await expectOrder(page, ["side.jpg", "front.jpg", "back.jpg"]);
    await page.getByRole("status").filter({ hasText: "front.jpg moved to position 2 of 3." }).waitFor({ state: "attached" });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Photo options: front.jpg");
    await menuOf("back.jpg").focus();
    await page.keyboard.press("Space");
    // Escape closes a menu and gives the focus back to its button.
    await page.getByRole("button", { name: "Move up back.jpg" }).focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Photo options: back.jpg");
    expect(await page.getByRole("button", { name: "Move up back.jpg" }).count()).toBe(0);
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Move up back.jpg" }).focus();
    await page.keyboard.press("Space");
    await expectOrder(page, ["side.jpg", "back.jpg", "front.jpg"]);
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Photo options: back.jpg");

    // Drag and drop: side.jpg onto the last place.
    const list = page.getByRole("list", { name: "Chosen photos, cover first" });
    await list
      .getByRole("listitem")
      .filter({ hasText: "side.jpg" })
      .dragTo(list.getByRole("listitem").filter({ hasText: "front.jpg" }));
    await expectOrder(page, ["back.jpg", "front.jpg", "side.jpg"]);

    await menuOf("front.jpg").click();
    await page.getByRole("button", { name: "Make cover front.jpg" }).click();
    await expectOrder(page, ["front.jpg", "back.jpg", "side.jpg"]);
    await list.getByRole("listitem").first().getByText("Cover", { exact: true }).waitFor();
    await page.getByRole("status").filter({ hasText: "front.jpg moved to position 1 of 3, the cover." }).waitFor({ state: "attached" });

    await page.getByRole("button", { name: "Add Product" }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts`);
    await page.getByText("Product added successfully").waitFor();
    const edit = page.getByRole("link", { name: `Edit ${name}` });
    const id = (await edit.getAttribute("href"))!.split("/")[3];
    const listed = await car(id);
    expect(await storedWidths(listed.images)).toEqual([WIDTHS["front.jpg"], WIDTHS["back.jpg"], WIDTHS["side.jpg"]]);
    expect(listed).toMatchObject({ make: "Toyota", model: "GT86", vin: "JTDBR32E530012345", resalePrice: 19500 });

    // Edit: the same form, filled in, the photos in their order; a lower price is saved.
    await edit.click();
    await page.getByRole("heading", { name: `Edit ${name}` }).waitFor();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expectOrder(page, ["Photo 1", "Photo 2", "Photo 3"]);
    expect(await page.getByLabel("Colour").inputValue()).toBe("Orange");
    await expectAccessible(page, "the edit page");
    await expectAccessibleAt360(page, "the edit page");
    await page.getByLabel("Resale price ($)").fill("18750");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.waitForURL(`${appUrl}/dashboard/myproducts`);
    await page.getByText("Listing updated").waitFor();

    const edited = await car(id);
    expect(edited.resalePrice).toBe(18750);
    expect(edited.priceHistory.map((entry) => entry.price)).toEqual([19500, 18750]);
    expect(edited.images).toEqual(listed.images);
    await expectAccessibleAt360(page, "/dashboard/myproducts");
    expect(foreignRequests).toEqual([]);
    await close();
  }, 120_000);
});

describe("the photo manager on a 390 px phone", () => {
  it("on a touch screen asks to choose photos, with no word of dragging or dropping", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await signInAs(page, "seller@autoreseller.test", "/dashboard/addproduct");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const picker = page.locator("input[type=file]");
    expect(await picker.evaluate((input: HTMLInputElement) => input.labels![0].innerText)).toBe("Choose photos");
    expect(await page.locator("main").innerText()).not.toMatch(/\bdrop|\bdrag/i);
    await expectAccessibleAt360(page, "the listing form on a touch screen");
    await close();
  });

  it("keeps failed uploads out of the order with their reason, Retry and Remove; the cover is always the first tile", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "photo-manager-"));
    const notes = path.join(folder, "notes.txt");
    writeFileSync(notes, "not a photo");
    // 1,500 px of noise, stored without compression: over the 5 MiB limit, and too small to be shrunk first.
    const huge = path.join(folder, "huge.png");
    writeFileSync(
      huge,
      await sharp(randomBytes(1500 * 1500 * 3), { raw: { width: 1500, height: 1500, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    );
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, "seller@autoreseller.test", "/dashboard/addproduct");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    // The network refuses the first upload of front.jpg: Retry sends it again.
    let refused = false;
    await page.route("**/api/images/uploads", async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.abort("connectionrefused");
    });
    await page.getByLabel("Add photos").setInputFiles([files["front.jpg"]]);
    const failed = page.getByRole("list", { name: "Photos not uploaded" }).getByRole("listitem");
    await failed.filter({ hasText: "front.jpg" }).getByText("check your connection").waitFor();
    await page.getByLabel("Add photos").setInputFiles([notes, huge, files["side.jpg"], files["back.jpg"]]);
    await failed.filter({ hasText: "notes.txt" }).getByText("could not be read as a photo").waitFor();
    await failed.filter({ hasText: "huge.png" }).waitFor();
    await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 20_000 }).toBe(2);

    // A failed photo offers Retry and Remove only, and stays out of the order and the cover.
    for (const name of ["front.jpg", "notes.txt", "huge.png"]) {
      const buttons = await failed.filter({ hasText: name }).getByRole("button").allTextContents();
      expect(buttons).toEqual([`Retry ${name}`, `Remove ${name}`]);
    }
    expect(await failed.filter({ hasText: "huge.png" }).textContent()).toMatch(/5 MiB/);
    await expectOrder(page, ["side.jpg", "back.jpg"]);
    const list = page.getByRole("list", { name: "Chosen photos, cover first" });
    await list.getByRole("listitem").first().getByText("Cover", { exact: true }).waitFor();
    expect(await list.getByText("Cover", { exact: true }).count()).toBe(1);
    await expectAccessible(page, "the photo manager with failed uploads");

    // Retry: front.jpg uploads and joins the order at its end; Remove takes notes.txt away.
    await page.getByRole("button", { name: "Retry front.jpg" }).click();
    await expectOrder(page, ["side.jpg", "back.jpg", "front.jpg"]);
    await expect.poll(() => page.getByText("Uploaded", { exact: true }).count(), { timeout: 20_000 }).toBe(3);
    await page.getByRole("button", { name: "Remove notes.txt" }).click();
    expect(await failed.count()).toBe(1);

    // Making a photo the cover moves it to the first tile, where the badge is.
    await page.getByRole("button", { name: "Photo options: front.jpg" }).click();
    await page.getByRole("button", { name: "Make cover front.jpg" }).click();
    await expectOrder(page, ["front.jpg", "side.jpg", "back.jpg"]);
    await list.getByRole("listitem").first().getByText("Cover", { exact: true }).waitFor();

    // Compact on a phone: two tiles a row, every control at least 44 px, nothing sideways at 360 px.
    const tiles = await list.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(tiles[0]).toBe(tiles[1]);
    await page.getByRole("button", { name: "Photo options: side.jpg" }).click();
    const small = await page
      .locator("#photo-picker, [aria-label='Chosen photos, cover first'] button, [aria-label='Photos not uploaded'] button")
      .evaluateAll((controls) =>
        controls
          .map((control) => ({ name: control.textContent, box: control.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 44 || box.height < 44)
          .map(({ name }) => name),
      );
    expect(small).toEqual([]);
    await expectAccessible(page, "a photo's open menu");
    await expectAccessibleAt360(page, "the photo manager");
    await close();
  }, 120_000);
});
