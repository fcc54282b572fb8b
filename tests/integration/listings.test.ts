import { beforeAll, describe, expect, it } from "vitest";
import { type CarDetail, type SellerProfile } from "~/lib/schemas/types";
import { vinCheckDigit } from "~/lib/catalog/vin";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, firstCategoryId, register, registerSeller, request, sql, uniqueEmail, uploadImage } from "./client";

// The contract's extended listing rows ("Product, extended"): vehicle data and its rules, several
// photos with a cover, a car's own answer with its price history and VIN decode, the owner's
// changes, and seller profiles.

let seller: { id: string; token: string };
let otherSellerToken: string;
let buyerToken: string;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  const email = uniqueEmail("listings");
  seller = { id: await registerSeller({ email, name: "Listing Motors" }), token: "" };
  seller.token = await accessToken(email);
  otherSellerToken = await accessToken("seller2@autoreseller.test");
  buyerToken = await accessToken("buyer@autoreseller.test");
  jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#1d4ed8", seed: 3 }));
});

async function photo(token = seller.token) {
  const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", token);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** A North American VIN nobody listed yet, with its check digit right. */
function freshVin(): string {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  const vin = `1HGCM826_3A${serial}`;
  return vin.replace("_", vinCheckDigit(vin.replace("_", "0")));
}

async function listing(fields: Record<string, unknown> = {}) {
  return {
    productName: "Honda Accord 2003",
    originalPrice: 9000,
    resalePrice: 6500,
    location: "Dhaka",
    categoryId: await firstCategoryId(),
    condition: "Good",
    mobile: "+880 1711-000000",
    productDescription: "Well kept, one owner.",
    purchaseYear: 2003,
    ...fields,
  };
}

const add = async (fields: Record<string, unknown> = {}, token = seller.token) =>
  apiJson("/api/products/add", await listing({ image: await photo(token), ...fields }), { token });

async function addedId(fields: Record<string, unknown> = {}) {
  const response = await add(fields);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function detail(id: string) {
  const response = await request(`/api/products/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CarDetail;
}

const patch = (id: string, body: unknown, token = seller.token) => apiJson(`/api/products/${id}`, body, { method: "PATCH", token });

async function issuesOf(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { issues: { path: string; message: string }[] }).issues;
}

describe("a listing's photos", () => {
  it("are its seller's own uploads: another seller's (multipart or direct) answers 404 naming the photo, listing nothing", async () => {
    const othersToken = await accessToken("seller2@autoreseller.test");
    const multipart = await photo(othersToken);
    const started = (await (
      await apiJson("/api/images/uploads", { contentType: "image/jpeg", size: jpeg.length }, { token: othersToken })
    ).json()) as { key: string; uploadUrl: string; headers: Record<string, string> };
    const { "Content-Length": _length, ...headers } = started.headers;
    expect((await fetch(started.uploadUrl, { method: "PUT", headers, body: jpeg })).status).toBe(200);
    const completed = await request(`/api/images/uploads/${started.key}/complete`, {
      method: "POST",
      headers: { authorization: `Bearer ${othersToken}` },
    });
    const direct = ((await completed.json()) as { data: { url: string } }).data.url;

    for (const [label, fields] of [
      ["multipart", { image: multipart }],
      ["direct", { images: [await photo(), direct] }],
    ] as const) {
      const carName = `Borrowed Photos ${label} ${crypto.randomUUID().slice(0, 6)}`;
      const response = await apiJson("/api/products/add", await listing({ productName: carName, ...fields }), { token: seller.token });
      expect(response.status, label).toBe(404);
      expect(((await response.json()) as { message: string }).message).toContain(label === "multipart" ? multipart : direct);
      expect(await sql("select id from products where name = ?", [carName])).toHaveLength(0);
    }
    const id = await addedId();
    const changed = await patch(id, { images: [direct] });
    expect(changed.status).toBe(404);
    expect((await detail(id)).images).not.toContain(direct);
  });
});

describe("vehicle data on a listing", () => {
  it("is stored and answered; the VIN upper-cased; unknown fields null for a listing without them", async () => {
    const vin = freshVin();
    const id = await addedId({
      make: "Honda",
      model: "Accord",
      mileageKm: 182000,
      transmission: "automatic",
      fuel: "petrol",
      colour: "Silver",
      vin: vin.toLowerCase(),
    });
    const car = await detail(id);
    expect(car).toMatchObject({ make: "Honda", model: "Accord", mileageKm: 182000, transmission: "automatic", fuel: "petrol" });
    expect(car).toMatchObject({ colour: "Silver", vin, sellerId: seller.id, priceRating: null, updatedAt: car.createdDate });

    const basic = await detail(await addedId());
    expect(basic).toMatchObject({ make: null, model: null, mileageKm: null, transmission: null, fuel: null, colour: null, vin: null });
    expect(basic.vinDecoded).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["an unknown transmission", { transmission: "cvt" }, "transmission", "Choose automatic or manual"],
    ["an unknown fuel", { fuel: "steam" }, "fuel", "Choose petrol, diesel, hybrid, electric, CNG or LPG"],
    ["a negative mileage", { mileageKm: -1 }, "mileageKm", "Mileage cannot be negative"],
    ["a mileage past 2,000,000 km", { mileageKm: 2_000_001 }, "mileageKm", "Mileage must be at most 2,000,000 km"],
    ["a fractional mileage", { mileageKm: 10.5 }, "mileageKm", "Use a whole number of kilometres"],
    ["a make of 41 characters", { make: "M".repeat(41) }, "make", "Use at most 40 characters"],
    ["a blank model", { model: "   " }, "model", "Use 1 to 60 characters"],
    ["a colour of 31 characters", { colour: "c".repeat(31) }, "colour", "Use at most 30 characters"],
    ["a VIN with an O", { vin: "1HGCM82633AOO4352" }, "vin", "VIN must be 17 letters and digits, without I, O or Q"],
    ["a VIN of 16 characters", { vin: "1HGCM82633A00435" }, "vin", "VIN must be 17 letters and digits, without I, O or Q"],
    ["a North American VIN with a wrong check digit", { vin: "1HGCM82643A004352" }, "vin", "VIN check digit does not match"],
  ])("refuses %s with an issue on that field, storing nothing", async (_, fields, path, message) => {
    const before = await sql("select count(*) as n from products where seller_id = ?", [seller.id]);
    expect(await issuesOf(await add(fields))).toContainEqual({ path, message });
    expect(await sql("select count(*) as n from products where seller_id = ?", [seller.id])).toEqual(before);
  });

  it("accepts real VINs: check digits of North American ones, none needed elsewhere", async () => {
    await sql("update products set is_paid = 1 where vin in ('1HGCM82633A004352', '1M8GDM9AXKP042788', 'WVWZZZ1JZXW000001')");
    for (const vin of ["1HGCM82633A004352", "1M8GDM9AXKP042788", "WVWZZZ1JZXW000001"]) {
      const car = await detail(await addedId({ vin }));
      expect(car.vin).toBe(vin);
      await sql("update products set is_paid = 1 where id = ?", [car._id]);
    }
  });

  it("keeps one unsold listing per VIN: 409 for a second, allowed again once the first is sold", async () => {
    const vin = freshVin();
    const first = await addedId({ vin });
    const second = await add({ vin });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ message: "This VIN is already listed" });
    const other = await addedId({ vin: freshVin() });
    expect((await patch(other, { vin })).status).toBe(409);
    await sql("update products set is_paid = 1 where id = ?", [first]);
    expect((await add({ vin })).status).toBe(201);
  });

  it("decodes the VIN on the car's answer", async () => {
    await sql("update products set is_paid = 1 where vin = '1HGCM82633A004352'");
    const car = await detail(await addedId({ vin: "1HGCM82633A004352" }));
    expect(car.vinDecoded).toMatchObject({ region: "North America", modelYear: 2003 });
    expect(car.vinDecoded?.manufacturer).toMatch(/Honda/);
    await sql("update products set is_paid = 1 where id = ?", [car._id]);
  });
});

describe("several photos", () => {
  it("keeps `images` in the order sent, the first as the cover `image`", async () => {
    const urls = [await photo(), await photo(), await photo()];
    const car = await detail(await addedId({ image: undefined, images: urls }));
    expect(car.images).toEqual(urls);
    expect(car.image).toBe(urls[0]);
    expect(car).not.toHaveProperty("photos");
    // Each photo's size is kept for layout.
    const sizes = await sql("select url, width, height from product_photos where product_id = ? order by position", [car._id]);
    expect(sizes.map((row) => row.url)).toEqual(urls);
    for (const row of sizes) expect(row).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
  });

  it("lets `images` replace `image`, and makes `[image]` of a lone image", async () => {
    const [lone, replacing] = [await photo(), await photo()];
    expect((await detail(await addedId({ image: lone, images: [replacing] }))).images).toEqual([replacing]);
    expect((await detail(await addedId({ image: lone }))).images).toEqual([lone]);
  });

  it("refuses no photo, eleven photos, a photo twice and one the app never issued", async () => {
    const url = await photo();
    expect(await issuesOf(await add({ image: undefined }))).toContainEqual({ path: "image", message: "Photo is required" });
    expect(await issuesOf(await add({ images: [] }))).toContainEqual({ path: "images", message: "Photo is required" });
    const eleven = await Promise.all(Array.from({ length: 11 }, photo));
    expect(await issuesOf(await add({ images: eleven }))).toContainEqual({ path: "images", message: "Use at most 10 photos" });
    expect(await issuesOf(await add({ images: [url, url] }))).toContainEqual({ path: "images", message: "Each photo can be used once" });
    expect(await issuesOf(await add({ images: [url, "/images/never-issued-0001.jpg"] }))).toContainEqual({
      path: "images",
      message: "Upload each photo with POST /api/images and send the url it returns",
    });
  });
});

describe("GET /api/products/:id", () => {
  it("answers any car to anyone, sold ones too, and 404 for unknown ids", async () => {
    const id = await addedId();
    await sql("update products set is_paid = 1 where id = ?", [id]);
    expect(await detail(id)).toMatchObject({ _id: id, isPaid: true });
    const unknown = await request(`/api/products/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Product not found" });
  });
});

describe("PATCH /api/products/:id", () => {
  it("lets the owner change the price (kept in the history, oldest first), the vehicle data and the photos' order", async () => {
    const urls = [await photo(), await photo()];
    const id = await addedId({ image: undefined, images: urls, resalePrice: 7000 });
    for (const resalePrice of [6800, 6400]) {
      const response = await patch(id, { resalePrice });
      expect(await response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    }
    expect((await patch(id, { images: [urls[1], urls[0]], mileageKm: 150000, fuel: "hybrid" })).status).toBe(200);
    const car = await detail(id);
    expect(car).toMatchObject({ resalePrice: 6400, mileageKm: 150000, fuel: "hybrid", image: urls[1], images: [urls[1], urls[0]] });
    expect(car.priceHistory.map((entry) => entry.price)).toEqual([7000, 6800, 6400]);
    expect(car.updatedAt >= car.createdDate).toBe(true);
  });

  it("refuses other sellers (403), buyers (403), anonymous callers (401) and unknown cars (404), changing nothing", async () => {
    const id = await addedId();
    expect((await patch(id, { resalePrice: 1 }, otherSellerToken)).status).toBe(403);
    expect((await patch(id, { resalePrice: 1 }, buyerToken)).status).toBe(403);
    expect(
      (await request(`/api/products/${id}`, { method: "PATCH", body: "{}", headers: { "content-type": "application/json" } })).status,
    ).toBe(401);
    expect((await patch(crypto.randomUUID(), { resalePrice: 1 })).status).toBe(404);
    expect((await detail(id)).priceHistory).toHaveLength(1);
  });

  it("refuses a sold car (409), bad values (400) and an empty change (400)", async () => {
    const id = await addedId();
    expect(await issuesOf(await patch(id, { resalePrice: 0 }))).toContainEqual({
      path: "resalePrice",
      message: "The price must be at least $1",
    });
    expect(await issuesOf(await patch(id, { transmission: "cvt" }))).toContainEqual({
      path: "transmission",
      message: "Choose automatic or manual",
    });
    expect((await patch(id, {})).status).toBe(400);
    await sql("update products set is_paid = 1 where id = ?", [id]);
    const sold = await patch(id, { resalePrice: 100 });
    expect(sold.status).toBe(409);
    expect(await sold.json()).toEqual({ message: "This car is sold and can no longer be changed" });
    expect((await detail(id)).resalePrice).toBe(6500);
  });
});

describe("GET /api/sellers/:id", () => {
  it("shows a seller's public profile with cars for sale and sold", async () => {
    const email = uniqueEmail("profile");
    const id = await registerSeller({ email, name: "Profile Cars" });
    const token = await accessToken(email);
    const listed: string[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await add({}, token);
      expect(response.status, await response.clone().text()).toBe(201);
      listed.push(((await response.json()) as { insertedId: string }).insertedId);
    }
    await sql("update products set is_paid = 1 where id = ?", [listed[0]]);
    const response = await request(`/api/sellers/${id}`);
    expect(response.status).toBe(200);
    const profile = (await response.json()) as SellerProfile;
    expect(profile).toEqual({
      _id: id,
      name: "Profile Cars",
      verify: false,
      memberSince: expect.any(String),
      forSale: 2,
      sold: 1,
      rating: { average: null, count: 0 },
    });
  });

  it("is 404 for unknown ids and for accounts that are not sellers", async () => {
    const buyer = await register({ email: uniqueEmail("not-a-seller") });
    for (const id of [crypto.randomUUID(), buyer]) {
      const response = await request(`/api/sellers/${id}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Seller not found" });
    }
  });
});
