import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import {
  accessToken,
  apiJson,
  database,
  firstCategoryId,
  postForm,
  registerSeller,
  request,
  signIn,
  uniqueEmail,
  uploadImage,
} from "./client";

let sellerToken: string;
let otherSellerToken: string;
let buyerToken: string;
let adminToken: string;
let sellerEmail: string;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  sellerEmail = uniqueEmail("lister");
  await registerSeller({ email: sellerEmail, name: "Lister Motors" });
  sellerToken = await accessToken(sellerEmail);
  otherSellerToken = await accessToken("seller2@autoreseller.test");
  buyerToken = await accessToken("buyer@autoreseller.test");
  adminToken = await accessToken("admin@autoreseller.test");
  jpeg = await renderJpeg(carPhotoSvg({ body: "coupe", color: "#0f766e", seed: 7 }));
});

async function uploadedUrl(token = sellerToken) {
  const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", token);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

async function addCar(fields: Record<string, unknown> = {}, token = sellerToken) {
  return apiJson(
    "/api/products/add",
    {
      productName: "Test Coupe 2019",
      originalPrice: 20000,
      resalePrice: 15000,
      location: "Dhaka",
      categoryId: await firstCategoryId(),
      condition: "Good",
      mobile: "+880 1711-000000",
      productDescription: "A tidy coupe with full service history.",
      purchaseYear: 2019,
      image: await uploadedUrl(),
      ...fields,
    },
    { token },
  );
}

async function newCarId(fields: Record<string, unknown> = {}) {
  const response = await addCar(fields);
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function markSold(carId: string) {
  const db = database();
  await db.execute({ sql: "update products set is_paid = 1 where id = ?", args: [carId] });
  db.close();
}

describe("photo upload", () => {
  it("stores a JPEG and serves exactly its bytes with the right headers", async () => {
    const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", sellerToken);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; data: { url: string } };
    expect(body).toEqual({ success: true, data: { url: expect.stringMatching(/^\/images\/[\w-]+\.jpg$/) } });
    const served = await request(body.data.url);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpeg);
  });

  it("judges by content: a text file named .png and an SVG are 415, a 6 MiB file is 413", async () => {
    const text = await uploadImage(new TextEncoder().encode("just some text pretending"), "photo.png", "image/png", sellerToken);
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ message: "The photo must be a JPEG, PNG, WebP or AVIF image" });

    const svg = await uploadImage(
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      "x.svg",
      "image/svg+xml",
      sellerToken,
    );
    expect(svg.status).toBe(415);

    const huge = new Uint8Array(6 * 1024 * 1024);
    huge.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooLarge = await uploadImage(huge, "huge.jpg", "image/jpeg", sellerToken);
    expect(tooLarge.status).toBe(413);
  });

  it("is for sellers and admins only", async () => {
    expect((await uploadImage(jpeg, "car.jpg", "image/jpeg", buyerToken)).status).toBe(403);
    expect((await request("/api/images", { method: "POST", body: new FormData() })).status).toBe(401);
    expect((await uploadImage(jpeg, "car.jpg", "image/jpeg", adminToken)).status).toBe(201);
  });
});

describe("adding products through the API", () => {
  it("lets the server set seller, email, date and flags", async () => {
    const before = Date.now();
    const id = await newCarId({
      seller: "Someone Else",
      email: "x@evil.test",
      isAdvertised: true,
      isPaid: true,
      createdDate: "1999-01-01",
    });
    const cars = (await (
      await request(`/api/products/seller/${sellerEmail}`, { headers: { authorization: `Bearer ${sellerToken}` } })
    ).json()) as Car[];
    const car = cars.find((candidate) => candidate._id === id)!;
    expect(car).toMatchObject({
      seller: "Lister Motors",
      email: sellerEmail,
      isAdvertised: false,
      isPaid: false,
      sellerVerified: false,
    });
    expect(new Date(car.createdDate).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("answers field problems with the spec's messages", async () => {
    const response = await apiJson("/api/products/add", {}, { token: sellerToken });
    expect(response.status).toBe(400);
    const { issues } = (await response.json()) as { issues: { path: string; message: string }[] };
    expect(Object.fromEntries(issues.map((issue) => [issue.path, issue.message]))).toMatchObject({
      productName: "Name is Required",
      originalPrice: "Original price is required",
      resalePrice: "Resale price is required",
      mobile: "Mobile number is required",
      productDescription: "Product Description is required",
      purchaseYear: "Purchase's Year is required",
      image: "Photo is required",
    });
  });

  it("refuses unknown categories, foreign photo URLs and non-sellers", async () => {
    const unknown = await addCar({ categoryId: "no-such-category" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Category not found" });
    expect((await addCar({ image: "https://elsewhere.example/car.jpg" })).status).toBe(400);
    expect((await addCar({ image: "/images/00000000-0000-0000-0000-000000000000.jpg" })).status).toBe(400);
    expect((await addCar({}, buyerToken)).status).toBe(403);
    expect((await addCar({ purchaseYear: new Date().getUTCFullYear() + 1 })).status).toBe(400);
  });
});

describe("advertising and deleting", () => {
  it("advertises once, showing the car on Home at once", async () => {
    const id = await newCarId({ productName: `Advertised Car ${Date.now()}` });
    const advertise = () =>
      request(`/api/products/advertisement/${id}`, { method: "PATCH", headers: { authorization: `Bearer ${sellerToken}` } });
    expect(await (await advertise()).json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect(await (await advertise()).json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const advertised = (await (await request("/api/products/advertisement")).json()) as Car[];
    expect(advertised.map((car) => car._id)).toContain(id);
  });

  it("refuses another seller's car (403) and sold cars (409)", async () => {
    const id = await newCarId();
    const asOther = { headers: { authorization: `Bearer ${otherSellerToken}` } };
    expect((await request(`/api/products/advertisement/${id}`, { method: "PATCH", ...asOther })).status).toBe(403);
    expect((await request(`/api/products/${id}`, { method: "DELETE", ...asOther })).status).toBe(403);

    await markSold(id);
    const asOwner = { headers: { authorization: `Bearer ${sellerToken}` } };
    expect((await request(`/api/products/advertisement/${id}`, { method: "PATCH", ...asOwner })).status).toBe(409);
    expect((await request(`/api/products/${id}`, { method: "DELETE", ...asOwner })).status).toBe(409);
    expect((await request(`/api/products/${id}`, { method: "DELETE", headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(
      409,
    );
  });

  it("deletes the owner's unsold car, and admins may too", async () => {
    const mine = await newCarId();
    expect(
      await (await request(`/api/products/${mine}`, { method: "DELETE", headers: { authorization: `Bearer ${sellerToken}` } })).json(),
    ).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await request(`/api/products/${mine}`, { method: "DELETE", headers: { authorization: `Bearer ${sellerToken}` } })).status).toBe(
      404,
    );
    const another = await newCarId();
    expect(
      (await request(`/api/products/${another}`, { method: "DELETE", headers: { authorization: `Bearer ${adminToken}` } })).status,
    ).toBe(200);
  });

  it("lists a seller's products to that seller or an admin only", async () => {
    const path = `/api/products/seller/${sellerEmail}`;
    expect((await request(path, { headers: { authorization: `Bearer ${sellerToken}` } })).status).toBe(200);
    expect((await request(path, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(200);
    expect((await request(path, { headers: { authorization: `Bearer ${otherSellerToken}` } })).status).toBe(403);
    expect((await request(path, { headers: { authorization: `Bearer ${buyerToken}` } })).status).toBe(403);
  });
});

describe("category pages and API", () => {
  it("need sign-in, list only unsold cars newest first, and 404 for unknown categories", async () => {
    const categoryId = await firstCategoryId();
    expect((await request(`/category/${categoryId}`)).status).toBe(302);
    expect((await request(`/api/categories/${categoryId}`)).status).toBe(401);

    const sold = await newCarId({ productName: "Sold Away 2015" });
    await markSold(sold);
    const fresh = await newCarId({ productName: "Fresh Listing 2020" });
    const cars = (await (
      await request(`/api/categories/${categoryId}`, { headers: { authorization: `Bearer ${buyerToken}` } })
    ).json()) as Car[];
    expect(cars[0]._id).toBe(fresh);
    expect(cars.some((car) => car._id === sold)).toBe(false);
    expect(cars.every((car) => car.categoryId === categoryId && !car.isPaid)).toBe(true);

    const cookie = await signIn("buyer@autoreseller.test");
    const html = await (await request(`/category/${categoryId}`, { headers: { cookie } })).text();
    expect(html).toContain("Fresh Listing 2020");
    expect(html).not.toContain("Sold Away 2015");
    expect(html).toContain("Book Now");
    expect(html).toContain("Report this item");

    const missing = await request("/category/no-such-category", { headers: { cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Sorry, we couldn&#x27;t find this page.");
    expect((await request("/api/categories/no-such-category", { headers: { authorization: `Bearer ${buyerToken}` } })).status).toBe(404);
  });

  it("answer the very cars the search finds for the category, newest first, page after page", async () => {
    const { facets } = (await (await request("/api/products?limit=1")).json()) as { facets: { categoryId: { value: string }[] } };
    const categoryId = facets.categoryId[0].value; // the category with the most cars for sale
    const auth = { headers: { authorization: `Bearer ${buyerToken}` } };
    for (const page of [1, 2]) {
      const fromCategory = (await (await request(`/api/categories/${categoryId}?limit=7&page=${page}`, auth)).json()) as Car[];
      const searched = (await (await request(`/api/products?categoryId=${categoryId}&sort=newest&limit=7&page=${page}`)).json()) as {
        data: Car[];
      };
      expect(fromCategory.map((car) => car._id)).toEqual(searched.data.map((car) => car._id));
      expect(fromCategory).toHaveLength(7);
    }
  });

  it("says so when a category has no cars", async () => {
    const db = database();
    const id = crypto.randomUUID();
    await db.execute({
      sql: "insert into categories (id, name, image, created_at) values (?, ?, '/images/x', ?)",
      args: [id, `Empty ${id}`, new Date().toISOString()],
    });
    db.close();
    const cookie = await signIn("buyer@autoreseller.test");
    expect(await (await request(`/category/${id}`, { headers: { cookie } })).text()).toContain("No car Available for this category");
  });
});

describe("seller pages", () => {
  it("keep buyers away from Add Product and My Products", async () => {
    const cookie = await signIn("buyer@autoreseller.test");
    for (const path of ["/dashboard/addproduct", "/dashboard/myproducts"]) {
      const response = await request(path, { headers: { cookie } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toMatch(/^\/login\?redirectTo=.*denied=1$/);
    }
  });

  it("Add Product shows each field's message and keeps what was typed", async () => {
    const cookie = await signIn(sellerEmail);
    const form = new FormData();
    form.append("productName", "Kept Name");
    const response = await request("/dashboard/addproduct", {
      method: "POST",
      headers: { cookie, origin: new URL((await request("/")).url).origin },
      body: form,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Original price is required",
      "Resale price is required",
      "Mobile number is required",
      "Product Description is required",
      "Purchase&#x27;s Year is required",
      "Photo is required",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).toContain('value="Kept Name"');
  });

  it("Add Product refuses a file that is not an image, under the photo field, keeping the form", async () => {
    const cookie = await signIn(sellerEmail);
    const form = carForm(await firstCategoryId());
    form.set("photo", new Blob(["not an image"], { type: "image/png" }), "fake.png");
    const response = await request("/dashboard/addproduct", {
      method: "POST",
      headers: { cookie, origin: new URL((await request("/")).url).origin },
      body: form,
    });
    expect(response.status).toBe(415);
    const html = await response.text();
    expect(html).toContain("The photo must be a JPEG, PNG, WebP or AVIF image");
    expect(html).toContain('value="Form Car 2018"');
  });

  it("Add Product lists the car and My Products advertises and deletes it after confirmation", async () => {
    const cookie = await signIn(sellerEmail);
    const origin = new URL((await request("/")).url).origin;
    const name = `Form Car ${Date.now()}`;
    const form = carForm(await firstCategoryId(), name);
    form.set("photo", new Blob([jpeg], { type: "image/jpeg" }), "car.jpg");
    const added = await request("/dashboard/addproduct", { method: "POST", headers: { cookie, origin }, body: form });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe("/dashboard/myproducts");
    expect(decodeURIComponent(added.headers.getSetCookie().join())).toContain("Product added successfully");

    const page = await (await request("/dashboard/myproducts", { headers: { cookie } })).text();
    expect(page).toMatch(/Total Products: <!-- -->\d+/);
    expect(page).toContain(name);
    const cars = (await (
      await request(`/api/products/seller/${sellerEmail}`, { headers: { authorization: `Bearer ${sellerToken}` } })
    ).json()) as Car[];
    const id = cars.find((car) => car.productName === name)!._id;

    const advertised = await postForm("/dashboard/myproducts", { intent: "advertise", id }, cookie);
    expect(await advertised.text()).toContain("Added to the advertisement card successfully");
    expect(await (await request("/")).text()).toContain(name);

    const confirm = await (await request(`/dashboard/myproducts?confirm=${id}`, { headers: { cookie } })).text();
    expect(confirm).toContain("Are you sure?");
    expect(confirm).toContain("You won&#x27;t be able to revert this!");
    const deleted = await postForm(`/dashboard/myproducts?confirm=${id}`, { intent: "delete", id }, cookie);
    const deletedHtml = await deleted.text();
    expect(deletedHtml).toContain("Deleted!");
    expect(deletedHtml).toContain("Your file has been deleted.");
    expect(deletedHtml).not.toContain(name);
  });

  it("My Products refuses another seller's car", async () => {
    const id = await newCarId();
    const cookie = await signIn("seller2@autoreseller.test");
    const response = await postForm("/dashboard/myproducts", { intent: "delete", id }, cookie);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("You can only change your own products");
  });
});

function carForm(categoryId: string, name = "Form Car 2018") {
  const form = new FormData();
  for (const [key, value] of Object.entries({
    productName: name,
    originalPrice: "18000",
    resalePrice: "14000",
    location: "Sylhet",
    categoryId,
    condition: "Excellent",
    mobile: "01711 222333",
    productDescription: "Added through the form in a test.",
    purchaseYear: "2018",
    make: "Toyota",
    model: "Corolla",
    mileageKm: "64000",
    transmission: "automatic",
    fuel: "petrol",
    colour: "White",
  })) {
    form.set(key, value);
  }
  return form;
}
