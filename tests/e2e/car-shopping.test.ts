import { type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "../../app/lib/shared/format";
import { estimateLoan } from "../../app/lib/catalog/loan";
import { dealHelpers } from "../support/deal";
import { app, expectAccessible, gotoInteractive, launchBrowser, openPage, signInAs } from "./browser";

// What buyers expect from the leading car sites. Compare up to four cars side
// by side (ids in the URL, a plain page), recently viewed cars (the account's, or the browser's for
// visitors, never in the cached page), share, and a monthly-payment calculator. At 390 px.

const PHONE = { width: 390, height: 844 };
const { party } = dealHelpers(app);

let browser: Browser;
let cars: { id: string; name: string; price: number }[];
let soldCar: { id: string; name: string };
beforeAll(async () => {
  browser = await launchBrowser();
  cars = (await app.sql(
    "select id, name, resale_price as price from products where is_paid = 0 order by created_at desc limit 5",
  )) as unknown as {
    id: string;
    name: string;
    price: number;
  }[];
  [soldCar] = (await app.sql("select id, name from products where is_paid = 1 limit 1")) as unknown as { id: string; name: string }[];
});
afterAll(() => browser?.close());

const columns = (page: Page) => page.locator("thead th").allTextContents();

async function expectFitsAt360(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize(PHONE);
}

describe("comparing cars without JavaScript at 390 px", () => {
  it("shows the cars the URL names side by side, says what it left out, and takes ticked favourites", async () => {
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto("/cars");
    const first = page.getByRole("article").first();
    const firstId = (await first.getByRole("heading").getByRole("link").getAttribute("href"))!.split("/").pop();
    expect(await first.getByRole("link", { name: /^Compare / }).getAttribute("href")).toBe(`/compare?ids=${firstId}`);

    const [a, b] = cars;
    await page.goto(`/compare?ids=${a.id},${b.id},${soldCar.id},no-such-car`);
    expect(await columns(page)).toEqual([
      expect.stringContaining(a.name),
      expect.stringContaining(b.name),
      expect.stringContaining(soldCar.name),
    ]);
    await page.getByText("One of the cars you chose is no longer listed").waitFor();
    expect(await page.locator("tbody tr").first().locator("td").last().textContent()).toBe("Sold");
    await expectFitsAt360(page);

    await page.getByRole("link", { name: `Remove ${a.name} from the comparison` }).click();
    expect(new URL(page.url()).search).toBe(`?ids=${b.id},${soldCar.id}`);

    await page.goto(`/compare?ids=${cars.map((car) => car.id).join(",")}`);
    await page.getByText("You can compare up to 4 cars at a time").waitFor();
    expect(await columns(page)).toHaveLength(4);
    await close();

    const buyer = await party("buyer", "compare-buyer");
    for (const car of [a, b])
      await app.request(`/api/favourites/${car.id}`, { method: "PUT", headers: { authorization: `Bearer ${buyer.token}` } });
    const signedIn = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(signedIn.page, buyer.email, "/dashboard/favourites");
    for (const car of [a, b]) await signedIn.page.getByRole("checkbox", { name: `Compare ${car.name}` }).check();
    await signedIn.page.getByRole("button", { name: "Compare ticked cars" }).click();
    await signedIn.page.waitForURL(/\/compare\?/);
    expect(new URL(signedIn.page.url()).searchParams.getAll("ids").sort()).toEqual([a.id, b.id].sort());
    expect(await columns(signedIn.page)).toHaveLength(2);
    const box = (await signedIn.page.getByRole("link", { name: `Remove ${a.name} from the comparison` }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await signedIn.close();
  });

  it("marks each row's best value in words as well as colour: the lower price, the newer year", async () => {
    const unsold = (await app.sql(
      "select id, name, resale_price as price, purchase_year as year from products where is_paid = 0 order by created_at desc limit 30",
    )) as unknown as { id: string; name: string; price: number; year: number }[];
    const [a, b] = unsold.flatMap((first) => {
      const other = unsold.find((second) => second.price !== first.price && second.year !== first.year);
      return other ? [first, other] : [];
    });
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/compare?ids=${a.id},${b.id},${soldCar.id}`);
    const cells = (label: string) =>
      page
        .locator("tbody tr")
        .filter({ has: page.getByRole("rowheader", { name: label, exact: true }) })
        .locator("td")
        .allTextContents();
    const marked = (texts: string[]) => texts.map((text) => text.endsWith("Best"));
    // The sold car has no price to compare; its year counts like any.
    expect(marked(await cells("Price"))).toEqual([a.price < b.price, b.price < a.price, false]);
    const [{ year: soldYear }] = (await app.sql("select purchase_year as year from products where id = ?", [soldCar.id])) as unknown as {
      year: number;
    }[];
    const years = [a.year, b.year, soldYear];
    expect(marked(await cells("Purchase year"))).toEqual(years.map((year) => year === Math.max(...years)));
    await expectFitsAt360(page);
    await close();
    // axe waits for the page to be at rest, which it asks the page's scripts.
    const withScripts = await openPage(browser, { viewport: PHONE });
    await withScripts.page.goto(`/compare?ids=${a.id},${b.id},${soldCar.id}`);
    await expectAccessible(withScripts.page, "/compare at 390 px");
    await withScripts.close();
  });

  it("works out the monthly payment on the server, and lists a signed-in buyer's recently viewed cars from the account", async () => {
    const [a, b] = cars;
    const { page, close } = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto(`/cars/${a.id}`);
    expect(await page.getByRole("link", { name: `Share ${a.name}` }).getAttribute("href")).toMatch(/^mailto:\?subject=.+&body=http/);
    await page.getByLabel("Deposit ($)").fill("1000");
    await page.getByLabel("Term").selectOption("24");
    await page.getByLabel("Yearly rate (APR %)").fill("5");
    await page.getByRole("button", { name: "Calculate" }).click();
    await page.waitForURL(/deposit=1000/);
    const estimate = estimateLoan({ price: a.price, deposit: 1000, months: 24, apr: 5 });
    if (!estimate.ok) throw new Error(estimate.message);
    expect(await page.locator("#calculator [aria-live]").textContent()).toContain(`${formatCents(estimate.monthly)} a month for 24 months`);
    await close();

    const buyer = await party("buyer", "recent-buyer");
    const signedIn = await openPage(browser, { viewport: PHONE, javaScriptEnabled: false });
    await signInAs(signedIn.page, buyer.email, `/cars/${a.id}`);
    await signedIn.page.goto(`/cars/${b.id}`);
    const recent = signedIn.page.getByRole("region", { name: "Recently viewed" });
    expect(await recent.getByRole("link").allTextContents()).toEqual([expect.stringContaining(a.name)]);
    expect(await app.sql("select product_id from recently_viewed where user_id = ? order by viewed_at desc", [buyer.id])).toEqual([
      { product_id: b.id },
      { product_id: a.id },
    ]);
    await signedIn.close();
  });
});

describe("with JavaScript at 390 px", () => {
  it("compares from the car pages' toggles, shares, calculates as you type, and remembers a visitor's cars in the browser only", async () => {
    const [a, b] = cars;
    const { page, close } = await openPage(browser, { viewport: PHONE, permissions: ["clipboard-read", "clipboard-write"] });
    await page.addInitScript(() => {
      // No share sheet here: the link is copied.
      delete (Navigator.prototype as { share?: unknown }).share;
    });
    await gotoInteractive(page, `/cars/${a.id}`);

    const deposit = page.getByLabel("Deposit ($)");
    await deposit.fill("2000");
    await page.getByLabel("Yearly rate (APR %)").fill("0");
    await page.getByLabel("Term").selectOption("12");
    await page
      .locator("#calculator [aria-live]")
      .getByText(formatCents(Math.round(((a.price - 2000) / 12) * 100)))
      .waitFor();
    await deposit.fill(String(a.price + 1));
    await page.getByText("The deposit cannot be more than the price").waitFor();
    expect(await deposit.getAttribute("aria-invalid")).toBe("true");

    await page.getByRole("link", { name: `Share ${a.name}` }).click();
    await page.getByText("Link copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/cars/${a.id}`);

    const compareA = page.getByRole("button", { name: `Compare ${a.name}` });
    await compareA.click();
    expect(await compareA.getAttribute("aria-pressed")).toBe("true");
    const toggleBox = (await compareA.boundingBox())!;
    expect(toggleBox.height >= 44 && toggleBox.width >= 44).toBe(true);
    await page.getByRole("link", { name: "Pick another to compare" }).waitFor();
    await expectAccessible(page, "a car's page with the calculator and Compare picked");

    await gotoInteractive(page, `/cars/${b.id}`);
    // The visitor's recently viewed cars, from the browser.
    const recent = page.getByRole("region", { name: "Recently viewed" });
    await recent.getByRole("link").first().waitFor();
    expect(await recent.getByRole("link").allTextContents()).toEqual([expect.stringContaining(a.name)]);
    await page.getByRole("button", { name: `Compare ${b.name}` }).click();
    await page.getByRole("link", { name: "See 2 side by side" }).click();
    await page.waitForURL(/\/compare\?ids=/);
    expect(new URL(page.url()).searchParams.get("ids")).toBe(`${a.id},${b.id}`);
    await page.getByRole("table").waitFor();
    await expectAccessible(page, "the compare page");

    await gotoInteractive(page, "/");
    const onHome = page.getByRole("region", { name: "Recently viewed" });
    // After hydration: the list is the browser's.
    await onHome.getByRole("link").nth(1).waitFor();
    expect(await onHome.getByRole("link").allTextContents()).toEqual([expect.stringContaining(b.name), expect.stringContaining(a.name)]);
    await expectFitsAt360(page);
    await close();

    // The page a visitor gets from the cache has no one's recently viewed cars in it.
    for (const path of ["/", `/cars/${a.id}`]) expect(await (await app.request(path)).text()).not.toContain("Recently viewed");
  });

  it("opens the device's share sheet where there is one", async () => {
    const [a] = cars;
    const { page, close } = await openPage(browser, { viewport: PHONE });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", {
        configurable: true,
        value: (data: ShareData) => {
          (window as { shared?: ShareData }).shared = data;
          return Promise.resolve();
        },
      });
    });
    await gotoInteractive(page, `/cars/${a.id}`);
    await page.getByRole("link", { name: `Share ${a.name}` }).click();
    await page.waitForFunction(() => (window as { shared?: ShareData }).shared !== undefined);
    expect(await page.evaluate(() => (window as { shared?: ShareData }).shared)).toEqual({
      title: a.name,
      url: expect.stringMatching(new RegExp(`/cars/${a.id}$`)),
    });
    await close();
  });
});
