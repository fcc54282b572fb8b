import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe("booking in Chromium", () => {
  it("asks a signed-out visitor to sign in, in an accessible dialog", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/");
    const card = page.getByRole("region", { name: "Advertised cars" }).getByRole("article").first();
    const carId = (await card.getAttribute("aria-labelledby"))!.replace("product-", "");
    const bookNow = card.getByRole("link", { name: /^Book Now/ });
    await bookNow.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Please Signin to book it").waitFor();
    expect(await dialog.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe(
      `/login?redirectTo=${encodeURIComponent(`/cars/${carId}?book`)}`,
    );
    await expectAccessible(page, "the booking dialog, signed out");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Book Now");
    await close();
  });

  it("a fresh buyer books a car from Home and finds it in My Orders with a Pay link", async () => {
    const { page, close } = await openPage(browser);
    const email = `booker-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await gotoInteractive(page, "/register");
    await page.getByLabel("Name").fill("Keen Buyer");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${appUrl}/`);

    const card = page.getByRole("region", { name: "Advertised cars" }).getByRole("article").first();
    const carName = (await card.getByRole("heading").textContent())!;
    await card.getByRole("link", { name: /^Book Now/ }).click();
    const dialog = page.getByRole("dialog", { name: carName });
    await dialog.waitFor();
    expect(await dialog.getByRole("definition").allTextContents()).toEqual(expect.arrayContaining([carName, "Keen Buyer", email]));

    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Phone is required").waitFor();
    await expectAccessible(page, "the booking dialog, signed in, with errors");
    await dialog.getByLabel("Phone").fill("01711 998877");
    await dialog.getByLabel("Meeting location").fill("Dhanmondi 27");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Booking confirmed").waitFor();
    await dialog.waitFor({ state: "detached" });

    // Booked, not offered again: the card's next step is paying.
    await card.getByRole("link", { name: /^Booked, pay now/ }).click();
    await page.waitForURL(/\/dashboard\/payment\/[\w-]+$/);
    await page.goto("/dashboard/myorders");

    await expectAccessible(page, "/dashboard/myorders");
    const order = page.getByRole("listitem").filter({ hasText: carName });
    expect(await order.getByRole("link", { name: `Pay for ${carName}` }).getAttribute("href")).toMatch(/^\/dashboard\/payment\/[\w-]+$/);
    await close();
  });

  it("reports an item with a reason after confirming in a dialog, with a toast, and answers a repeat kindly", async () => {
    const email = `reporter-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.register({ email });
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, email, "/");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    // On a card, Report is in its More actions menu.
    const card = page.getByRole("region", { name: "Advertised cars" }).getByRole("article").last();
    await card.locator("summary", { hasText: "More actions" }).click();
    const report = card.getByRole("link", { name: /^Report this item/ });
    const reportPage = (await report.getAttribute("href"))!;
    await report.click();
    const dialog = page.getByRole("dialog", { name: "Report this item?" });
    await dialog.getByRole("button", { name: "Report this item" }).click();
    await dialog.getByText("Choose a reason").waitFor();
    await expectAccessible(page, "the report dialog on a phone, with errors");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Report this item");

    // By keyboard: the link opens the dialog again, arrows choose the reason, Enter sends it.
    await page.keyboard.press("Enter");
    await dialog.getByRole("radio", { name: "Scam or fraud" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await dialog.getByRole("radio", { name: "Wrong information" }).isChecked()).toBe(true);
    await dialog.getByLabel("Note for the admins (optional)").fill("The price is for another car");
    await dialog.getByRole("button", { name: "Report this item" }).press("Enter");
    await page.getByText("Report sent to admin").waitFor();
    await dialog.waitFor({ state: "detached" });
    const [stored] = await app.sql("select reason, note from reports where note = ?", ["The price is for another car"]);
    expect({ ...stored }).toEqual({ reason: "wrong_info", note: "The price is for another car" });

    // The card says Reported now; a second report (from an older page) is answered kindly.
    await page.getByRole("region", { name: "Advertised cars" }).getByText("Reported", { exact: true }).waitFor();
    await page.goto(reportPage);
    await page.getByLabel("Other").check();
    await page.getByRole("button", { name: "Report this item" }).click();
    await page.getByText("You have already reported this item").waitFor();
    await close();
  });

  it("the report page (the dialog's fallback, where it posts) says what is missing, accessibly", async () => {
    const [car] = (await (await app.request("/api/products/advertisement")).json()) as { _id: string }[];
    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, "buyer@autoreseller.test", `/report/${car._id}`);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await page.getByRole("button", { name: "Report this item" }).click();
    await page.getByText("Choose a reason").waitFor();
    await expectAccessible(page, "the report page on a phone, with errors");
    await close();
  });

  it("without JavaScript: reports from the report page, and cancels a booking through the confirmation page", async () => {
    const email = `no-js-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.register({ email });
    const token = await app.accessToken(email);
    const [car, other] = (await (await app.request("/api/products/advertisement")).json()) as { _id: string; productName: string }[];
    expect((await app.apiJson("/api/bookings", { product_id: car._id, phone: "1", meetingLocation: "x" }, { token })).status).toBe(201);

    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    await signInAs(page, email, "/");
    await page.goto(`/report/${other._id}`);
    await page.getByLabel("Sold elsewhere").check();
    await page.getByRole("button", { name: "Report this item" }).click();
    await page.getByText("Report sent to admin").waitFor();

    await page.goto("/dashboard/myorders");
    await page.getByRole("link", { name: `Cancel booking: ${car.productName}` }).click();
    await page.getByRole("alertdialog").getByText("Are you sure?").waitFor();
    await page.getByRole("button", { name: `Yes, cancel my booking of ${car.productName}` }).click();
    await page.waitForURL(`${appUrl}/dashboard/myorders`);
    await page.getByText("You have not booked a car yet.").waitFor();
    await close();
  });

  it("a buyer cancels an unpaid booking from My Orders after confirming, on a phone, by keyboard", async () => {
    const email = `canceller-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await app.register({ email, name: "Second Thoughts" });
    const token = await app.accessToken(email);
    const [car] = (await (await app.request("/api/products/advertisement")).json()) as { _id: string; productName: string }[];
    const booked = await app.apiJson("/api/bookings", { product_id: car._id, phone: "01711 000000", meetingLocation: "Banani" }, { token });
    expect(booked.status).toBe(201);

    const { page, close } = await openPage(browser, { viewport: { width: 360, height: 740 } });
    await signInAs(page, email, "/dashboard/myorders");
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const order = page.getByRole("listitem").filter({ hasText: car.productName });
    await order.getByRole("link", { name: `Cancel booking: ${car.productName}` }).press("Enter");
    const confirm = page.getByRole("alertdialog");
    await confirm.getByText("Are you sure?").waitFor();
    await expectAccessible(page, "the cancel-booking confirmation on a phone");
    await confirm.getByRole("link", { name: "Keep the booking" }).click();
    await confirm.waitFor({ state: "detached" });
    await order.waitFor();

    await order.getByRole("link", { name: `Cancel booking: ${car.productName}` }).click();
    const yes = page.getByRole("button", { name: `Yes, cancel my booking of ${car.productName}` });
    await yes.waitFor();
    expect(await yes.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");
    await page.getByText("Booking cancelled").waitFor();
    await order.waitFor({ state: "detached" });
    await page.getByText("You have not booked a car yet.").waitFor();
    await close();
  });
});
