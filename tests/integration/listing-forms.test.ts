import { beforeAll, describe, expect, it } from "vitest";
import { type CarDetail } from "~/lib/schemas/types";
import { vinCheckDigit } from "~/lib/catalog/vin";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, appUrl, firstCategoryId, register, registerSeller, request, signIn, sql, uniqueEmail, uploadImage } from "./client";

// The seller's listing pages: Add Product with vehicle data and photos (uploaded first, or one file
// without JavaScript), its rules and the VIN note, Edit for the owner only and never for a sold car,
// and My Products showing who booked each car.

let seller: { id: string; email: string; token: string; cookie: string };
let otherSellerCookie: string;
let categoryId: string;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  const email = uniqueEmail("listing-forms");
  const id = await registerSeller({ email, name: "Form Motors" });
  [seller, otherSellerCookie, categoryId, jpeg] = await Promise.all([
    (async () => ({ id, email, token: await accessToken(email), cookie: await signIn(email) }))(),
    signIn("seller2@autoreseller.test"),
    firstCategoryId(),
    renderJpeg(carPhotoSvg({ body: "sedan", color: "#0e7490", seed: 5 })),
  ]);
});

async function photo(): Promise<string> {
  const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", seller.token);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** A North American VIN nobody listed yet, its check digit right. */
function freshVin(): string {
  const serial = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  const vin = `1HGCM826_3A${serial}`;
  return vin.replace("_", vinCheckDigit(vin.replace("_", "0")));
}

type Fields = Record<string, string | string[] | undefined>;

/** Everything the Add Product form asks for, filled in (photos aside). */
function carFields(fields: Fields = {}): Fields {
  return {
    productName: `Form Accord ${crypto.randomUUID().slice(0, 6)}`,
    originalPrice: "12000",
    resalePrice: "9000",
    location: "Dhaka",
    categoryId,
    condition: "Good",
    mobile: "+880 1711-000000",
    productDescription: "Listed through the form in a test.",
    purchaseYear: "2016",
    make: "Honda",
    model: "Accord",
    mileageKm: "84000",
    transmission: "automatic",
    fuel: "petrol",
    colour: "Silver",
    ...fields,
  };
}

/** A form post as the browser sends it: URL-encoded, repeated names for lists. */
function post(path: string, fields: Fields, cookie = seller.cookie) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) body.append(name, one);
  }
  return request(path, { method: "POST", headers: { origin: appUrl, cookie, "content-type": "application/x-www-form-urlencoded" }, body });
}

async function detail(id: string) {
  const response = await request(`/api/products/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as CarDetail;
}

async function idOf(carName: string): Promise<string> {
  const [row] = await sql("select id from products where name = ?", [carName]);
  return row.id as string;
}

/** Lists a car through the form with photos already uploaded; returns its id. */
async function listed(fields: Fields = {}) {
  const form = carFields({ images: [await photo()], smallImages: "", ...fields });
  const response = await post("/dashboard/addproduct", form);
  expect(response.status, await response.clone().text()).toBe(302);
  return idOf(form.productName as string);
}

const editPath = (id: string) => `/dashboard/myproducts/${id}/edit`;

describe("Add Product", () => {
  it("lists a car with its vehicle data and the uploaded photos in the order sent, small copies beside them", async () => {
    const [first, second, third, small] = await Promise.all([photo(), photo(), photo(), photo()]);
    const vin = freshVin();
    const form = carFields({ vin: vin.toLowerCase(), images: [second, third, first], smallImages: ["", small, ""] });
    const response = await post("/dashboard/addproduct", form);
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/myproducts");
    expect(decodeURIComponent(response.headers.getSetCookie().join())).toContain("Product added successfully");

    const id = await idOf(form.productName as string);
    const car = await detail(id);
    expect(car).toMatchObject({ make: "Honda", model: "Accord", mileageKm: 84000, transmission: "automatic", fuel: "petrol" });
    expect(car).toMatchObject({ colour: "Silver", vin, sellerId: seller.id, image: second });
    expect(car.images).toEqual([second, third, first]);
    const smallCopies = await sql("select small_url from product_photos where product_id = ? order by position", [id]);
    expect(smallCopies.map((row) => row.small_url)).toEqual([null, small, null]);
    expect(car.priceHistory.map((entry) => entry.price)).toEqual([9000]);
  });

  it("takes one uploaded photo (a single repeated field) and no VIN", async () => {
    const url = await photo();
    const car = await detail(await listed({ images: url }));
    expect(car.images).toEqual([url]);
    expect(car.vin).toBeNull();
  });

  it("takes one photo file without JavaScript (multipart)", async () => {
    const form = new FormData();
    const fields = carFields();
    for (const [name, value] of Object.entries(fields)) form.append(name, value as string);
    form.append("photo", new File([jpeg], "car.jpg", { type: "image/jpeg" }));
    const response = await request("/dashboard/addproduct", {
      method: "POST",
      headers: { origin: appUrl, cookie: seller.cookie },
      body: form,
    });
    expect(response.status, await response.clone().text()).toBe(302);
    const car = await detail(await idOf(fields.productName as string));
    expect(car.images).toHaveLength(1);
    expect(car.images[0]).toMatch(/^\/images\//);
    expect(car.make).toBe("Honda");
  });

  it("asks for the vehicle data and a photo, each under its field, keeping what was typed; the VIN stays optional", async () => {
    const response = await post(
      "/dashboard/addproduct",
      carFields({ make: "", model: "  ", mileageKm: "", transmission: "", fuel: undefined, colour: "", productName: "Kept Form Name" }),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Make is required",
      "Model is required",
      "Mileage is required",
      "Choose automatic or manual",
      "Choose petrol, diesel, hybrid, electric, CNG or LPG",
      "Colour is required",
      "Photo is required",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="Kept Form Name"');
    expect(html).toContain("VIN (optional)");
    expect(html).not.toMatch(/VIN is required/i);
  });

  it.each([
    ["1HGCM82633AOO4352", "VIN must be 17 letters and digits, without I, O or Q"],
    ["1HGCM8263", "VIN must be 17 letters and digits, without I, O or Q"],
    ["1HGCM82643A004352", "VIN check digit does not match"],
  ])("refuses the VIN %s with the shared message, listing nothing", async (vin, message) => {
    const form = carFields({ vin, images: await photo() });
    const response = await post("/dashboard/addproduct", form);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await sql("select id from products where name = ?", [form.productName as string])).toEqual([]);
  });

  it("notes a VIN of another maker than the make entered, without refusing the car for it", async () => {
    const toyotaVin = "JTDBR32E530012345";
    const refused = await post("/dashboard/addproduct", carFields({ vin: toyotaVin, mobile: "" }));
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("This VIN belongs to a Toyota; check the make or the VIN");
    expect(html).not.toContain("Product added successfully");

    const agreeing = await post("/dashboard/addproduct", carFields({ vin: toyotaVin, make: "Toyota", mobile: "" }));
    expect(await agreeing.text()).not.toContain("This VIN belongs to");

    await sql("update products set is_paid = 1 where vin = ?", [toyotaVin]);
    const id = await listed({ vin: toyotaVin });
    expect((await detail(id)).make).toBe("Honda");
    await sql("update products set is_paid = 1 where id = ?", [id]);
  });
});

describe("Edit a listing", () => {
  it("shows the owner's car filled in, with what cannot change shown apart", async () => {
    const id = await listed({ vin: "JTDBR32E530012399", make: "Honda", colour: "Deep Teal" });
    const response = await request(editPath(id), { headers: { cookie: seller.cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('value="Deep Teal"');
    expect(html).toContain('value="9000"');
    expect(html).toContain("The name, category, purchase year and original price stay as listed");
    expect(html).not.toContain('name="productName"');
    // The stored VIN's maker is not the make: the note shows on the page as served.
    expect(html).toContain("This VIN belongs to a Toyota; check the make or the VIN");
    await sql("update products set is_paid = 1 where id = ?", [id]);
  });

  it("saves the owner's changes: a new price adds to the history, photos reordered with one more", async () => {
    const [cover, other, added] = await Promise.all([photo(), photo(), photo()]);
    const id = await listed({ images: [cover, other], smallImages: ["", ""] });
    const response = await post(
      editPath(id),
      carFields({
        productName: undefined,
        originalPrice: undefined,
        categoryId: undefined,
        purchaseYear: undefined,
        resalePrice: "8500",
        colour: "Red",
        images: [other, added, cover],
      }),
    );
    expect(response.status, await response.clone().text()).toBe(302);
    expect(response.headers.get("location")).toBe("/dashboard/myproducts");
    expect(decodeURIComponent(response.headers.getSetCookie().join())).toContain("Listing updated");

    const car = await detail(id);
    expect(car).toMatchObject({ resalePrice: 8500, colour: "Red", image: other, images: [other, added, cover] });
    expect(car.priceHistory.map((entry) => entry.price)).toEqual([9000, 8500]);
  });

  it("adds one photo file without JavaScript after the photos kept", async () => {
    const kept = await photo();
    const id = await listed({ images: kept });
    const form = new FormData();
    for (const [name, value] of Object.entries(carFields({ images: kept }))) form.append(name, value as string);
    form.append("photo", new File([jpeg], "more.jpg", { type: "image/jpeg" }));
    const response = await request(editPath(id), { method: "POST", headers: { origin: appUrl, cookie: seller.cookie }, body: form });
    expect(response.status, await response.clone().text()).toBe(302);
    const car = await detail(id);
    expect(car.images).toHaveLength(2);
    expect(car.images[0]).toBe(kept);
  });

  it("is refused to another seller (403), changing nothing", async () => {
    const id = await listed();
    const page = await request(editPath(id), { headers: { cookie: otherSellerCookie } });
    expect(page.status).toBe(403);
    const response = await post(editPath(id), carFields({ resalePrice: "1", images: await photo() }), otherSellerCookie);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You can only change your own products");
    expect((await detail(id)).resalePrice).toBe(9000);
  });

  it("is refused for a sold car: the page says so and a post answers 409", async () => {
    const url = await photo();
    const id = await listed({ images: url });
    await sql("update products set is_paid = 1 where id = ?", [id]);
    const page = await request(editPath(id), { headers: { cookie: seller.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This car is sold and cannot be changed.");
    expect(html).not.toContain("Save changes");
    const response = await post(editPath(id), carFields({ resalePrice: "100", images: url }));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This car is sold and can no longer be changed");
    expect((await detail(id)).resalePrice).toBe(9000);
  });

  it("answers 404 for an unknown car", async () => {
    expect((await request(editPath(crypto.randomUUID()), { headers: { cookie: seller.cookie } })).status).toBe(404);
  });
});

describe("My Products", () => {
  it("shows who booked each car, with a phone link and the meeting place, and an Edit link for unsold cars", async () => {
    const id = await listed({ productName: "Booked Form Car" });
    const buyerEmail = uniqueEmail("listing-buyer");
    const buyerId = await register({ email: buyerEmail, name: "Rahim Uddin" });
    await sql(
      `insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, paid, created_at)
       values (?, ?, ?, 'Rahim Uddin', ?, '+880 1811-222333', 'Gulshan 2 circle', 0, ?),
              (?, ?, null, 'Karim Paid', 'karim@example.test', '01911 444555', 'Banani', 1, ?)`,
      [crypto.randomUUID(), id, buyerId, buyerEmail, new Date().toISOString(), crypto.randomUUID(), id, new Date().toISOString()],
    );
    const html = await (await request("/dashboard/myproducts", { headers: { cookie: seller.cookie } })).text();
    expect(html).toContain("2 bookings");
    for (const text of [
      "Rahim Uddin",
      'href="tel:+8801811222333"',
      "Gulshan 2 circle",
      "(not paid yet)",
      "Karim Paid",
      "(paid)",
      "Banani",
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(`href="/dashboard/myproducts/${id}/edit"`);

    await sql("update products set is_paid = 1 where id = ?", [id]);
    const sold = await (await request("/dashboard/myproducts", { headers: { cookie: seller.cookie } })).text();
    expect(sold).not.toContain(`href="/dashboard/myproducts/${id}/edit"`);
    expect(sold).toContain("Karim Paid");
    expect(sold).not.toContain("Rahim Uddin");
  });
});
