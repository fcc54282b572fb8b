import { type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl, expectAccessible, gotoInteractive, launchBrowser, openPage } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;

describe("accounts in Chromium", () => {
  it("validates on submit, focuses the first invalid field, then re-validates as the user types", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/login");
    await expectAccessible(page, "/login");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByText("Email Address is required").waitFor();
    expect(await page.getByText("Password is required").isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("email");

    await page.getByLabel("Email").fill("someone@example.test");
    await page.getByText("Email Address is required").waitFor({ state: "detached" });
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByText("Password must be 6 characters or longer").waitFor();
    await expectAccessible(page, "/login with errors");

    const password = page.getByLabel("Password", { exact: true });
    expect(await password.getAttribute("type")).toBe("password");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await password.getAttribute("type")).toBe("text");
    await close();
  });

  it("takes a deep link through sign-in and back to the page", async () => {
    const { page, close } = await openPage(browser);
    await page.goto("/dashboard/settings");
    expect(new URL(page.url()).pathname).toBe("/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/dashboard/settings");
    await page.getByLabel("Email").fill("buyer@autoreseller.test");
    await page.getByLabel("Password", { exact: true }).fill("Passw0rd!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/dashboard/settings`);
    await page.getByRole("heading", { name: "Account settings" }).waitFor();
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).waitFor();
    await expectAccessible(page, "/dashboard/settings");

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${appUrl}/`);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    await close();
  });

  it("signs up and greets the new user with a toast", async () => {
    const { page, close } = await openPage(browser);
    await gotoInteractive(page, "/register");
    await expectAccessible(page, "/register");
    await page.getByLabel("Name").fill("Toast Tester");
    await page.getByLabel("Email").fill(uniqueEmail("toast"));
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByLabel("Account type").selectOption("seller");
    await page.getByRole("button", { name: "Sign Up" }).click();
    // A new seller is told, where they land, to confirm their email before listing.
    await page.getByText("User Created Successfully. Confirm your email to list cars: we sent you a link.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.getByText("Toast Tester").first().isVisible()).toBe(true);
    // And their dashboard keeps saying it until they do.
    await gotoInteractive(page, "/dashboard");
    const hint = page.getByRole("note").filter({ hasText: "Confirm your email address to list cars." });
    await hint.getByRole("link", { name: "Account settings" }).waitFor();
    await expectAccessible(page, "a new seller's dashboard");
    await close();
  });

  it("works with JavaScript turned off: server-side errors, sign-up and sign-in", async () => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false });
    await page.goto("/register");
    await page.getByRole("button", { name: "Sign Up" }).click();
    expect(await page.getByText("Name is Required").isVisible()).toBe(true);
    expect(await page.getByText("Email Address is required").isVisible()).toBe(true);

    const email = uniqueEmail("nojs");
    await page.getByLabel("Name").fill("No Script");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.waitForURL(`${appUrl}/`);
    // Without JavaScript the flash toast is a plain status message.
    expect(await page.getByRole("status").textContent()).toBe("User Created Successfully.");
    await page.getByRole("button", { name: "Sign out" }).first().click();
    await page.waitForURL(`${appUrl}/`);

    await page.goto("/login?redirectTo=%2Fdashboard");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Wrong-pass1");
    await page.getByRole("button", { name: "Sign In" }).click();
    expect(await page.getByText("Invalid email or password").isVisible()).toBe(true);
    await page.getByLabel("Password", { exact: true }).fill("Secret1!");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(`${appUrl}/dashboard`);
    await page.getByRole("heading", { name: "Welcome to Dashboard" }).waitFor();
    await close();
  });

  it("on a phone, sign-up shows the password rule before the first try, and no form speaks valibot", async () => {
    for (const javaScriptEnabled of [true, false]) {
      const { page, close } = await openPage(browser, { viewport: { width: 390, height: 844 }, javaScriptEnabled });
      if (javaScriptEnabled) await gotoInteractive(page, "/register");
      else await page.goto("/register");
      const rule = "At least 6 characters, with an uppercase letter, a digit and one of ! @ # $ & *";
      expect(await page.getByText(rule).isVisible()).toBe(true);
      // Read with the field, as its description.
      const password = page.getByLabel("Password", { exact: true });
      const describedBy = (await password.getAttribute("aria-describedby"))!.split(" ");
      expect(await page.evaluate((ids) => ids.map((id) => document.getElementById(id)?.textContent).join(" "), describedBy)).toContain(
        rule,
      );

      await page.getByLabel("Password", { exact: true }).fill("abcdef");
      await page.getByRole("button", { name: "Sign Up" }).click();
      await page.getByText("Name is Required").waitFor();
      expect(await page.getByText("Password must have uppercase, number, and special characters").isVisible()).toBe(true);
      expect(await page.locator("main").innerText()).not.toMatch(/Invalid key|Invalid type|^Expected|\bExpected "/m);
      await close();
    }
  });
});
