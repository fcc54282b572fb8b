import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { eventually } from "../support/eventually";
import { accessToken, apiJson, firstCategoryId, postForm, registerSeller, request, signIn, sql, uniqueEmail, uploadImage } from "./client";

// What admins need to see: each seller's open reports beside Verify, reported cars and
// conversations they can act on, and listings flagged (never blocked) for a look.

let adminCookie: string;
let buyerToken: string;
let categoryId: string;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  [adminCookie, buyerToken, categoryId, jpeg] = await Promise.all([
    signIn("admin@autoreseller.test"),
    accessToken("buyer@autoreseller.test"),
    firstCategoryId(),
    renderJpeg(carPhotoSvg({ body: "suv", color: "#15803d", seed: 21 })),
  ]);
});

const page = async (path: string) => (await request(path, { headers: { cookie: adminCookie } })).text();

/** A new seller (named to sort first on the sellers list) with a confirmed address and a token. */
async function seller(name: string) {
  const email = uniqueEmail("oversight");
  const id = await registerSeller({ email, name });
  return { id, email, token: await accessToken(email) };
}

async function list(token: string, fields: Record<string, unknown>): Promise<string> {
  const upload = await uploadImage(jpeg, "car.jpg", "image/jpeg", token);
  const { data } = (await upload.json()) as { data: { url: string } };
  const response = await apiJson(
    "/api/products/add",
    {
      productName: `Oversight Car ${crypto.randomUUID().slice(0, 6)}`,
      originalPrice: 40000,
      resalePrice: 20000,
      location: "Dhaka",
      categoryId,
      condition: "Good",
      mobile: "01711 999000",
      productDescription: "Looked at by the admins.",
      purchaseYear: 2018,
      image: data.url,
      ...fields,
    },
    { token },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

const openFlags = (carId: string) => sql("select reason, details from flags where product_id = ? and cleared_at is null", [carId]);

describe("the sellers list", () => {
  it("shows each seller's open reports beside Verify and in the verify confirmation, which is no danger warning", async () => {
    const reported = await seller("Aaaa Reported Seller");
    const car = await list(reported.token, {});
    for (const reason of ["scam", "wrong_info"]) {
      const reporter = uniqueEmail("reporter");
      await apiJson("/api/users", { name: "Reporter", email: reporter, password: "Secret1!" });
      const token = await accessToken(reporter, "Secret1!");
      expect((await apiJson("/api/report", { product_id: car, reason }, { token })).status).toBe(201);
    }
    const sellers = await page("/dashboard/allsellers");
    const row = sellers.slice(sellers.indexOf("Aaaa Reported Seller"));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain("2 open reports against their cars");

    const confirm = await page(`/dashboard/allsellers?confirm=verify:${reported.id}`);
    expect(confirm).toContain("Verify Aaaa Reported Seller?");
    expect(confirm).toContain("2 open reports against their cars");
    expect(confirm).not.toContain("revert");
    expect(confirm).not.toMatch(/btn-danger[^>]*>Yes, verify/);
  });
});

describe("reported items", () => {
  it("link each reported car to its page and count reports in plain words", async () => {
    const owner = await seller("Aaaa Linked Seller");
    const car = await list(owner.token, { productName: "Linked Reported Car" });
    expect((await apiJson("/api/report", { product_id: car, reason: "scam" }, { token: buyerToken })).status).toBe(201);
    const reported = await page("/dashboard/reporteditem?sort=productName");
    expect(reported).toContain(`href="/cars/${car}"`);
    expect(reported).not.toMatch(/\b1 reports\b/);
  });

  it("let an admin dismiss a reported conversation, or close it so neither side writes again", async () => {
    const owner = await seller("Aaaa Chat Seller");
    const conversationIds: string[] = [];
    for (const label of ["dismissed", "closed"]) {
      const car = await list(owner.token, { productName: `Chat Car ${label}` });
      const started = await apiJson("/api/conversations", { product_id: car, text: `Hello about the ${label} car` }, { token: buyerToken });
      expect(started.status).toBe(201);
      const conversationId = ((await started.json()) as { insertedId: string }).insertedId;
      await sql("insert into conversation_reports (id, conversation_id, reporter_id, reason, created_at) values (?, ?, ?, 'Rude', ?)", [
        crypto.randomUUID(),
        conversationId,
        owner.id,
        new Date().toISOString(),
      ]);
      conversationIds.push(conversationId);
    }
    const [dismissed, closed] = conversationIds;
    const listed = await page("/dashboard/reporteditem");
    expect(listed).toContain("Read its message");
    expect(listed).not.toContain("Read its newest 1 messages");

    expect(
      await (await postForm("/dashboard/reporteditem", { intent: "dismiss-conversation", id: dismissed }, adminCookie)).text(),
    ).toContain("Dismissed");
    expect(await (await postForm("/dashboard/reporteditem", { intent: "close-conversation", id: closed }, adminCookie)).text()).toContain(
      "Closed",
    );
    expect(await sql("select count(*) as n from conversation_reports where conversation_id in (?, ?)", [dismissed, closed])).toEqual([
      expect.objectContaining({ n: 0 }),
    ]);
    const send = (id: string, token: string) => apiJson(`/api/conversations/${id}/messages`, { text: "Still there?" }, { token });
    expect((await send(dismissed, buyerToken)).status).toBe(201);
    const refused = await send(closed, owner.token);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain("closed");
    expect(await sql("select count(*) as n from messages where conversation_id = ?", [closed])).toEqual([
      expect.objectContaining({ n: 1 }),
    ]);
    const thread = await (
      await request(`/dashboard/messages/${closed}`, { headers: { cookie: await signIn("buyer@autoreseller.test") } })
    ).text();
    expect(thread).toContain("An admin closed this conversation");
    expect((await postForm("/dashboard/reporteditem", { intent: "close-conversation", id: closed }, adminCookie)).status).toBe(404);
  });
});

describe("flags", () => {
  it("flag, never block, a listing under 60 % of its estimate, a VIN another seller listed lately, and a new account's sixth car in a day; an admin clears them", async () => {
    const make = `Flagmake${crypto.randomUUID().slice(0, 5)}`;
    const dealer = await seller("Aaaa Flag Dealer");
    for (let index = 0; index < 4; index++) await list(dealer.token, { make, model: "Cruiser", mileageKm: 60000, resalePrice: 30000 });
    // The dealer's fifth car is at the estimate; the sixth is cheap, and a new account's sixth in its first day.
    const fair = await list(dealer.token, { make, model: "Cruiser", mileageKm: 60000, resalePrice: 29000 });
    const cheap = await list(dealer.token, { make, model: "Cruiser", mileageKm: 60000, resalePrice: 12000 });
    // A car with this VIN sold here last month by a seller whose account is gone; another seller lists the VIN now.
    const vin = "JTEBU5JR2K5612345";
    await sql(
      `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, is_paid, vin, created_at)
       values (?, 'Sold Earlier', 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2018, '/images/x.jpg', null, 'Former Seller', 'former@example.test', 1, ?, ?)`,
      [crypto.randomUUID(), categoryId, vin, new Date(Date.now() - 30 * 24 * 3600_000).toISOString()],
    );
    const other = await seller("Aaaa Flag Other");
    const relisted = await list(other.token, { vin });

    const flagged = await eventually(
      () => openFlags(cheap),
      (rows) => rows.length === 2,
    );
    expect(flagged.map((row) => row.reason).sort()).toEqual(["new_account_burst", "under_priced"]);
    expect(String(flagged.find((row) => row.reason === "under_priced")!.details)).toMatch(/^\$12,000, \d+ % of the \$[\d,]+ estimate$/);
    await eventually(
      () => openFlags(relisted),
      (rows) => rows.length === 1,
    );
    expect((await openFlags(relisted))[0]).toMatchObject({ reason: "vin_reused" });
    expect(await openFlags(fair)).toEqual([]);
    // Never blocked: the flagged listing is up.
    expect((await request(`/api/products/${relisted}`)).status).toBe(200);

    const flagsPage = await page("/dashboard/flags");
    expect(flagsPage).toContain(`href="/cars/${relisted}"`);
    expect(flagsPage).toContain("VIN listed by another seller");
    const [{ id: flagId }] = await sql("select id from flags where product_id = ?", [relisted]);
    expect(await (await postForm("/dashboard/flags", { intent: "clear", id: String(flagId) }, adminCookie)).text()).toContain("Cleared");
    expect(await openFlags(relisted)).toEqual([]);
    expect(await page("/dashboard/flags")).not.toContain(`href="/cars/${relisted}"`);
    expect(await page("/dashboard/audit")).toContain("Cleared a flag");
    expect((await request("/dashboard/flags", { headers: { cookie: await signIn("seller@autoreseller.test") } })).status).toBe(302);
  });
});
