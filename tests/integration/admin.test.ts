import { beforeAll, describe, expect, it } from "vitest";
import { type PagedList, type Car, type User } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, postForm, register, request, signIn, sql, uniqueEmail, uploadImage } from "./client";

let adminToken: string;
let buyerToken: string;
let sellerToken: string;
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  adminToken = await accessToken("admin@autoreseller.test");
  buyerToken = await accessToken("buyer@autoreseller.test");
  sellerToken = await accessToken("seller@autoreseller.test");
});

async function insertCar(sellerEmail: string, name: string, sold = false): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, is_paid, created_at)
     select ?, ?, 100, 90, 'Dhaka', id, 'Good', '0171', 'd', 2020, '/images/x.jpg', (select id from users where email = ?), 'S', ?, ?, ? from categories limit 1`,
    [id, name, sellerEmail, sellerEmail, sold ? 1 : 0, new Date().toISOString()],
  );
  return id;
}

const count = async (statement: string, args: (string | number)[]) => Number((await sql(statement, args))[0].n);

describe("admin lists through the API", () => {
  it("page sellers and buyers, 5 by default, sorted by name", async () => {
    const sellers = (await (await request("/api/users/sellers", bearer(adminToken))).json()) as PagedList<User>;
    expect(sellers.currentPage).toBe(1);
    expect(sellers.total).toBeGreaterThan(0);
    expect(sellers.data.length).toBe(Math.min(5, sellers.total));
    expect(sellers.totalPages).toBe(Math.ceil(sellers.total / 5));
    expect(sellers.data.every((user) => user.accountType === "seller")).toBe(true);
    const names = sellers.data.map((user) => user.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    const buyers = (await (
      await request("/api/users/buyers?sort=email&order=desc&limit=3&page=2", bearer(adminToken))
    ).json()) as PagedList<User>;
    expect(buyers.currentPage).toBe(2);
    expect(buyers.data.length).toBeLessThanOrEqual(3);
  });

  it("answer bad sort, order, page and limit with 400", async () => {
    for (const query of ["sort=password", "order=sideways", "page=0", "page=abc", "limit=0", "limit=51", "limit=-1"]) {
      const response = await request(`/api/users/sellers?${query}`, bearer(adminToken));
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBeTruthy();
    }
    expect((await request("/api/report?sort=name", bearer(adminToken))).status).toBe(400);
  });

  it("answer the same with a trailing slash", async () => {
    const withSlash = await request("/api/users/sellers/?limit=50", bearer(adminToken));
    expect(withSlash.status).toBe(200);
    expect(await withSlash.json()).toEqual(await (await request("/api/users/sellers?limit=50", bearer(adminToken))).json());
  });
});

describe("admin-only", () => {
  const endpoints: [string, string][] = [
    ["GET", "/api/users/sellers"],
    ["GET", "/api/users/buyers"],
    ["DELETE", "/api/users/seller/x"],
    ["DELETE", "/api/users/buyer/x"],
    ["PATCH", "/api/users/verify-seller/x"],
    ["GET", "/api/report"],
    ["DELETE", "/api/report/x"],
    ["DELETE", "/api/report/item/x"],
    ["POST", "/api/categories/add"],
  ];

  it("every admin endpoint answers 403 to buyers and sellers and 401 to nobody", async () => {
    for (const [method, path] of endpoints) {
      for (const token of [buyerToken, sellerToken]) {
        expect((await request(path, { method, ...bearer(token) })).status, `${method} ${path}`).toBe(403);
      }
      expect((await request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });

  it("every admin page turns others away to sign-in", async () => {
    const cookies = [await signIn("buyer@autoreseller.test"), await signIn("seller@autoreseller.test")];
    for (const path of ["/dashboard/allsellers", "/dashboard/allbuyers", "/dashboard/reporteditem", "/dashboard/addcategory"]) {
      for (const cookie of cookies) {
        const response = await request(path, { headers: { cookie } });
        expect(response.status, path).toBe(302);
        expect(response.headers.get("location")).toContain("/login?redirectTo=");
      }
      expect((await request(path)).status).toBe(302);
    }
  });
});

describe("deleting users", () => {
  it("a seller goes with their unsold cars; sold cars stay; their sessions end", async () => {
    const email = uniqueEmail("gone-seller");
    const id = await register({ email, accountType: "seller" });
    const unsold = await insertCar(email, "Unsold Leftover");
    const sold = await insertCar(email, "Sold Record", true);
    const cookie = await signIn(email);

    const response = await request(`/api/users/seller/${id}`, { method: "DELETE", ...bearer(adminToken) });
    expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await count("select count(*) as n from products where id = ?", [unsold])).toBe(0);
    expect(await count("select count(*) as n from products where id = ? and seller_id is null", [sold])).toBe(1);
    expect((await request("/dashboard", { headers: { cookie } })).status).toBe(302);
    expect(await count("select count(*) as n from audit_log where action = 'delete-seller' and target = ?", [id])).toBe(1);
  });

  it("a buyer goes with unpaid bookings; paid orders and payments stay", async () => {
    const email = uniqueEmail("gone-buyer");
    const id = await register({ email });
    const token = await accessToken(email);
    const [first, second] = [
      await insertCar("seller@autoreseller.test", "Open Car"),
      await insertCar("seller@autoreseller.test", "Paid Car"),
    ];
    const bookingOf = async (carId: string) =>
      (
        (await (await apiJson("/api/bookings", { product_id: carId, phone: "1", meetingLocation: "x" }, { token })).json()) as {
          insertedId: string;
        }
      ).insertedId;
    const unpaid = await bookingOf(first);
    const paid = await bookingOf(second);
    await sql("update bookings set paid = 1, transaction_id = 'pi_kept' where id = ?", [paid]);
    await sql(
      "insert into payments (id, transaction_id, booking_id, product_id, buyer_email, amount, created_at) values (?, 'pi_kept_' || ?, ?, ?, ?, 9000, ?)",
      [crypto.randomUUID(), paid, paid, second, email, new Date().toISOString()],
    );

    expect((await request(`/api/users/buyer/${id}`, { method: "DELETE", ...bearer(adminToken) })).status).toBe(200);
    expect(await count("select count(*) as n from bookings where id = ?", [unpaid])).toBe(0);
    // The order stays for the records, under "Deleted user" (as the contract says), nothing personal kept on it.
    expect(
      await count(
        "select count(*) as n from bookings where id = ? and buyer_id is null and buyer_name = 'Deleted user' and buyer_email = ''",
        [paid],
      ),
    ).toBe(1);
    expect(await count("select count(*) as n from payments where booking_id = ?", [paid])).toBe(1);
  });

  it("never deletes an admin or the wrong role", async () => {
    const [{ id: adminId }] = await sql("select id from users where email = 'admin@autoreseller.test'");
    expect((await request(`/api/users/seller/${adminId}`, { method: "DELETE", ...bearer(adminToken) })).status).toBe(403);
    expect((await request(`/api/users/buyer/${adminId}`, { method: "DELETE", ...bearer(adminToken) })).status).toBe(403);
    const [{ id: sellerId }] = await sql("select id from users where email = 'seller2@autoreseller.test'");
    expect((await request(`/api/users/buyer/${sellerId}`, { method: "DELETE", ...bearer(adminToken) })).status).toBe(404);
  });
});

describe("verifying sellers", () => {
  it("verifies once and shows the badge on all their cars", async () => {
    const email = uniqueEmail("badge");
    const id = await register({ email, accountType: "seller" });
    const car = await insertCar(email, "Badge Car");
    const verify = () => request(`/api/users/verify-seller/${id}`, { method: "PATCH", ...bearer(adminToken) });
    expect(await (await verify()).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await (await verify()).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const cars = (await (await request(`/api/products/seller/${email}`, bearer(adminToken))).json()) as Car[];
    expect(cars.find(({ _id }) => _id === car)?.sellerVerified).toBe(true);
    const [{ id: buyerId }] = await sql("select id from users where email = 'buyer@autoreseller.test'");
    expect((await request(`/api/users/verify-seller/${buyerId}`, { method: "PATCH", ...bearer(adminToken) })).status).toBe(404);
  });
});

describe("reports for admins", () => {
  it("lists who reported what, dismisses reports, and deletes items (never sold ones)", async () => {
    const carId = await insertCar("seller2@autoreseller.test", `Reported ${Date.now()}`);
    const reporterEmail = uniqueEmail("reporter");
    await register({ email: reporterEmail, name: "Watchful Reporter" });
    const reporter = await accessToken(reporterEmail);
    await apiJson("/api/report", { product_id: carId }, { token: reporter });
    await apiJson("/api/report", { product_id: carId }, { token: buyerToken });

    const list = (await (await request("/api/report?limit=50&sort=productName&order=desc", bearer(adminToken))).json()) as PagedList<{
      product_id: string;
      productName: string;
      seller: string;
      createdAt: string;
    }>;
    const rows = list.data.filter((row) => row.product_id === carId);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ productName: expect.stringMatching(/^Reported/), seller: "S", createdAt: expect.any(String) });

    expect(await (await request(`/api/report/${carId}`, { method: "DELETE", ...bearer(adminToken) })).json()).toEqual({
      acknowledged: true,
      deletedCount: 2,
    });
    expect(await count("select count(*) as n from products where id = ?", [carId])).toBe(1);

    await apiJson("/api/report", { product_id: carId }, { token: reporter });
    expect(await (await request(`/api/report/item/${carId}`, { method: "DELETE", ...bearer(adminToken) })).json()).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect(await count("select count(*) as n from reports where product_id = ?", [carId])).toBe(0);

    const soldId = await insertCar("seller2@autoreseller.test", "Sold Reported", true);
    await apiJson("/api/report", { product_id: soldId }, { token: reporter });
    expect((await request(`/api/report/item/${soldId}`, { method: "DELETE", ...bearer(adminToken) })).status).toBe(409);
  });

  it("the page shows reporter and time, and Dismiss keeps the car", async () => {
    const carId = await insertCar("seller2@autoreseller.test", `Paged Report ${Date.now()}`);
    await apiJson("/api/report", { product_id: carId }, { token: buyerToken });
    const [{ id: reportId }] = await sql("select id from reports where product_id = ?", [carId]);
    const cookie = await signIn("admin@autoreseller.test");
    const confirm = await (await request(`/dashboard/reporteditem?confirm=dismiss:${reportId}&limit=50`, { headers: { cookie } })).text();
    expect(confirm).toContain("Are you sure?");
    expect(confirm).toContain("Nadia Islam");
    const done = await postForm("/dashboard/reporteditem", { intent: "dismiss", id: carId }, cookie);
    expect(await done.text()).toContain("Dismissed");
    expect(await count("select count(*) as n from reports where product_id = ?", [carId])).toBe(0);
    expect(await count("select count(*) as n from products where id = ?", [carId])).toBe(1);
  });
});

describe("admin pages", () => {
  it("keep list state in the URL and fall back to defaults for bad values", async () => {
    const cookie = await signIn("admin@autoreseller.test");
    const bad = await request("/dashboard/allsellers?page=zero&sort=password&order=up", { headers: { cookie } });
    expect(bad.status).toBe(200);
    const html = await bad.text();
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toContain("sort=name&amp;order=desc");

    const buyers = await (await request("/dashboard/allbuyers?sort=email&order=desc", { headers: { cookie } })).text();
    expect(buyers).toMatch(/<th scope="col" aria-sort="descending"[^>]*><a[^>]*>Email/);
  });

  it("verify and delete ask first, then confirm the outcome", async () => {
    const email = uniqueEmail("aaa-page-seller");
    const id = await register({ email, accountType: "seller", name: "Aaa Page Seller" });
    const cookie = await signIn("admin@autoreseller.test");
    const confirm = await (await request(`/dashboard/allsellers?confirm=verify:${id}`, { headers: { cookie } })).text();
    // Verifying destroys nothing: a plain question, not a red warning that it cannot be undone.
    expect(confirm).toContain("Verify Aaa Page Seller?");
    expect(confirm).not.toContain("You won&#x27;t be able to revert this!");
    expect(confirm).toContain("No open reports");
    expect(await (await postForm("/dashboard/allsellers", { intent: "verify", id }, cookie)).text()).toContain("Verified successfully");
    const deleted = await (await postForm("/dashboard/allsellers", { intent: "delete", id }, cookie)).text();
    expect(deleted).toContain("Deleted!");
    expect(deleted).toContain("Your file has been deleted.");
    const [{ id: adminId }] = await sql("select id from users where email = 'admin@autoreseller.test'");
    const self = await postForm("/dashboard/allbuyers", { intent: "delete", id: String(adminId) }, cookie);
    expect(self.status).toBe(403);
  });

  it("drop a verification's confirmation once the seller is verified, in the answer and on reload", async () => {
    // Named to sort first, so the seller is on the list's first page.
    const id = await register({ email: uniqueEmail("verified-once"), accountType: "seller", name: "Aa Verified Once" });
    const cookie = await signIn("admin@autoreseller.test");
    const page = `/dashboard/allsellers?confirm=verify:${id}`;
    expect(await (await request(page, { headers: { cookie } })).text()).toContain("Yes, verify Aa Verified Once");
    const answer = await (await postForm(page, { intent: "verify", id }, cookie)).text();
    expect(answer).toContain("Verified successfully");
    expect(answer).not.toContain("Yes, verify Aa Verified Once");
    expect(await (await request(page, { headers: { cookie } })).text()).not.toContain("Are you sure?");
  });

  it("are the same with a trailing slash: /dashboard/allsellers/ lists and verifies sellers", async () => {
    const id = await register({ email: uniqueEmail("slash-seller"), accountType: "seller" });
    const cookie = await signIn("admin@autoreseller.test");
    expect(await (await request("/dashboard/allsellers/", { headers: { cookie } })).text()).toMatch(/<h1[^>]*>All Sellers<\/h1>/);
    expect(await (await postForm("/dashboard/allsellers/", { intent: "verify", id }, cookie)).text()).toContain("Verified successfully");
    expect(await count("select count(*) as n from users where id = ? and verified = 1", [id])).toBe(1);
  });
});

describe("categories", () => {
  it("are added once per name whatever its letter case, and show on Home", async () => {
    const jpeg = await renderJpeg(carPhotoSvg({ body: "coupe", color: "#facc15", seed: 2 }));
    const { data } = (await (await uploadImage(jpeg, "c.jpg", "image/jpeg", adminToken)).json()) as { data: { url: string } };
    const name = `Coupe ${Date.now()}`;
    const created = await apiJson("/api/categories/add", { categoryName: name, image: data.url }, { token: adminToken });
    expect(created.status).toBe(201);
    const duplicate = await apiJson("/api/categories/add", { categoryName: name.toUpperCase(), image: data.url }, { token: adminToken });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({ message: "A category with this name already exists" });
    const empty = await apiJson("/api/categories/add", { categoryName: " ", image: "" }, { token: adminToken });
    expect(((await empty.json()) as { issues: { message: string }[] }).issues.map((issue) => issue.message)).toEqual([
      "Category Name is Required",
      "Photo is required",
    ]);
    expect(await (await request("/")).text()).toContain(name);
  });

  it("the Add Category form shows its messages and, on success, the toast", async () => {
    const cookie = await signIn("admin@autoreseller.test");
    const origin = new URL((await request("/")).url).origin;
    const empty = new FormData();
    empty.set("categoryName", "");
    empty.set("photo", new Blob([]), "");
    const invalid = await (await request("/dashboard/addcategory", { method: "POST", headers: { cookie, origin }, body: empty })).text();
    expect(invalid).toContain("Category Name is Required");
    expect(invalid).toContain("Photo is required");

    const form = new FormData();
    const name = `Minivan ${Date.now()}`;
    form.set("categoryName", name);
    form.set(
      "photo",
      new Blob([await renderJpeg(carPhotoSvg({ body: "suv", color: "#14b8a6", seed: 5 }))], { type: "image/jpeg" }),
      "van.jpg",
    );
    const added = await request("/dashboard/addcategory", { method: "POST", headers: { cookie, origin }, body: form });
    expect(added.status).toBe(302);
    expect(decodeURIComponent(added.headers.getSetCookie().join())).toContain(`Category added: ${name}`);
  });
});

describe("audit trail", () => {
  it("records admin actions and shows them to admins only", async () => {
    const email = uniqueEmail("audited");
    const id = await register({ email, accountType: "seller" });
    await request(`/api/users/verify-seller/${id}`, { method: "PATCH", ...bearer(adminToken) });
    const page = await (await request("/dashboard/audit", { headers: { cookie: await signIn("admin@autoreseller.test") } })).text();
    expect(page).toContain("Verified a seller");
    expect(page).toContain(email);
    expect((await request("/dashboard/audit", { headers: { cookie: await signIn("seller@autoreseller.test") } })).status).toBe(302);
  });

  it("names the admin and the people acted on by name and email, never by id", async () => {
    const sellerEmail = uniqueEmail("audited-seller");
    const sellerId = await register({ email: sellerEmail, accountType: "seller", name: "Audited Verified Seller" });
    const buyerEmail = uniqueEmail("audited-buyer");
    const buyerId = await register({ email: buyerEmail, accountType: "buyer", name: "Audited Deleted Buyer" });
    await request(`/api/users/verify-seller/${sellerId}`, { method: "PATCH", ...bearer(adminToken) });
    await request(`/api/users/buyer/${buyerId}`, { method: "DELETE", ...bearer(adminToken) });
    const page = await (await request("/dashboard/audit", { headers: { cookie: await signIn("admin@autoreseller.test") } })).text();
    const table = page.slice(page.indexOf("<table"), page.indexOf("</table>"));
    expect(table).toContain(`Audited Verified Seller (${sellerEmail})`);
    expect(table).toContain(`Audited Deleted Buyer (${buyerEmail})`);
    expect(table).toContain("Site Admin");
    expect(table).not.toContain(sellerId);
    expect(table).not.toContain(buyerId);
  });

  it("names the car of a dismissed report and of a deleted item, never its raw id", async () => {
    const dismissed = await insertCar("seller2@autoreseller.test", `Audited Dismissed ${Date.now()}`);
    const deleted = await insertCar("seller2@autoreseller.test", `Audited Deleted ${Date.now()}`);
    for (const id of [dismissed, deleted]) await apiJson("/api/report", { product_id: id }, { token: buyerToken });
    await request(`/api/report/${dismissed}`, { method: "DELETE", ...bearer(adminToken) });
    await request(`/api/report/item/${deleted}`, { method: "DELETE", ...bearer(adminToken) });
    const page = await (await request("/dashboard/audit", { headers: { cookie: await signIn("admin@autoreseller.test") } })).text();
    const table = page.slice(page.indexOf("<table"), page.indexOf("</table>"));
    expect(table).toMatch(/Audited Dismissed \d+ by S/);
    expect(table).toMatch(/Audited Deleted \d+ by S/);
    expect(table).not.toContain(dismissed);
    expect(table).not.toContain(deleted);
  });
});
