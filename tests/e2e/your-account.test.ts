import { readFile } from "node:fs/promises";
import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { app, appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// Account settings' own-account parts on a phone (390 px), with JavaScript and without: download your
// data, change the email address by link, the signed-in devices, and closing the account after a
// confirmation step.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const PHONE = { viewport: { width: 390, height: 800 } };
const SETTINGS = "/dashboard/settings";
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

async function freshBuyer(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await app.register({ email, name: `${label} Person` });
  return email;
}

async function changeLinkFor(email: string): Promise<string> {
  const link = (await app.mailTo(email)).flatMap((mail) => mail.links).find((url) => url.includes("/confirm-email-change/"));
  expect(link).toBeTruthy();
  return new URL(link!).pathname;
}

describe("your account at 390 px", () => {
  it("downloads your data, changes the address by link, lists devices, and closes after confirming", async () => {
    const email = await freshBuyer("phone-account");
    const { page, close } = await openPage(browser, { ...PHONE, acceptDownloads: true });
    await signInAs(page, email, SETTINGS);
    await gotoInteractive(page, SETTINGS);
    await expectAccessible(page, `${SETTINGS} (390 px)`);
    const devices = page.getByRole("list", { name: "Signed-in devices" });
    await devices.getByText("(this device)").waitFor();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download your data" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, "utf8")) as { account: { email: string } };
    expect(data.account.email).toBe(email);

    const newEmail = uniqueEmail("phone-moved");
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByLabel("Your password").first().fill("Passw0rd!");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText(`We sent a confirmation link to ${newEmail}`).waitFor();
    await page.goto(await changeLinkFor(newEmail));
    await expectAccessible(page, "confirm email change (390 px)");
    await page.getByRole("button", { name: "Confirm new email address" }).click();
    await page.getByText(`Your email address is now ${newEmail}`).waitFor();

    await gotoInteractive(page, SETTINGS);
    await page.getByRole("link", { name: "Close your account…" }).click();
    await page.getByText("What stays, under “Deleted user”:").waitFor();
    await expectAccessible(page, `${SETTINGS}?close=1 (390 px)`);
    const closing = page.locator("form", { has: page.getByRole("button", { name: "Close my account" }) });
    await closing.getByLabel("Your password").fill("Wrong-password1!");
    await page.getByRole("button", { name: "Close my account" }).click();
    await page.getByText("That password is not right").waitFor();
    await closing.getByLabel("Your password").fill("Passw0rd!");
    await page.getByRole("button", { name: "Close my account" }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByText("Your account is closed").waitFor();
    expect((await app.apiJson("/api/jwt", { email: newEmail, password: "Passw0rd!" })).status).toBe(401);
    await close();
  });

  it("works without JavaScript: the confirmation step, sign out everywhere else, closing", async () => {
    const email = await freshBuyer("phone-nojs");
    const elsewhere = await openPage(browser, PHONE);
    await signInAs(elsewhere.page, email, SETTINGS);

    const { page, close } = await openPage(browser, { ...PHONE, javaScriptEnabled: false });
    await signInAs(page, email, SETTINGS);
    expect(await page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem").count()).toBe(2);
    await page.getByRole("button", { name: "End all other sessions" }).click();
    await page.getByText("Ended 1 other session: signed out everywhere else.").waitFor();
    await elsewhere.page.reload();
    expect(new URL(elsewhere.page.url()).pathname).toBe("/login");
    await elsewhere.close();

    const newEmail = uniqueEmail("nojs-moved");
    await page.getByLabel("New email address").fill(newEmail);
    await page.getByLabel("Your password").first().fill("Passw0rd!");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText(`We sent a confirmation link to ${newEmail}`).waitFor();
    expect(await page.getByText(email).count()).toBeGreaterThan(0);

    await page.getByRole("link", { name: "Close your account…" }).click();
    expect(new URL(page.url()).searchParams.get("close")).toBe("1");
    await page.getByLabel("Your password").last().fill("Passw0rd!");
    await page.getByRole("button", { name: "Close my account" }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.goto(SETTINGS);
    expect(new URL(page.url()).pathname).toBe("/login");
    await close();
  });
});
