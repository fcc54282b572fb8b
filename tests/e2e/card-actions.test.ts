import { type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { app, appUrl, expectAccessible, gotoInteractive, isMarked, launchBrowser, markDocument, openPage, signInAs } from "./browser";

// A card's Book Now and Report in Chromium: signing in to book
// comes back to the car with its booking form open; the booking dialog; toasts above dialogs and
// below the header; the card saying Booked and Reported afterwards.

let browser: Browser;
let advertised: Car[];
beforeAll(async () => {
  browser = await launchBrowser();
  advertised = (await (await app.request("/api/products/advertisement")).json()) as Car[];
});
afterAll(() => browser?.close());

async function freshBuyer(prefix: string): Promise<string> {
  const email = `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await app.register({ email, name: "Card Buyer" });
  return email;
}

const cardOf = (page: Page, car: Car) => page.locator(`article[aria-labelledby="product-${car._id}"]`);
const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

describe("a card's actions in Chromium", () => {
  it("a signed-out visitor presses Book Now, signs in, and is back at that car with its booking form open", async () => {
    const car = advertised[1];
    const email = await freshBuyer("return");
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    await cardOf(page, car)
      .getByRole("link", { name: `Book Now: ${car.productName}` })
      .click();
    await page.getByRole("dialog").getByRole("link", { name: "Sign In" }).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();

    await page.waitForURL(`${appUrl}/cars/${car._id}?book`);
    const dialog = page.getByRole("dialog", { name: car.productName });
    await dialog.getByLabel("Phone").waitFor();
    await expect.poll(() => isFocused(dialog.getByLabel("Phone"))).toBe(true);
    await close();
  });

  it("the booking dialog: focus on Phone, a summary of what is booked, a close button, progress while sending; then Booked", async () => {
    const car = advertised[2];
    const email = await freshBuyer("dialog");
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await signInAs(page, email, "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const card = cardOf(page, car);
    const bookNow = card.getByRole("link", { name: `Book Now: ${car.productName}` });

    await bookNow.click();
    const dialog = page.getByRole("dialog", { name: car.productName });
    await dialog.getByLabel("Phone").waitFor();
    expect(await isFocused(dialog.getByLabel("Phone"))).toBe(true);
    // The spec's read-only fields are there, as text rather than inputs.
    const summary = dialog.getByRole("definition");
    expect(await summary.allTextContents()).toEqual([car.productName, "Card Buyer", email, `$${car.resalePrice.toLocaleString("en-US")}`]);
    expect(await dialog.getByRole("term").allTextContents()).toEqual(["Product name", "Your name", "Your email", "Price"]);
    expect(await dialog.locator("input[readonly]").count()).toBe(0);
    await expectAccessible(page, "the booking dialog on a phone");

    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await isFocused(bookNow)).toBe(true);

    await bookNow.click();
    await dialog.getByLabel("Phone").fill("01711 223344");
    await dialog.getByLabel("Meeting location").fill("Uttara 7");
    // The booking is held at the network until the dialog has been seen busy.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/book/${car._id}*`, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole("button", { name: "Submit" }).click();
    const busy = dialog.getByRole("button", { name: /Submit/ });
    await expect.poll(() => busy.isDisabled()).toBe(true);
    await dialog.getByRole("status").getByText("Sending").waitFor();
    release();
    await page.getByText("Booking confirmed").waitFor();
    await dialog.waitFor({ state: "detached" });

    await card.getByRole("link", { name: /^Booked/ }).waitFor();
    expect(await bookNow.count()).toBe(0);
    await close();
  });

  it("an error toast over the booking dialog is above it and its backdrop, and below the header", async () => {
    const car = advertised[3];
    const email = await freshBuyer("toast");
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await cardOf(page, car)
      .getByRole("link", { name: `Book Now: ${car.productName}` })
      .click();
    const dialog = page.getByRole("dialog", { name: car.productName });
    await dialog.getByLabel("Phone").fill("01711 556677");
    await dialog.getByLabel("Meeting location").fill("Mirpur 1");
    // Booked meanwhile (another tab): the dialog's submit is refused with a toast.
    const token = await app.accessToken(email);
    expect((await app.apiJson("/api/bookings", { product_id: car._id, phone: "1", meetingLocation: "x" }, { token })).status).toBe(201);
    await dialog.getByRole("button", { name: "Submit" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "You have already booked this car" });
    await toast.waitFor();
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    const box = (await toast.boundingBox())!;
    const onTop = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest("[data-sonner-toast]") !== null, {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(onTop).toBe(true);
    const header = (await page.locator("header").first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(await dialog.isVisible()).toBe(true);
    await close();
  });

  it("after a report is sent, the card says Reported and offers no second report", async () => {
    const car = advertised[4];
    const email = await freshBuyer("reporter");
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const card = cardOf(page, car);
    await card.locator("summary", { hasText: `More actions: ${car.productName}` }).click();
    await card.getByRole("link", { name: `Report this item: ${car.productName}` }).click();
    const dialog = page.getByRole("dialog", { name: "Report this item?" });
    await dialog.getByLabel("Scam or fraud").check();
    await dialog.getByRole("button", { name: "Report this item" }).click();
    await page.getByText("Report sent to admin").waitFor();
    await dialog.waitFor({ state: "detached" });

    await card.getByText("Reported", { exact: true }).waitFor();
    expect(await card.getByRole("link", { name: /^Report this item/ }).count()).toBe(0);
    await expectAccessible(page, "Home with a reported car");
    await close();
  });
});

describe("a page open from an earlier build", () => {
  const dialogFile = /\/assets\/car-action-dialog-[^/]+\.js$/;

  it("loads afresh when a dialog's file is gone (a deploy since), and the dialog opens after", async () => {
    const car = advertised[1];
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    // The first request finds the old build's file gone; after the reload the current one loads.
    let asked = 0;
    await page.route(dialogFile, (route) => (asked++ === 0 ? route.fulfill({ status: 404 }) : route.continue()));
    await markDocument(page);
    const reloaded = page.waitForEvent("load");
    await cardOf(page, car)
      .getByRole("link", { name: `Book Now: ${car.productName}` })
      .click();
    await reloaded;
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    expect(page.url()).toBe(`${appUrl}/`);
    expect(await isMarked(page)).toBe(false);

    await cardOf(page, car)
      .getByRole("link", { name: `Book Now: ${car.productName}` })
      .click();
    await page.getByRole("dialog").getByRole("link", { name: "Sign In" }).waitFor();
    expect(asked).toBe(2);
    await close();
  });

  it("reloads only once when the file is missing from the current build too: then the error page says so", async () => {
    const car = advertised[1];
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    await page.route(dialogFile, (route) => route.fulfill({ status: 404 }));
    const bookNow = cardOf(page, car).getByRole("link", { name: `Book Now: ${car.productName}` });
    const reloaded = page.waitForEvent("load");
    await bookNow.click();
    await reloaded;
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    await markDocument(page);
    await bookNow.click();
    await page.getByRole("heading", { name: "Something went wrong on our side. Please try again in a moment." }).waitFor();
    expect(await isMarked(page)).toBe(true);
    await close();
  });
});
