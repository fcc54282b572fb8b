import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, appUrl, register, request, signIn, sql, uniqueEmail, uploadImage } from "./client";

// Every endpoint of the API, walked as each kind of caller. A new endpoint in the OpenAPI
// document without a row here fails this test.

type Caller = "anonymous" | "buyer" | "owner" | "otherSeller" | "admin";
const CALLERS: Caller[] = ["anonymous", "buyer", "owner", "otherSeller", "admin"];
interface Credentials {
  email: string;
  token: string;
  cookie: string;
}
interface Call {
  path: string;
  body?: unknown;
  form?: FormData;
  useCookie?: boolean;
}

let callers: Record<Exclude<Caller, "anonymous">, Credentials>;
let categoryId: string;
let jpeg: Uint8Array<ArrayBuffer>;

async function credentials(email: string, accountType?: string): Promise<Credentials> {
  if (accountType) await register({ email, accountType });
  return { email, token: await accessToken(email), cookie: await signIn(email) };
}

beforeAll(async () => {
  callers = {
    buyer: await credentials(uniqueEmail("m-buyer"), "buyer"),
    owner: await credentials(uniqueEmail("m-owner"), "seller"),
    otherSeller: await credentials(uniqueEmail("m-other"), "seller"),
    admin: await credentials("admin@autoreseller.test"),
  };
  categoryId = ((await (await request("/api/categories")).json()) as { _id: string }[])[0]._id;
  jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#475569", seed: 11 }));
});

/** A fresh car of the owner (so deletes and bookings never collide). */
async function ownersCar(): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     values (?, 'Matrix Car', 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', (select id from users where email = ?), 'Owner', ?, ?)`,
    [id, categoryId, callers.owner.email, callers.owner.email, new Date().toISOString()],
  );
  return id;
}

async function buyersBooking(): Promise<string> {
  const response = await apiJson("/api/bookings", { product_id: await ownersCar(), phone: "1", meetingLocation: "x" }, { token: callers.buyer.token });
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function freshUser(accountType: "seller" | "buyer"): Promise<string> {
  return register({ email: uniqueEmail(`m-victim-${accountType}`), accountType });
}

async function uploadedUrl(): Promise<string> {
  const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", callers.owner.token);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

const product = async () => ({
  productName: "Matrix Listed", originalPrice: 100, resalePrice: 90, location: "Dhaka", categoryId,
  condition: "Good", mobile: "01711 000000", productDescription: "d", purchaseYear: 2020, image: await uploadedUrl(),
});

function photoForm() {
  const form = new FormData();
  form.append("image", new Blob([jpeg], { type: "image/jpeg" }), "car.jpg");
  return form;
}

const all = (status: number): Record<Caller, number> => ({ anonymous: status, buyer: status, owner: status, otherSeller: status, admin: status });
const signedIn = (status: number): Record<Caller, number> => ({ ...all(status), anonymous: 401 });
const adminOnly = (status: number): Record<Caller, number> => ({ anonymous: 401, buyer: 403, owner: 403, otherSeller: 403, admin: status });

interface Row {
  expected: Record<Caller, number>;
  call: (caller: Caller) => Promise<Call>;
}

const MATRIX: Record<string, Row> = {
  "GET /health": { expected: all(200), call: async () => ({ path: "/api/health" }) },
  "GET /openapi.json": { expected: all(200), call: async () => ({ path: "/api/openapi.json" }) },
  "GET /reference": { expected: all(200), call: async () => ({ path: "/api/reference" }) },
  "POST /users": { expected: all(201), call: async () => ({ path: "/api/users", body: { name: "N", email: uniqueEmail("m-new"), password: "Secret1!" } }) },
  "POST /jwt": { expected: all(200), call: async () => ({ path: "/api/jwt", body: { email: "buyer2@autoreseller.test", password: "Passw0rd!" } }) },
  "GET /jwt": {
    expected: signedIn(200),
    call: async (caller) => ({ path: `/api/jwt?email=${encodeURIComponent(caller === "anonymous" ? "x@y.test" : callers[caller].email)}`, useCookie: true }),
  },
  "GET /users/admin/{email}": { expected: { anonymous: 401, buyer: 200, owner: 403, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/users/admin/${callers.buyer.email}` }) },
  "GET /users/buyer/{email}": { expected: { anonymous: 401, buyer: 200, owner: 403, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/users/buyer/${callers.buyer.email}` }) },
  "GET /users/seller/{email}": { expected: { anonymous: 401, buyer: 403, owner: 200, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/users/seller/${callers.owner.email}` }) },
  "GET /users/sellers": { expected: adminOnly(200), call: async () => ({ path: "/api/users/sellers" }) },
  "GET /users/buyers": { expected: adminOnly(200), call: async () => ({ path: "/api/users/buyers" }) },
  "DELETE /users/seller/{id}": { expected: adminOnly(200), call: async () => ({ path: `/api/users/seller/${await freshUser("seller")}` }) },
  "DELETE /users/buyer/{id}": { expected: adminOnly(200), call: async () => ({ path: `/api/users/buyer/${await freshUser("buyer")}` }) },
  "PATCH /users/verify-seller/{id}": { expected: adminOnly(200), call: async () => ({ path: `/api/users/verify-seller/${await freshUser("seller")}` }) },
  "GET /categories": { expected: all(200), call: async () => ({ path: "/api/categories" }) },
  "GET /categories/{id}": { expected: signedIn(200), call: async () => ({ path: `/api/categories/${categoryId}` }) },
  "POST /categories/add": { expected: adminOnly(201), call: async () => ({ path: "/api/categories/add", body: { categoryName: `Matrix ${crypto.randomUUID()}`, image: await uploadedUrl() } }) },
  "GET /products/advertisement": { expected: all(200), call: async () => ({ path: "/api/products/advertisement" }) },
  "GET /products/seller/{email}": { expected: { anonymous: 401, buyer: 403, owner: 200, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/products/seller/${callers.owner.email}` }) },
  "POST /products/add": { expected: { anonymous: 401, buyer: 403, owner: 201, otherSeller: 201, admin: 403 }, call: async () => ({ path: "/api/products/add", body: await product() }) },
  "PATCH /products/advertisement/{id}": { expected: { anonymous: 401, buyer: 403, owner: 200, otherSeller: 403, admin: 403 }, call: async () => ({ path: `/api/products/advertisement/${await ownersCar()}` }) },
  "DELETE /products/{id}": { expected: { anonymous: 401, buyer: 403, owner: 200, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/products/${await ownersCar()}` }) },
  "POST /images": { expected: { anonymous: 401, buyer: 403, owner: 201, otherSeller: 201, admin: 201 }, call: async () => ({ path: "/api/images", form: photoForm() }) },
  "POST /bookings": { expected: { anonymous: 401, buyer: 201, owner: 403, otherSeller: 403, admin: 403 }, call: async () => ({ path: "/api/bookings", body: { product_id: await ownersCar(), phone: "1", meetingLocation: "x" } }) },
  "GET /booking/orders/{email}": { expected: { anonymous: 401, buyer: 200, owner: 403, otherSeller: 403, admin: 200 }, call: async () => ({ path: `/api/booking/orders/${callers.buyer.email}` }) },
  "GET /booking/{id}": { expected: { anonymous: 401, buyer: 200, owner: 404, otherSeller: 404, admin: 200 }, call: async () => ({ path: `/api/booking/${await buyersBooking()}` }) },
  "POST /report": { expected: signedIn(201), call: async () => ({ path: "/api/report", body: { product_id: await ownersCar() } }) },
  "GET /report": { expected: adminOnly(200), call: async () => ({ path: "/api/report" }) },
  "DELETE /report/{productId}": { expected: adminOnly(200), call: async () => ({ path: `/api/report/${await ownersCar()}` }) },
  "DELETE /report/item/{productId}": { expected: adminOnly(200), call: async () => ({ path: `/api/report/item/${await ownersCar()}` }) },
  "POST /payment/create-payment-intent": { expected: { anonymous: 401, buyer: 200, owner: 404, otherSeller: 404, admin: 404 }, call: async () => ({ path: "/api/payment/create-payment-intent", body: { bookingId: await buyersBooking() } }) },
  "POST /payment": { expected: { anonymous: 401, buyer: 400, owner: 404, otherSeller: 404, admin: 404 }, call: async () => ({ path: "/api/payment", body: { bookingId: await buyersBooking(), transactionId: "pi_unknown" } }) },
  "POST /payment/simulator/confirm": {
    expected: { anonymous: 401, buyer: 200, owner: 404, otherSeller: 404, admin: 404 },
    call: async () => {
      const intent = await apiJson("/api/payment/create-payment-intent", { bookingId: await buyersBooking() }, { token: callers.buyer.token });
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      return { path: "/api/payment/simulator/confirm", body: { clientSecret, card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } } };
    },
  },
};

describe("authorization matrix", () => {
  it("has a row for every endpoint in the OpenAPI document, and none extra", async () => {
    const document = (await (await request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    const endpoints = Object.entries(document.paths).flatMap(([route, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`));
    expect(endpoints.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it.each(Object.entries(MATRIX))("%s answers each caller as expected", async (endpoint, row) => {
    const method = endpoint.split(" ")[0];
    for (const caller of CALLERS) {
      const call = await row.call(caller);
      const credentials = caller === "anonymous" ? undefined : callers[caller];
      const headers: Record<string, string> = {};
      if (credentials && call.useCookie) headers.cookie = credentials.cookie;
      else if (credentials) headers.authorization = `Bearer ${credentials.token}`;
      if (call.body !== undefined) headers["content-type"] = "application/json";
      if (method !== "GET") headers.origin = appUrl;
      const response = await request(call.path, { method, headers, body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)) });
      expect(response.status, `${endpoint} as ${caller}: ${response.status === 500 ? await response.text() : ""}`).toBe(row.expected[caller]);
      await response.arrayBuffer();
    }
  });
});
