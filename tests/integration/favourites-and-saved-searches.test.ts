import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiJson, appUrl, postForm, register, request, signIn, sql, uniqueEmail } from "./client";

// Favourites and saved searches: the API as the contract says, and the pages' forms without
// JavaScript.

let buyer: { email: string; token: string; cookie: string };
let other: { email: string; token: string; cookie: string };
let categoryId: string;

async function account(prefix: string) {
  const email = uniqueEmail(prefix);
  await register({ email });
  return { email, token: await accessToken(email), cookie: await signIn(email) };
}

/** A car of its own (sold when asked), so lists are predictable. */
async function car(name: string, { sold = false } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at, is_paid)
     values (?, ?, 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', (select id from users where email = 'seller@autoreseller.test'), 'Seller', 'seller@autoreseller.test', ?, ?)`,
    [id, name, categoryId, new Date().toISOString(), sold ? 1 : 0],
  );
  return id;
}

const api = (path: string, method: string, token?: string) =>
  request(path, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
const json = async <T>(response: Response) => (await response.json()) as T;

beforeAll(async () => {
  categoryId = String((await sql("select id from categories limit 1"))[0].id);
  [buyer, other] = await Promise.all([account("fav-buyer"), account("fav-other")]);
});

describe("favourites API", () => {
  it("saves idempotently, lists most recently saved first with sold cars, and removes idempotently", async () => {
    const [first, sold, last] = [await car("Fav First"), await car("Fav Sold", { sold: true }), await car("Fav Last")];
    for (const id of [first, sold, last]) {
      const saved = await api(`/api/favourites/${id}`, "PUT", buyer.token);
      expect(saved.status).toBe(200);
      expect(await saved.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      // Saved times must differ for the order to be observable.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await json(await api(`/api/favourites/${first}`, "PUT", buyer.token))).toEqual({ acknowledged: true, modifiedCount: 0 });

    const list = await json<{ _id: string; isPaid: boolean; photos?: unknown }[]>(await api("/api/favourites", "GET", buyer.token));
    expect(list.map(({ _id }) => _id)).toEqual([last, sold, first]);
    expect(list[1].isPaid).toBe(true);
    expect(list[0]).not.toHaveProperty("photos");

    expect(await json(await api(`/api/favourites/${sold}`, "DELETE", buyer.token))).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await json(await api(`/api/favourites/${sold}`, "DELETE", buyer.token))).toEqual({ acknowledged: true, deletedCount: 0 });
    const after = await json<{ _id: string }[]>(await api("/api/favourites", "GET", buyer.token));
    expect(after.map(({ _id }) => _id)).toEqual([last, first]);
  });

  it("answers 404 for an unknown car and 401 to anonymous callers", async () => {
    const unknown = await api(`/api/favourites/${crypto.randomUUID()}`, "PUT", buyer.token);
    expect(unknown.status).toBe(404);
    expect((await json<{ message: string }>(unknown)).message).toBe("Product not found");
    expect((await api("/api/favourites", "GET")).status).toBe(401);
    expect((await request(`/api/favourites/${await car("Anon")}`, { method: "PUT", headers: { origin: appUrl } })).status).toBe(401);
  });

  it("never shows one user's favourites to another", async () => {
    const id = await car("Private Fav");
    await api(`/api/favourites/${id}`, "PUT", buyer.token);
    const others = await json<{ _id: string }[]>(await api("/api/favourites", "GET", other.token));
    expect(others.map(({ _id }) => _id)).not.toContain(id);
    // Another user's delete touches only their own (empty) list.
    expect(await json(await api(`/api/favourites/${id}`, "DELETE", other.token))).toEqual({ acknowledged: true, deletedCount: 0 });
    const mine = await json<{ _id: string }[]>(await api("/api/favourites", "GET", buyer.token));
    expect(mine.map(({ _id }) => _id)).toContain(id);
    const page = await (await request("/dashboard/favourites", { headers: { cookie: other.cookie } })).text();
    expect(page).not.toContain("Private Fav");
  });
});

describe("the heart without JavaScript", () => {
  it("toggles by form post and comes back to the page it was pressed on", async () => {
    const id = await car("Heart Form Car");
    const saved = await postForm(`/favourites/${id}`, { intent: "save", back: "/cars?make=Heart" }, buyer.cookie);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/cars?make=Heart");
    const carPage = await (await request(`/cars/${id}`, { headers: { cookie: buyer.cookie } })).text();
    expect(carPage).toContain('aria-label="Remove Heart Form Car from favourites"');
    expect(carPage).toContain('aria-pressed="true"');

    const dashboard = await (await request("/dashboard/favourites", { headers: { cookie: buyer.cookie } })).text();
    expect(dashboard).toContain("Heart Form Car");

    // Posting the same state again changes nothing; remove, then the heart offers to save.
    await postForm(`/favourites/${id}`, { intent: "save", back: "/" }, buyer.cookie);
    expect(await sql("select count(*) as n from favourites where product_id = ?", [id])).toEqual([{ n: 1 }]);
    const removed = await postForm(`/favourites/${id}`, { intent: "remove", back: `/cars/${id}` }, buyer.cookie);
    expect(removed.headers.get("location")).toBe(`/cars/${id}`);
    expect(await (await request(`/cars/${id}`, { headers: { cookie: buyer.cookie } })).text()).toContain(
      'aria-label="Save Heart Form Car"',
    );
  });

  it("sends signed-out users to sign in, which saves the car and returns to it, and refuses an outside return address", async () => {
    const id = await car("Heart Anonymous");
    const answer = await postForm(`/favourites/${id}`, { intent: "save", back: "/cars?make=Heart" });
    expect(answer.status).toBe(302);
    const target = `/cars/${id}?favourite=save`;
    expect(answer.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(target)}`);
    const later = await account("fav-kept");
    const signedIn = await postForm("/login", { email: later.email, password: "Passw0rd!", redirectTo: target });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`/cars/${id}`);
    const saved = (await (await api("/api/favourites", "GET", later.token)).json()) as { _id: string }[];
    expect(saved.map(({ _id }) => _id)).toEqual([id]);
    const outside = await postForm(`/favourites/${id}`, { intent: "save", back: "//evil.example" }, buyer.cookie);
    expect(outside.headers.get("location")).toBe(`/cars/${id}`);
  });

  it("removes from /dashboard/favourites, which shows sold cars marked and an empty state", async () => {
    const fresh = await account("fav-dash");
    const sold = await car("Dash Sold Car", { sold: true });
    await api(`/api/favourites/${sold}`, "PUT", fresh.token);
    const page = await (await request("/dashboard/favourites", { headers: { cookie: fresh.cookie } })).text();
    expect(page).toContain("Dash Sold Car");
    expect(page).toMatch(/>Sold</);
    const removed = await postForm("/dashboard/favourites", { intent: "remove", id: sold }, fresh.cookie);
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("You have not saved any cars yet");
  });

  it("marks the saved cars on a page of cards", async () => {
    const id = await car("Marked On Seller Page");
    await api(`/api/favourites/${id}`, "PUT", buyer.token);
    const page = await (await request("/cars?q=Marked%20On%20Seller%20Page", { headers: { cookie: buyer.cookie } })).text();
    expect(page).toContain('aria-label="Remove Marked On Seller Page from favourites"');
  });
});

describe("saved searches API", () => {
  it("validates and normalizes the query, answers the same search once, and lists newest first", async () => {
    const user = await account("ss-api");
    const bad = await apiJson("/api/saved-searches", { query: "make=Toyota&maxPrice=cheap" }, { token: user.token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: "query.maxPrice", message: "maxPrice must be a whole number" }] });
    expect((await apiJson("/api/saved-searches", { query: "sort=price_asc" }, { token: user.token })).status).toBe(400);
    expect((await apiJson("/api/saved-searches", { query: 5 }, { token: user.token })).status).toBe(400);

    const created = await apiJson(
      "/api/saved-searches",
      { query: "?maxPrice=20000&page=2&make=Toyota&sort=newest" },
      { token: user.token },
    );
    expect(created.status).toBe(201);
    const { insertedId } = await json<{ insertedId: string }>(created);
    const again = await apiJson("/api/saved-searches", { query: "make=Toyota&maxPrice=20000" }, { token: user.token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ acknowledged: true, insertedId });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await apiJson("/api/saved-searches", { query: "location=Dhaka" }, { token: user.token });

    const list = await json<{ _id: string; query: string; createdAt: string }[]>(await api("/api/saved-searches", "GET", user.token));
    expect(list.map((search) => search.query)).toEqual(["location=Dhaka", "make=Toyota&maxPrice=20000"]);
    expect(list[1]._id).toBe(insertedId);
  });

  it("keeps at most 20 per user (409 for the 21st)", async () => {
    const user = await account("ss-limit");
    for (let price = 1; price <= 20; price++) {
      const response = await apiJson("/api/saved-searches", { query: `maxPrice=${price * 1000}` }, { token: user.token });
      expect(response.status).toBe(201);
    }
    const past = await apiJson("/api/saved-searches", { query: "make=Honda" }, { token: user.token });
    expect(past.status).toBe(409);
    expect(await past.json()).toEqual({ message: "You can keep at most 20 saved searches" });
    // One already kept is still answered.
    expect((await apiJson("/api/saved-searches", { query: "maxPrice=1000" }, { token: user.token })).status).toBe(200);
    expect(
      await sql("select count(*) as n from saved_searches where user_id = (select id from users where email = ?)", [user.email]),
    ).toEqual([{ n: 20 }]);
    // The page says so in its form.
    const page = await postForm("/cars?make=Honda", { query: "make=Honda" }, user.cookie);
    expect(page.status).toBe(409);
    expect(await page.text()).toContain("You can keep at most 20 saved searches");
  });

  it("deletes only the owner's: 404 for another user and anonymous 401", async () => {
    const created = await apiJson("/api/saved-searches", { query: "make=Mazda" }, { token: buyer.token });
    const { insertedId } = await json<{ insertedId: string }>(created);
    expect((await api(`/api/saved-searches/${insertedId}`, "DELETE", other.token)).status).toBe(404);
    const admin = await accessToken("admin@autoreseller.test");
    expect((await api(`/api/saved-searches/${insertedId}`, "DELETE", admin)).status).toBe(404);
    expect((await request(`/api/saved-searches/${insertedId}`, { method: "DELETE", headers: { origin: appUrl } })).status).toBe(401);
    expect(await json<{ _id: string }[]>(await api("/api/saved-searches", "GET", other.token))).toEqual([]);
    expect(await json(await api(`/api/saved-searches/${insertedId}`, "DELETE", buyer.token))).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await api(`/api/saved-searches/${insertedId}`, "DELETE", buyer.token)).status).toBe(404);
  });
});

describe("saving a search on /cars without JavaScript", () => {
  it("saves the page's search by form post and lists it, named, on /dashboard/saved-searches", async () => {
    const user = await account("ss-page");
    const page = await (await request("/cars?make=Toyota&maxPrice=20000&location=Dhaka", { headers: { cookie: user.cookie } })).text();
    expect(page).toContain("Save this search");
    expect(page).toContain('name="query" value="make=Toyota&amp;location=Dhaka&amp;maxPrice=20000"');

    const saved = await postForm(
      "/cars?make=Toyota&maxPrice=20000&location=Dhaka",
      { query: "make=Toyota&location=Dhaka&maxPrice=20000" },
      user.cookie,
    );
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Search saved.");
    const twice = await postForm(
      "/cars?make=Toyota&maxPrice=20000&location=Dhaka",
      { query: "make=Toyota&location=Dhaka&maxPrice=20000" },
      user.cookie,
    );
    expect(await twice.text()).toContain("You have already saved this search.");

    const list = await (await request("/dashboard/saved-searches", { headers: { cookie: user.cookie } })).text();
    expect(list).toContain("Toyota under $20,000 in Dhaka");
    expect(list).toContain('href="/cars?make=Toyota&amp;location=Dhaka&amp;maxPrice=20000"');

    const [{ id }] = await sql("select id from saved_searches where user_id = (select id from users where email = ?)", [user.email]);
    const deleted = await postForm("/dashboard/saved-searches", { intent: "delete", id: String(id) }, user.cookie);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("You have no saved searches yet.");
  });

  it("shows an invalid query's issue as the form's error, and sends signed-out users to sign in and back", async () => {
    const bad = await postForm("/cars?make=Toyota", { query: "make=Toyota&minYear=1200" }, buyer.cookie);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("minYear must be 1900 to 2100");

    const anonymousPage = await (await request("/cars?make=Toyota")).text();
    expect(anonymousPage).toContain(`href="/login?redirectTo=${encodeURIComponent("/cars?make=Toyota")}"`);
    const anonymous = await postForm("/cars?make=Toyota", { query: "make=Toyota" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/cars?make=Toyota")}`);
  });

  it("offers no saving on /cars without a filter", async () => {
    const page = await (await request("/cars", { headers: { cookie: buyer.cookie } })).text();
    expect(page).not.toContain("Save this search");
  });
});
