import { describe, expect, it } from "vitest";
import { eventually } from "../support/eventually";
import { accessToken, register, request, signIn, sql, uniqueEmail } from "./client";

// A signed-in visitor whose browser runs our scripts gets Home, searches and car pages from the
// edge cache: one copy rendered for every signed-in visitor, naming nobody, and their personal data
// (name, counts, hearts, bookings, their purchase, their own car) in one private request after
// hydration, GET /visitor-parts (workers/page-cache.ts, app/lib/site/personal-page-data.tsx).

const SCRIPTS = "ar_js=1";

interface Page {
  response: Response;
  html: string;
  outcome?: string;
}

async function page(path: string, cookie?: string): Promise<Page> {
  const response = await request(path, { headers: cookie ? { cookie } : {} });
  expect(response.status, path).toBe(200);
  const outcome = /page-cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
  return { response, html: await response.text(), outcome };
}

/** Asks as `cookie` until the page comes from the cache (a rendered page is stored after its response). */
async function hitFor(path: string, cookie?: string): Promise<Page> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const again = await page(path, cookie);
    if (again.outcome === "hit") return again;
  }
  throw new Error(`${path} was never served from the cache`);
}

async function personalPageData(query: string, cookie?: string) {
  const response = await request(`/visitor-parts?${query}`, { headers: cookie ? { cookie } : {} });
  return { response, body: (await response.json()) as Record<string, unknown> & { message?: string } };
}

async function signedInUser(label: string) {
  const user = { name: `${label} ${Date.now()}`, email: uniqueEmail(`visitor-parts-${label.toLowerCase()}`) };
  await register(user);
  return { ...user, cookie: `${await signIn(user.email)}; ${SCRIPTS}`, token: await accessToken(user.email) };
}

/** A car for sale with its seller's sign-in, and another car for sale. */
async function carsOnSale() {
  const [car, other] = await sql(
    "select p.id, u.email from products p join users u on u.id = p.seller_id where p.is_paid = 0 order by p.created_at desc limit 2",
  );
  return { car: String(car.id), sellerEmail: String(car.email), other: String(other.id) };
}

describe("pages for signed-in visitors whose browser runs our scripts", () => {
  it("come from one copy for every signed-in visitor, which names nobody and holds no one's hearts", async () => {
    const [a, b] = [await signedInUser("Hearty"), await signedInUser("Other")];
    const { car } = await carsOnSale();
    const saved = await request(`/api/favourites/${car}`, { method: "PUT", headers: { authorization: `Bearer ${a.token}` } });
    expect(saved.status).toBe(200);
    for (const path of ["/", "/cars", `/cars/${car}`]) {
      // A renders it (or finds it), B is served the same stored copy.
      await page(path, a.cookie);
      const forB = await hitFor(path, b.cookie);
      for (const trace of [a.name, a.email, b.name, b.email, 'aria-pressed="true"'])
        expect(forB.html, `${path}: ${trace}`).not.toContain(trace);
      // The signed-in copy, not the anonymous one: it offers Sign out, not Sign In, (their personal data comes after hydration).
      expect(forB.html, path).toContain("Sign out");
      expect(forB.html, path).not.toContain(">Sign In<");
      // Stored for every signed-in visitor in our own cache, but no other cache may keep it.
      expect(forB.response.headers.get("cache-control"), path).toBe("private, no-store");
      const anonymous = await hitFor(path);
      expect(anonymous.html, path).toContain(">Sign In<");
      expect(anonymous.html, path).not.toContain("Sign out");
    }
  });

  it("get their personal data in one private answer: name, counts, hearts, and on a car's page whether it is theirs", async () => {
    const [a, b] = [await signedInUser("Partsy"), await signedInUser("Partless")];
    const { car, other, sellerEmail } = await carsOnSale();
    const query = `cars=${car},${other}&car=${car}&recent=1`;
    const before = await personalPageData(query, a.cookie);
    expect(before.response.status).toBe(200);
    expect(before.response.headers.get("cache-control")).toBe("private, no-store");
    expect(before.body).toMatchObject({
      user: { name: a.name, email: a.email, role: "buyer", unreadNotifications: expect.any(Number), unreadMessages: expect.any(Number) },
      carActions: { mayBook: true, favouriteIds: [], bookedIds: [] },
      car: { own: false, deal: null },
    });
    // A finished write is in the next answer at once: nothing of it is cached.
    await request(`/api/favourites/${other}`, { method: "PUT", headers: { authorization: `Bearer ${a.token}` } });
    expect((await personalPageData(query, a.cookie)).body.carActions).toMatchObject({ favouriteIds: [other] });
    expect((await personalPageData(query, b.cookie)).body).toMatchObject({ user: { name: b.name }, carActions: { favouriteIds: [] } });
    // Its seller: their own car (Edit, not Book), and no Book Now for sellers.
    const seller = `${await signIn(sellerEmail)}; ${SCRIPTS}`;
    expect((await personalPageData(query, seller)).body).toMatchObject({ car: { own: true }, carActions: { mayBook: false } });
    // Signed out (a session that ended): nobody's personal data.
    expect((await personalPageData(query)).body).toMatchObject({ user: null, car: null, recent: null, carActions: { favouriteIds: [] } });
    // The car's visit goes on the account's recently viewed cars.
    const recent = await eventually(
      async () => (await personalPageData("cars=&recent=1", a.cookie)).body.recent as { _id: string }[],
      (cars) => cars.some((listed) => listed._id === car),
    );
    expect(recent[0]._id).toBe(car);
  });

  it("count a signed-in visitor's look at a car once, by their personal data request, and a seller's look at their own car not at all", async () => {
    const viewer = await signedInUser("Viewer");
    // A car no other test here looks at, so its count moves only with this test's looks.
    const [{ id, email: sellerEmail }] = await sql(
      "select p.id, u.email from products p join users u on u.id = p.seller_id where p.is_paid = 0 order by p.created_at desc limit 1 offset 5",
    );
    const car = String(id);
    const seller = `${await signIn(String(sellerEmail))}; ${SCRIPTS}`;
    const views = async () =>
      Number((await sql("select coalesce(sum(views), 0) as views from car_view_days where product_id = ?", [car]))[0].views);
    const start = await views();
    for (const cookie of [viewer.cookie, seller]) {
      await page(`/cars/${car}`, cookie);
      await personalPageData(`cars=${car}&car=${car}`, cookie);
    }
    await eventually(views, (count) => count === start + 1);
    // An anonymous visitor's page is counted as the Worker answers it (their browser asks for no personal data).
    await page(`/cars/${car}`);
    expect(await eventually(views, (count) => count >= start + 2)).toBe(start + 2);
  });

  it("leave a category's and a seller's page rendered for their visitor, and a page for a browser without our scripts", async () => {
    const user = await signedInUser("Categorist");
    const [{ category_id: category, seller_id: seller }] = await sql(
      "select category_id, seller_id from products where is_paid = 0 limit 1",
    );
    for (const path of [`/category/${String(category)}`, `/sellers/${String(seller)}`]) {
      const rendered = await page(path, user.cookie);
      expect(rendered.outcome, path).toBe("bypass");
      expect(rendered.html, path).toContain(user.name);
    }
    const withoutScripts = await page("/", user.cookie.replace(`; ${SCRIPTS}`, ""));
    expect(withoutScripts.outcome).toBe("bypass");
    expect(withoutScripts.html).toContain(user.name);
    // A visitor with the scripts cookie alone is anonymous: the anonymous copy.
    expect((await hitFor("/blog", SCRIPTS)).html).toContain(">Sign In<");
  });

  it("refuse a bad ask with 400 and a message", async () => {
    const user = await signedInUser("Asker");
    const tooMany = Array.from({ length: 101 }, (_, index) => `car-${index}`).join(",");
    for (const [query, message] of [
      ["cars=not%20an%20id", /letters, digits and dashes/],
      [`cars=${tooMany}`, /at most 100 cars/],
      ["cars=&car=%3Cscript%3E", /car id/],
      ["cars=&recent=yes", /recent/],
    ] as const) {
      const { response, body } = await personalPageData(query, user.cookie);
      expect(response.status, query).toBe(400);
      expect(body.message, query).toMatch(message);
    }
    // An unknown car is simply nobody's: no personal data of a car page.
    expect((await personalPageData("cars=&car=no-such-car", user.cookie)).body).toMatchObject({ car: null });
  });
});
