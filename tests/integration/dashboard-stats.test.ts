import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/.server/db/client";
import { categories, flags, users } from "~/.server/db/schema";
import { startOfWeek } from "~/.server/services/catalog/seller-cars";
import { startOfMonth } from "~/.server/services/site/dashboard-stats";
import { fulfilIntent } from "~/.server/services/deals/payments";
import { simulatorProvider } from "~/.server/payments/simulator";
import { createReport } from "~/.server/services/admin/reports";
import { marketplace } from "../support/marketplace";
import { startTestDatabase } from "../support/test-database";
import { dbAuthToken, dbUrl, register, request, signIn, uniqueEmail } from "./client";

// Each role's dashboard home shows that user's own numbers (and the admin the market's), counted
// from a market this file arranges in the app's database beside the demo data.

const DAY_MS = 86_400_000;
let clock = new Date();
// The market is arranged by calling the services on the app's database, on a clock this file
// moves. The unit tests' context is borrowed for everything else a service may read (its own
// spare database is never used).
const spare = await startTestDatabase();
afterAll(() => spare.stop());
const db = createDatabase(dbUrl, dbAuthToken);
// The app's own simulator (its charges read back as recording a payment does).
const ctx = spare.context({ db, now: () => clock, payments: simulatorProvider(db) });
const { car, category, book, bookingRow, carRow } = marketplace(ctx);

/** Runs `arrange` with the services' clock at `at` (bookings and sales are dated by it). */
async function at<T>(when: Date, arrange: () => Promise<T>): Promise<T> {
  clock = when;
  try {
    return await arrange();
  } finally {
    clock = new Date();
  }
}

async function person(role: "buyer" | "seller") {
  const email = uniqueEmail(role);
  const id = await register({ name: `Dash ${role} ${email.slice(0, 14)}`, email, accountType: role });
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return { row, cookie: await signIn(email) };
}

/** Records a succeeded card payment for a booking, as the payment flow does. */
async function pay(bookingId: string) {
  const booking = await bookingRow(bookingId);
  const { resalePrice } = await carRow(booking.productId);
  const intent = {
    id: `pi_dash_${crypto.randomUUID()}`,
    status: "succeeded",
    amount: resalePrice * 100,
    currency: "usd",
    metadata: { bookingId },
    clientSecret: null,
  };
  expect((await fulfilIntent(ctx, intent)).kind).toBe("recorded");
}

async function dashboardHtml(cookie: string): Promise<string> {
  const response = await request("/dashboard", { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The page's figures by label, read as the text a reader sees (a stat card: label, then figure). */
function figures(html: string, labels: string[]): Record<string, string> {
  const main = html.slice(html.indexOf('<main id="main"'));
  const texts = main
    .split(/<[^>]+>/)
    .map((text) => text.trim())
    .filter((text) => text && text !== "→");
  return Object.fromEntries(labels.map((label) => [label, texts[texts.indexOf(label) + 1]]));
}

/** A row of a chart's figures table (its text alternative): the cells after the row's heading. */
function figuresRow(html: string, heading: string): string[] | undefined {
  const row = new RegExp(`<tr><th scope="row"[^>]*>${heading}</th>(.*?)</tr>`).exec(html)?.[1];
  return row === undefined ? undefined : [...row.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((cell) => cell[1]);
}

const BUYER = ["Orders", "Paid", "Waiting for payment"];
const SELLER = ["Cars for sale", "Sold", "Bookings this week"];
const ADMIN = ["Cars for sale", "Sold this month", "Sales this month", "New users this month", "Open reports", "Open flags"];
/** A figure's number: "3", "$35,000" and "2 cars" alike. */
const asNumber = (figure: string | undefined) => Number(/\d[\d,]*/.exec(figure ?? "")?.[0].replaceAll(",", "") ?? NaN);

let admin: { cookie: string; before: string };
let buyers: Awaited<ReturnType<typeof person>>[];
let sellers: Awaited<ReturnType<typeof person>>[];
let categoryName: string;
let lastWeekSales: number;

beforeAll(async () => {
  const adminCookie = await signIn("admin@autoreseller.test");
  admin = { cookie: adminCookie, before: await dashboardHtml(adminCookie) };

  buyers = [await person("buyer"), await person("buyer"), await person("buyer")];
  sellers = [await person("seller"), await person("seller")];
  const [a, b, c] = buyers.map((buyer) => buyer.row);
  const [s1, s2] = sellers.map((seller) => seller.row);
  const categoryId = await category();
  [{ name: categoryName }] = await ctx.db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
  const now = new Date();
  const eightDaysAgo = new Date(now.getTime() - 8 * DAY_MS);
  const aWeekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const thirteenWeeksAgo = new Date(now.getTime() - 13 * 7 * DAY_MS);

  const [car1, car2, car3, car4] = [
    await car(s1, { resalePrice: 20000, categoryId }),
    await car(s1, { resalePrice: 15000, categoryId }),
    await car(s1, { resalePrice: 12000, categoryId }),
    await car(s1, { resalePrice: 10000, categoryId }),
  ];
  const car5 = await at(eightDaysAgo, () => car(s1, { resalePrice: 9000, categoryId }));
  const car6 = await at(eightDaysAgo, () => car(s2, { resalePrice: 11000, categoryId }));
  const car7 = await at(thirteenWeeksAgo, () => car(s2, { resalePrice: 8000, categoryId }));

  // A: three orders, one paid, one car sold to B, one waiting.
  await pay(await book(a, car1));
  await book(a, car2);
  await book(a, car3);
  // B: bought car 2, waiting for car 4.
  await pay(await book(b, car2));
  await book(b, car4);
  // C: an order from last week, a sale last week and one 13 weeks ago (outside every figure).
  await at(eightDaysAgo, () => book(c, car5));
  await at(aWeekAgo, async () => pay(await book(c, car6)));
  await at(thirteenWeeksAgo, async () => pay(await book(c, car7)));
  lastWeekSales = 11000;

  await createReport(ctx, a, car4);
  await ctx.db.insert(flags).values([
    { productId: car3, reason: "under_priced", details: "$12,000, 50 % of the estimate" },
    { productId: car4, reason: "under_priced", details: "cleared by an admin", clearedAt: now.toISOString() },
  ]);
  // An account from last month is no new user this month.
  const lastMonth = new Date(startOfMonth(now).getTime() - DAY_MS).toISOString();
  await ctx.db.insert(users).values({ name: "Dash old account", email: uniqueEmail("old"), createdAt: lastMonth });
});

describe("the dashboard home's numbers", () => {
  it("show each buyer their own orders, paid and waiting for payment (a car sold to another buyer waits for nothing)", async () => {
    const [a, b, c] = await Promise.all(buyers.map((buyer) => dashboardHtml(buyer.cookie)));
    expect(figures(a, BUYER)).toEqual({ Orders: "3", Paid: "1", "Waiting for payment": "1" });
    expect(figures(b, BUYER)).toEqual({ Orders: "2", Paid: "1", "Waiting for payment": "1" });
    expect(figures(c, BUYER)).toEqual({ Orders: "3", Paid: "2", "Waiting for payment": "1" });
    expect(a).toContain(`href="/dashboard/myorders"`);
    expect(a).not.toContain("Sales this month");
  });

  it("show each seller their own cars for sale, sold, and bookings since Monday", async () => {
    const [s1, s2] = await Promise.all(sellers.map((seller) => dashboardHtml(seller.cookie)));
    expect(figures(s1, SELLER)).toEqual({ "Cars for sale": "3", Sold: "2", "Bookings this week": "5" });
    expect(figures(s2, SELLER)).toEqual({ "Cars for sale": "0", Sold: "2", "Bookings this week": "0" });
    expect(s1).toContain(`Since Monday ${startOfWeek(new Date()).toISOString().slice(0, 10)}, 00:00 UTC`);
    expect(s1).not.toContain("Open reports");
  });

  it("show the admin the market's figures this month, sales per week and cars for sale per category", async () => {
    const after = await dashboardHtml(admin.cookie);
    const before = figures(admin.before, ADMIN);
    const now = figures(after, ADMIN);
    const change = (label: string) => asNumber(now[label]) - asNumber(before[label]);
    const lastWeekInMonth = new Date(Date.now() - 7 * DAY_MS) >= startOfMonth(new Date());
    expect(change("Cars for sale")).toBe(3);
    expect(change("Sold this month")).toBe(lastWeekInMonth ? 3 : 2);
    expect(change("Sales this month")).toBe(35000 + (lastWeekInMonth ? lastWeekSales : 0));
    expect(change("New users this month")).toBe(5);
    expect(change("Open reports")).toBe(1);
    expect(change("Open flags")).toBe(1);

    const thisWeek = startOfWeek(new Date());
    const weekRow = (html: string, weeksAgo: number) =>
      figuresRow(html, new Date(thisWeek.getTime() - weeksAgo * 7 * DAY_MS).toISOString().slice(0, 10))!.map(asNumber);
    const soldIn = (weeksAgo: number) => weekRow(after, weeksAgo).map((figure, index) => figure - weekRow(admin.before, weeksAgo)[index]);
    expect(soldIn(0)).toEqual([2, 35000]);
    expect(soldIn(1)).toEqual([1, lastWeekSales]);
    expect(figuresRow(after, new Date(thisWeek.getTime() - 12 * 7 * DAY_MS).toISOString().slice(0, 10))).toBeUndefined();
    expect(figuresRow(after, new Date(thisWeek.getTime() - 11 * 7 * DAY_MS).toISOString().slice(0, 10))).toBeDefined();

    expect(figuresRow(after, categoryName)).toEqual(["3 cars"]);
    expect(after).toMatch(/<svg role="img" aria-labelledby="[^"]+"/);
    expect(after).toContain("Weeks start on Monday, 00:00 UTC.");
  });
});
