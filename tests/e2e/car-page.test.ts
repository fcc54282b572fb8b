import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import {
  app,
  appUrl,
  expectAccessible,
  gotoInteractive,
  isMarked,
  launchBrowser,
  listThroughApi,
  markDocument,
  openPage,
  signInAs,
} from "./browser";

// A buyer finds a car from its card, looks through its photos with the keyboard, sees that its
// price dropped and books it from the car's own page; the page is accessible, on a phone too.

let browser: Browser;
let car: Car;
const DROP = 500;

beforeAll(async () => {
  browser = await launchBrowser();
  // An advertised car (so it has a card on Home) with several photos, whose seller lowers its price.
  const advertised = (await (await app.request("/api/products/advertisement")).json()) as Car[];
  car = advertised.find((candidate) => candidate.images.length >= 3)!;
  expect(car, "an advertised demo car with 3 or more photos").toBeDefined();
  const sellerToken = await app.accessToken(car.email);
  const response = await app.apiJson(
    `/api/products/${car._id}`,
    { resalePrice: car.resalePrice - DROP },
    { method: "PATCH", token: sellerToken },
  );
  expect(response.status, await response.clone().text()).toBe(200);
});
afterAll(() => browser?.close());

const mainPhoto = (page: Page) => page.locator("#main section").first().locator("img").first();

describe("a car's page in Chromium", () => {
  it("a buyer opens a car from its card, walks the photos by keyboard, sees the price drop and books it", async () => {
    const { page, cspViolations, close } = await openPage(browser);
    const email = `car-page-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.register({ email, name: "Page Buyer" });
    await signInAs(page, email, "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

    const card = page.locator(`article[aria-labelledby="product-${car._id}"]`);
    await card.getByRole("link", { name: car.productName, exact: true }).click();
    await page.waitForURL(`${appUrl}/cars/${car._id}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("heading", { level: 1, name: car.productName }).waitFor();

    const count = car.images.length;
    const photoOf = (index: number) => `${car.productName}, photo ${index} of ${count}`;
    expect(await mainPhoto(page).getAttribute("alt")).toBe(photoOf(1));
    const thumbnail = (index: number) => page.getByRole("button", { name: `Show photo ${index} of ${count}` });
    await thumbnail(1).focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => mainPhoto(page).getAttribute("alt")).toBe(photoOf(2));
    expect(await thumbnail(2).getAttribute("aria-current")).toBe("true");
    expect(await thumbnail(1).getAttribute("aria-current")).toBeNull();
    expect(await thumbnail(2).evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => mainPhoto(page).getAttribute("alt")).toBe(photoOf(count));
    expect(await thumbnail(count).getAttribute("aria-current")).toBe("true");
    await page.getByRole("button", { name: "Next photo" }).click();
    await expect.poll(() => mainPhoto(page).getAttribute("alt")).toBe(photoOf(1));

    const fullScreenButton = page.getByRole("button", { name: "View full screen" });
    await fullScreenButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: photoOf(1) });
    await dialog.waitFor();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("dialog", { name: photoOf(2) }).waitFor();
    expect(await thumbnail(2).getAttribute("aria-current")).toBe("true");
    await expectAccessible(page, "the car's photo in full screen");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await fullScreenButton.evaluate((element) => element === document.activeElement)).toBe(true);

    const price = page.getByRole("region", { name: "Price" });
    await price.getByText(new RegExp(`^Price dropped \\$${DROP} on \\d{4}-\\d{2}-\\d{2}$`)).waitFor();
    await price.getByText("Price history").waitFor();
    await expectAccessible(page, "a car's page, signed in as a buyer");

    await price.getByRole("link", { name: `Book Now: ${car.productName}` }).click();
    const booking = page.getByRole("dialog", { name: car.productName });
    await booking.getByLabel("Phone").fill("01711 445566");
    await booking.getByLabel("Meeting location").fill("Gulshan 2");
    await booking.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();
    await booking.waitFor({ state: "detached" });
    expect(cspViolations).toEqual([]);
    await close();
  });

  it("fits a 360 px phone without sideways scrolling and passes axe there; a swipe moves the photo", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await gotoInteractive(page, `/cars/${car._id}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page, "a car's page at 360 px");

    const photo = mainPhoto(page);
    const box = (await photo.boundingBox())!;
    const y = box.y + box.height / 2;
    await photo.dispatchEvent("pointerdown", { pointerType: "touch", clientX: box.x + box.width - 20, clientY: y, isPrimary: true });
    await photo.dispatchEvent("pointerup", { pointerType: "touch", clientX: box.x + 20, clientY: y, isPrimary: true });
    await expect.poll(() => photo.getAttribute("alt")).toBe(`${car.productName}, photo 2 of ${car.images.length}`);
    await close();
  });

  it("a sold car's page says so, offers no booking, and its seller's page is accessible", async () => {
    const advertised = (await (await app.request("/api/products/advertisement")).json()) as Car[];
    const sold = advertised.find((candidate) => candidate._id !== car._id)!;
    await app.sql("update products set is_paid = 1 where id = ?", [sold._id]);
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, `/cars/${sold._id}`);
    const price = page.getByRole("region", { name: "Price" });
    await price.getByText("Sold", { exact: true }).waitFor();
    expect(await price.getByRole("link", { name: /Book Now/ }).count()).toBe(0);
    await expectAccessible(page, "a sold car's page");

    await page.getByRole("link", { name: `More from ${sold.seller}` }).click();
    await page.waitForURL(new RegExp(`${appUrl}/sellers/`));
    await page.getByRole("heading", { level: 1, name: sold.seller }).waitFor();
    await expectAccessible(page, "a seller's page");
    await close();
  });
});

describe("the Why this rating panel", () => {
  it("lists the cars the rating came from as links, and following one opens that car", async () => {
    // A demo car for sale whose rating is known, and what GET /api/products/:id/price-analysis says of it.
    const { data: forSale } = (await (await app.request("/api/products?limit=50")).json()) as { data: Car[] };
    const rated = forSale.find((candidate) => candidate.priceRating !== null)!;
    expect(rated, "a demo car with a price rating").toBeDefined();
    const analysis = (await (await app.request(`/api/products/${rated._id}/price-analysis`)).json()) as {
      comparables: Car[];
      basis: string;
    };
    const names = analysis.comparables.map((comparable) => comparable.productName);

    // The panel is deferred data: it streams into the page's own response after the rest of the page.
    const html = await (await app.request(`/cars/${rated._id}`)).text();
    for (const comparable of analysis.comparables) expect(html).toContain(`href="/cars/${comparable._id}"`);

    const { page, close } = await openPage(browser);
    await gotoInteractive(page, `/cars/${rated._id}`);
    const panel = page.locator("#price-rating");
    await panel.getByText(analysis.basis).waitFor();
    expect(await panel.getByRole("link").allTextContents()).toEqual(names);
    await expectAccessible(page, "a car's page with its price rating");
    const [first] = analysis.comparables;
    await panel.getByRole("link", { name: first.productName, exact: true }).first().click();
    await page.waitForURL(`${appUrl}/cars/${first._id}`);
    await page.getByRole("heading", { level: 1, name: first.productName }).waitFor();
    await close();
  });
});

describe("the verified badge", () => {
  it("links to the page saying what verified means, on the car's page and the seller's, and that page is accessible", async () => {
    const { data: forSale } = (await (await app.request("/api/products?limit=50")).json()) as { data: Car[] };
    const verified = forSale.find((candidate) => candidate.sellerVerified && candidate.sellerId)!;
    expect(verified, "a demo car of a verified seller").toBeDefined();
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, `/sellers/${verified.sellerId}`);
    // The seller's heading and each of their cards carry the badge.
    const badges = page.getByRole("link", { name: "Verified seller" });
    expect(await badges.evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))])).toEqual([
      "/verified-sellers",
    ]);

    await gotoInteractive(page, `/cars/${verified._id}`);
    await page.locator('section[aria-labelledby="seller-heading"]').getByRole("link", { name: "Verified seller" }).click();
    await page.waitForURL(`${appUrl}/verified-sellers`);
    await page.getByRole("heading", { level: 1, name: "Verified sellers" }).waitFor();
    await page.getByText("audit trail", { exact: false }).waitFor();
    await expectAccessible(page, "the verified sellers page");
    await close();
  });
});

describe("a car that is gone", () => {
  it("shows the 404 page in place when a card leads to a car deleted meanwhile, and that page hydrates and works", async () => {
    const name = await listThroughApi("seller2@autoreseller.test", `Gone Hatchback ${Date.now()}`);
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, `/cars?q=${encodeURIComponent(name)}`);
    // The seller deletes the car while its card is on the buyer's screen.
    const { data } = (await (await app.request(`/api/products?q=${encodeURIComponent(name)}`)).json()) as { data: Car[] };
    const gone = data.find((candidate) => candidate.productName === name)!;
    const token = await app.accessToken("seller2@autoreseller.test");
    const deleted = await app.request(`/api/products/${gone._id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(200);

    // A navigation in place (no new document): the error page's code is fetched when it is needed.
    await markDocument(page);
    await page.getByRole("link", { name, exact: true }).click();
    await page.getByRole("heading", { name: "Sorry, we couldn't find this page." }).waitFor();
    expect(page.url()).toBe(`${appUrl}/cars/${gone._id}`);
    expect(await isMarked(page)).toBe(true);

    // Loaded as a document, the same page is complete from the server and hydrates without a mismatch.
    const errors: string[] = [];
    page.on("console", (message) => {
      // Chrome reports the document's own 404 status as a failed resource.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
    });
    await gotoInteractive(page, `/cars/${gone._id}`);
    await page.getByRole("heading", { name: "Sorry, we couldn't find this page." }).waitFor();
    expect(errors).toEqual([]);
    await page.getByRole("link", { name: "Back to homepage" }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole("heading", { name: "Product categories" }).waitFor();
    await close();
  });

  it("on a 390 px phone: price, rating, Book Now, Message and Call in the first screen, then a bar along the bottom, and the VIN on one line", async () => {
    const [withVin] = await app.sql("select id, vin from products where vin is not null and is_paid = 0 limit 1");
    const path = `/cars/${String(withVin.id)}`;
    const inFirstScreen = async (page: Page, name: string | RegExp, role: "link" | "button" = "link") => {
      const box = await page.locator("#price-box").getByRole(role, { name }).first().boundingBox();
      expect(box, String(name)).not.toBeNull();
      expect(box!.y + box!.height, String(name)).toBeLessThanOrEqual(844);
    };
    for (const javaScriptEnabled of [false, true]) {
      const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled });
      if (javaScriptEnabled) await gotoInteractive(page, path);
      else await page.goto(path);
      const price = await page
        .locator("#price-box")
        .getByText(/^\$[\d,]+$/)
        .first()
        .boundingBox();
      expect(price!.y + price!.height).toBeLessThanOrEqual(844);
      await inFirstScreen(page, /^Book Now/);
      await inFirstScreen(page, "Message");
      await inFirstScreen(page, /^Call the seller/);
      const badge = page
        .locator("#price-box")
        .getByText(/price$/i)
        .first();
      if (await badge.count()) expect((await badge.boundingBox())!.y).toBeLessThanOrEqual(844);

      const vin = page.getByText(String(withVin.vin), { exact: true });
      const vinBox = (await vin.boundingBox())!;
      const lineHeight = await vin.evaluate((node) => parseFloat(getComputedStyle(node).lineHeight));
      expect(vinBox.height).toBeLessThan(lineHeight * 1.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const bar = page.getByRole("region", { name: "Price and contact" });
      expect(await bar.isVisible()).toBe(false);
      if (javaScriptEnabled) {
        await page.getByRole("heading", { name: "Facts" }).scrollIntoViewIfNeeded();
        await bar.waitFor();
        const barBox = (await bar.boundingBox())!;
        expect(barBox.y + barBox.height).toBe(844);
        for (const name of [/^Book Now$/, /^Message$/, /^Call the seller/]) await bar.getByRole("link", { name }).waitFor();
        await expectAccessible(page, "the car page at 390 px with its bottom bar");
        await bar.getByRole("link", { name: "Book Now" }).click();
        await page.getByRole("dialog").getByText("Please Signin to book it.").waitFor();
        await page.keyboard.press("Escape");
        await page.getByRole("heading", { level: 1 }).scrollIntoViewIfNeeded();
        await bar.waitFor({ state: "hidden" });
        // At 360 px the bar's price and three buttons still fit side by side.
        await page.setViewportSize({ width: 360, height: 740 });
        await page.getByRole("heading", { name: "Facts" }).scrollIntoViewIfNeeded();
        await bar.waitFor();
        const edges = await bar.getByRole("link").evaluateAll((links) => links.map((link) => link.getBoundingClientRect()));
        for (const edge of edges) expect(edge.right).toBeLessThanOrEqual(360);
        const tops = edges.map((edge) => edge.top);
        expect(Math.max(...tops) - Math.min(...tops), JSON.stringify(edges)).toBeLessThan(10);
      }
      await close();
    }
  });

  it("on a 390 px phone the gallery opens full screen at a tap, counts, moves by arrow keys after a click, and zooms", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true });
    await gotoInteractive(page, `/cars/${car._id}`);
    const count = car.images.length;
    await mainPhoto(page).click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await dialog.getByText(`Photo 1 of ${count}`, { exact: true }).waitFor();
    await expectAccessible(page, "the gallery full screen at 390 px");
    await page.keyboard.press("ArrowRight");
    await dialog.getByText(`Photo 2 of ${count}`, { exact: true }).waitFor();

    // Zoom: a double tap at a point and back, then a pinch with two fingers.
    const photo = dialog.getByRole("img");
    const scale = () => photo.evaluate((node) => new DOMMatrix(getComputedStyle(node).transform).a);
    await photo.dblclick({ position: { x: 100, y: 200 } });
    expect(await scale()).toBe(2.5);
    await photo.dblclick();
    expect(await scale()).toBe(1);
    // A double tap zooms in, and stays so once the dblclick the browser sends after the taps has come
    // and gone (and a frame has been drawn after it); at a point on the screen, as the zoomed photo's
    // box is larger than the screen. A double click there zooms out again.
    await page.evaluate(() => document.addEventListener("dblclick", () => ((window as { dblclicked?: boolean }).dblclicked = true)));
    const box = (await photo.boundingBox())!;
    await page.touchscreen.tap(box.x + 100, box.y + 200);
    await page.touchscreen.tap(box.x + 100, box.y + 200);
    await page.waitForFunction(() => (window as { dblclicked?: boolean }).dblclicked);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await scale()).toBe(2.5);
    await page.mouse.dblclick(box.x + 100, box.y + 200);
    expect(await scale()).toBe(1);
    await photo.evaluate((node) => {
      const fire = (type: string, pointerId: number, clientX: number) =>
        node.dispatchEvent(new PointerEvent(type, { pointerId, pointerType: "touch", clientX, clientY: 400, bubbles: true }));
      fire("pointerdown", 1, 150);
      fire("pointerdown", 2, 250);
      fire("pointermove", 1, 100);
      fire("pointermove", 2, 300);
      fire("pointerup", 1, 100);
      fire("pointerup", 2, 300);
    });
    // Fingers twice as far apart: twice the size (a pointer move renders in a later frame).
    await expect.poll(scale).toBe(2);

    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    // Focus stayed in the gallery: the arrow keys move its photo without first focusing a button.
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => mainPhoto(page).getAttribute("alt")).toBe(`${car.productName}, photo 3 of ${count}`);
    await close();
  });
});
