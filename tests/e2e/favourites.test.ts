import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Favourites and saved searches in Chromium: the heart on cards with and without
// JavaScript, "Save this search" on /cars, and both dashboard pages.

let browser: Browser;
let email: string;
beforeAll(async () => {
  browser = await launchBrowser();
  email = `fav-e2e-${crypto.randomUUID().slice(0, 8)}@autoreseller.test`;
  await app.register({ email, name: "Favourite Finder" });
});
afterAll(() => browser?.close());

/** A card's heart that would save its car (not "Save this search"). */
const SAVE_HEART = /^Save (?!this search)/;

describe("favourites and saved searches", () => {
  it("saves a car from a card and finds it in /dashboard/favourites", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/cars?make=Toyota");
    await gotoInteractive(page, "/cars?make=Toyota");
    const heart = page.getByRole("button", { name: SAVE_HEART }).first();
    const label = (await heart.getAttribute("aria-label"))!;
    const name = label.replace(/^Save /, "");
    await heart.click();
    const pressed = page.getByRole("button", { name: `Remove ${name} from favourites` }).first();
    await pressed.waitFor();
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await expectAccessible(page, "/cars with a saved car's heart");

    await page.goto("/dashboard/favourites");
    await page.getByRole("heading", { name: "Favourites" }).waitFor();
    await page.getByRole("link", { name }).first().waitFor();
    await expectAccessible(page, "/dashboard/favourites");
    await close();
  });

  it("saves a search from /cars and opens it from /dashboard/saved-searches", async () => {
    const { page, close } = await openPage(browser);
    await signInAs(page, email, "/cars?make=Toyota&location=Dhaka");
    await gotoInteractive(page, "/cars?make=Toyota&location=Dhaka");
    await page.getByRole("button", { name: "Save this search: Toyota in Dhaka" }).click();
    await page.getByRole("status").filter({ hasText: "Search saved." }).waitFor();

    await page.goto("/dashboard/saved-searches");
    await page.getByRole("heading", { name: "Saved searches" }).waitFor();
    await expectAccessible(page, "/dashboard/saved-searches");
    await page.getByRole("link", { name: "Toyota in Dhaka" }).click();
    await page.waitForURL(/\/cars\?make=Toyota&location=Dhaka$/);
    await page.getByRole("heading", { name: /Used Toyota cars for sale/ }).waitFor();
    await close();
  });

  it("the heart works without JavaScript", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await signInAs(page, email, "/cars?make=Honda");
    const heart = page.getByRole("button", { name: SAVE_HEART }).first();
    const name = (await heart.getAttribute("aria-label"))!.replace(/^Save /, "");
    await heart.click();
    await page.waitForURL(/\/cars\?make=Honda$/);
    const pressed = page.getByRole("button", { name: `Remove ${name} from favourites` }).first();
    await pressed.waitFor();
    expect(await pressed.getAttribute("aria-pressed")).toBe("true");
    await page.goto("/dashboard/favourites");
    await page.getByRole("link", { name }).first().waitFor();
    await close();
  });

  it("is accessible at 360 px: a card with its heart and both dashboard pages", async () => {
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 800 } });
    await signInAs(page, email, "/cars?make=Toyota");
    await gotoInteractive(page, "/cars?make=Toyota");
    await page
      .getByRole("button", { name: /from favourites$/ })
      .first()
      .waitFor();
    await expectAccessible(page, "/cars at 360 px");
    for (const [path, heading] of [
      ["/dashboard/favourites", "Favourites"],
      ["/dashboard/saved-searches", "Saved searches"],
    ]) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading }).waitFor();
      await expectAccessible(page, `${path} at 360 px`);
    }
    await close();
  });

  it("on a phone, a heart, a booking and a message started signed out say why sign-in is needed and are kept through it", async () => {
    const { data } = (await (await app.request("/api/products?make=Honda&limit=1")).json()) as { data: { _id: string }[] };
    const id = data[0]._id;
    for (const javaScriptEnabled of [false, true]) {
      const buyer = `kept-${crypto.randomUUID().slice(0, 8)}@autoreseller.test`;
      await app.register({ email: buyer, name: "Kept Intent" });
      const signIn = async (page: Page, reason: string) => {
        await page.waitForURL((url) => url.pathname === "/login");
        await page.getByText(reason).waitFor();
        await page.getByLabel("Email").fill(buyer);
        await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
        await page.getByRole("button", { name: "Sign In" }).click();
      };
      const open = async (path: string) => {
        const opened = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled });
        if (javaScriptEnabled) await gotoInteractive(opened.page, path);
        else await opened.page.goto(path);
        return opened;
      };

      // The heart: back on the car's page, saved.
      const hearted = await open(`/cars/${id}`);
      await hearted.page.getByRole("button", { name: SAVE_HEART }).first().click();
      await signIn(hearted.page, "Sign in to save this car to your favourites. You will come back to it, saved.");
      await hearted.page.waitForURL((url) => url.pathname === `/cars/${id}` && url.search === "");
      if (javaScriptEnabled) await hearted.page.getByText("Saved to your favourites.").waitFor();
      await hearted.page
        .getByRole("button", { name: /from favourites$/ })
        .first()
        .waitFor();
      const saved = (await (
        await app.request("/api/favourites", { headers: { authorization: `Bearer ${await app.accessToken(buyer)}` } })
      ).json()) as { _id: string }[];
      expect(saved.map((car) => car._id)).toEqual([id]);
      await hearted.close();

      // Book Now: back at the booking form.
      const booking = await open(`/cars/${id}`);
      await booking.page
        .getByRole("link", { name: /^Book Now/ })
        .first()
        .click();
      // The dialog's prompt with JavaScript, the booking page's without.
      const prompt = booking.page.locator("dialog, main p").filter({ hasText: "Please Signin to book it." });
      await prompt.getByRole("link", { name: "Sign In" }).click();
      await signIn(booking.page, "Sign in to book this car. You will come back to its booking form.");
      await booking.page.getByLabel(/^Phone/).waitFor();
      await booking.close();

      // Message the seller: back where the message is written.
      const message = await open(`/cars/${id}`);
      await message.page.getByRole("link", { name: "Sign in to message the seller" }).click();
      await signIn(message.page, "Sign in to message the seller. You will come back to write your message.");
      await message.page.waitForURL((url) => url.pathname === `/cars/${id}/message`);
      await message.page.getByRole("textbox").first().waitFor();
      if (javaScriptEnabled) await expectAccessible(message.page, "the message page reached through sign-in");
      await message.close();
    }
  });
});
