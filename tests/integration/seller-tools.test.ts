import { beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { accessToken, firstCategoryId, register, registerSeller, request, signIn, sql, uniqueEmail } from "./client";

// A car page's views are counted through the views queue (the page's request writes nothing; the
// consumer adds a batch up per car and day), and My Products filters, searches, sorts and pages the
// seller's cars in SQL.

let seller: { email: string; cookie: string; token: string };
let categoryId: string;

beforeAll(async () => {
  const email = uniqueEmail("tools-seller");
  await registerSeller({ email });
  seller = { email, cookie: await signIn(email), token: await accessToken(email) };
  categoryId = await firstCategoryId();
});

/** A car of this file's seller, listed `daysAgo` days ago. */
async function sellersCar(name: string, { sold = false, price = 5000, daysAgo = 0 } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, is_paid, created_at)
     values (?, ?, 9000, ?, 'Dhaka', ?, 'Good', '0171', 'd', 2018, '/images/x.jpg', (select id from users where email = ?), 'Tools Seller', ?, ?, ?)`,
    [id, name, price, categoryId, seller.email, seller.email, sold ? 1 : 0, new Date(Date.now() - daysAgo * 86_400_000).toISOString()],
  );
  return id;
}

const viewRows = (ids: string[]) =>
  sql(`select product_id, day, views from car_view_days where product_id in (${ids.map(() => "?").join(", ")}) order by views desc`, ids);

/** The ids of the cars My Products lists, in its order (each row's name links to the car). */
async function listed(query: string): Promise<string[]> {
  const response = await request(`/dashboard/myproducts${query}`, { headers: { cookie: seller.cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/href="\/cars\/([\w-]+)"/g)].map((match) => match[1]);
}

describe("a car page's views", () => {
  it("are sent to the queue, not written by the page's request, and added up per car and day, each visitor once", async () => {
    const [busy, quiet] = [await sellersCar("Viewed Often"), await sellersCar("Viewed Rarely")];
    const today = new Date().toISOString().slice(0, 10);
    // Twelve visitors (told apart here by their browsers) open the busy car's page, one of them 30
    // times more; three open the quiet one: a visitor counts once per car and day.
    const visitor = (n: number) => ({ headers: { "user-agent": `Mozilla/5.0 (Visitor ${n})` } });
    const views = [
      ...Array.from({ length: 12 }, (_, n) => request(`/cars/${busy}`, visitor(n))),
      ...Array.from({ length: 30 }, () => request(`/cars/${busy}`, visitor(0))),
      ...Array.from({ length: 3 }, (_, n) => request(`/cars/${quiet}`, visitor(n))),
      // A navigation to the car in the browser fetches its data: a view.
      request(`/cars/${busy}.data`, { headers: { referer: "http://localhost/cars" } }),
      // Reloading the data of the car's page already open (after a favourite, say) is not another view.
      request(`/cars/${busy}.data`, { headers: { referer: `http://localhost/cars/${busy}` } }),
      // Nor is the seller looking at their own car, a robot, or a car that does not exist.
      request(`/cars/${busy}`, { headers: { cookie: seller.cookie } }),
      request(`/cars/${busy}`, { headers: { "user-agent": "Googlebot/2.1" } }),
      request("/cars/no-such-car"),
    ];
    const statuses = await Promise.all(views.map(async (response) => (await response).status));
    expect(statuses).toEqual([...Array<number>(49).fill(200), 404]);
    // Every answer is in and nothing is written yet: the consumer waits for its batch (wrangler.toml).
    expect(await viewRows([busy, quiet])).toEqual([]);

    const rows = await eventually(
      () => viewRows([busy, quiet]),
      (found) => found.length === 2 && Number(found[0].views) + Number(found[1].views) === 16,
    );
    expect(rows).toEqual([
      { product_id: busy, day: today, views: 13 },
      { product_id: quiet, day: today, views: 3 },
    ]);

    // The seller reads them back with the car's other figures.
    const response = await request(`/api/products/${busy}/statistics`, { headers: { authorization: `Bearer ${seller.token}` } });
    expect(response.status).toBe(200);
    const stats = (await response.json()) as { views: number; saves: number; bookings: number; days: { day: string; views: number }[] };
    expect(stats).toMatchObject({ views: 13, saves: 0, bookings: 0 });
    expect(stats.days).toHaveLength(30);
    expect(stats.days.at(-1)).toEqual({ day: today, views: 13 });
  });
});

describe("My Products", () => {
  let cars: Record<string, string>;
  beforeAll(async () => {
    cars = {
      soldAlpha: await sellersCar("Alpha Sold Coupe", { sold: true, daysAgo: 3 }),
      blueBeta: await sellersCar("Beta Blue Sedan", { price: 7000, daysAgo: 2 }),
      blueGamma: await sellersCar("Gamma blue Hatch", { price: 6000, daysAgo: 1 }),
      percent: await sellersCar("Delta 100% original"),
    };
    const buyer = uniqueEmail("tools-buyer");
    await register({ email: buyer, accountType: "buyer" });
    const booked = await request("/api/bookings", {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken(buyer)}`, "content-type": "application/json" },
      body: JSON.stringify({ product_id: cars.blueGamma, phone: "0171", meetingLocation: "Dhaka" }),
    });
    expect(booked.status).toBe(201);
  });

  it("filters by status, as the dashboard's figures link to it", async () => {
    const sold = await listed("?status=sold");
    expect(sold).toContain(cars.soldAlpha);
    expect(sold).not.toContain(cars.blueBeta);
    const forSale = await listed("?status=for-sale");
    expect(forSale).toEqual(expect.arrayContaining([cars.blueBeta, cars.blueGamma, cars.percent]));
    expect(forSale).not.toContain(cars.soldAlpha);
    expect(await listed("?status=booked-this-week")).toEqual([cars.blueGamma]);
  });

  it("searches names (any part, any case; % is a letter) and sorts", async () => {
    expect(await listed("?q=BLUE&sort=name")).toEqual([cars.blueBeta, cars.blueGamma]);
    expect(await listed("?q=blue&sort=price-low")).toEqual([cars.blueGamma, cars.blueBeta]);
    expect(await listed("?q=blue&sort=oldest")).toEqual([cars.blueBeta, cars.blueGamma]);
    expect(await listed("?q=100%25")).toEqual([cars.percent]);
    expect(await listed("?q=%25")).toEqual([cars.percent]);
    // A value that is not one falls back to its default instead of failing the page.
    expect(await listed("?q=blue&sort=cheapest&status=whatever")).toEqual([cars.blueGamma, cars.blueBeta]);
  });

  it("pages in SQL, 20 cars a page", async () => {
    const prefix = `Paged ${Date.now()}`;
    const made: string[] = [];
    for (let index = 0; index < 22; index++) made.push(await sellersCar(`${prefix} ${String(index).padStart(2, "0")}`));
    const first = await listed(`?q=${encodeURIComponent(prefix)}&sort=name`);
    const second = await listed(`?q=${encodeURIComponent(prefix)}&sort=name&page=2`);
    expect(first).toEqual(made.slice(0, 20));
    expect(second).toEqual(made.slice(20));
  });
});
