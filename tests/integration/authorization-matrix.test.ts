import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessLabel, type Permission, PERMISSIONS, REFUSAL_STATUS, verdict } from "~/lib/policy";
import { type Role } from "~/lib/roles";
import { accessToken, apiJson, appUrl, register, registerSeller, request, signIn, sql, uniqueEmail, uploadImage } from "./client";
import { type ApiDocument, responseChecker } from "./openapi-responses";

// Every endpoint of the API, walked as each kind of caller: the answers must be what the access
// policy says for the permission the endpoint declares, and what the OpenAPI document describes.
// A new endpoint in the document without a row here fails this test.

type Caller = "anonymous" | "buyer" | "owner" | "otherSeller" | "otherBuyer" | "admin";
const CALLERS: Caller[] = ["anonymous", "buyer", "owner", "otherSeller", "otherBuyer", "admin"];
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
  if (accountType === "seller") await registerSeller({ email });
  else if (accountType) await register({ email, accountType });
  return { email, token: await accessToken(email), cookie: await signIn(email) };
}

beforeAll(async () => {
  callers = {
    buyer: await credentials(uniqueEmail("m-buyer"), "buyer"),
    owner: await credentials(uniqueEmail("m-owner"), "seller"),
    otherSeller: await credentials(uniqueEmail("m-other"), "seller"),
    otherBuyer: await credentials(uniqueEmail("m-other-buyer"), "buyer"),
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
  const response = await apiJson(
    "/api/bookings",
    { product_id: await ownersCar(), phone: "1", meetingLocation: "x" },
    { token: callers.buyer.token },
  );
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function buyersSavedSearch(): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    "insert into saved_searches (id, user_id, query, created_at) values (?, (select id from users where email = ?), 'make=Matrix', ?)",
    [id, callers.buyer.email, new Date().toISOString()],
  );
  return id;
}

async function buyersNotification(): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, (select id from users where email = ?), 'message', 'Matrix', '/', ?, ?)",
    [id, callers.buyer.email, `matrix:${id}`, new Date().toISOString()],
  );
  return id;
}

/** A fresh conversation between the buyer and the owner about one of the owner's cars. */
async function buyersConversation(): Promise<string> {
  const response = await apiJson(
    "/api/conversations",
    { product_id: await ownersCar(), text: "Matrix question" },
    { token: callers.buyer.token },
  );
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** A fresh booking of the buyer's, paid for (marked so directly: the payment flow has tests of its own). */
async function buyersPaidBooking(): Promise<string> {
  const bookingId = await buyersBooking();
  await sql("update bookings set paid = 1, transaction_id = ? where id = ?", [`pi_matrix_${bookingId}`, bookingId]);
  return bookingId;
}

/** A fresh booking of the buyer's, paid through the simulator: its money is held (the deal, v1.2). */
async function buyersHeldBooking(): Promise<string> {
  const bookingId = await buyersBooking();
  const token = callers.buyer.token;
  const intent = await apiJson("/api/payment/create-payment-intent", { bookingId }, { token });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" };
  const charge = (await (await apiJson("/api/payment/simulator/confirm", { clientSecret, card }, { token })).json()) as { id: string };
  const paid = await apiJson("/api/payment", { bookingId, transactionId: charge.id }, { token });
  if (paid.status !== 201) throw new Error(`The payment failed: ${paid.status} ${await paid.text()}`);
  return bookingId;
}

/** A fresh dispute the buyer opened over a held payment for one of the owner's cars. */
async function buyersDispute(): Promise<string> {
  const response = await apiJson(`/api/bookings/${await buyersHeldBooking()}/dispute`, { reason: "other" }, { token: callers.buyer.token });
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** A fresh review by the buyer of one of the owner's cars. */
async function ownersReview(): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    "insert into reviews (id, booking_id, seller_id, rating, created_at) values (?, ?, (select id from users where email = ?), 4, ?)",
    [id, await buyersPaidBooking(), callers.owner.email, new Date().toISOString()],
  );
  return id;
}

/** A fresh category with no car in it (so renames and deletes never collide). */
async function freshCategory(): Promise<string> {
  const id = crypto.randomUUID();
  await sql("insert into categories (id, name, image, created_at) values (?, ?, '/images/x.jpg', ?)", [
    id,
    `Matrix ${id}`,
    new Date().toISOString(),
  ]);
  return id;
}

async function freshUser(accountType: "seller" | "buyer"): Promise<string> {
  return register({ email: uniqueEmail(`m-victim-${accountType}`), accountType });
}

/** A photo uploaded by the caller when they may upload (a listing shows only its seller's own), else by the owner. */
async function uploadedUrl(caller: Caller = "owner"): Promise<string> {
  const uploader = caller === "otherSeller" || caller === "admin" ? callers[caller] : callers.owner;
  const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", uploader.token);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

/** A photo the caller sent straight to the bucket, not completed yet (a seller's for callers who may not upload). */
async function directUpload(caller: Caller): Promise<string> {
  const uploader = caller === "anonymous" || caller === "buyer" || caller === "otherBuyer" ? callers.owner : callers[caller];
  const response = await apiJson("/api/images/uploads", { contentType: "image/jpeg", size: jpeg.length }, { token: uploader.token });
  const upload = (await response.json()) as { key: string; uploadUrl: string; headers: Record<string, string> };
  const { "Content-Length": _length, ...headers } = upload.headers;
  const stored = await fetch(upload.uploadUrl, { method: "PUT", headers, body: jpeg });
  if (stored.status !== 200) throw new Error(`The direct upload failed: ${stored.status} ${await stored.text()}`);
  return upload.key;
}

const product = async (caller: Caller) => ({
  productName: "Matrix Listed",
  originalPrice: 100,
  resalePrice: 90,
  location: "Dhaka",
  categoryId,
  condition: "Good",
  mobile: "01711 000000",
  productDescription: "d",
  purchaseYear: 2020,
  image: await uploadedUrl(caller),
});

function photoForm() {
  const form = new FormData();
  form.append("image", new Blob([jpeg], { type: "image/jpeg" }), "car.jpg");
  return form;
}

interface Row {
  /** The contract's "who" column (../shared/api-contract.md), which the policy's label must match. */
  who: string;
  /** The answer to a caller the policy allows. */
  allowed: number;
  /** Whose account, car or booking the call names, for rules on ownership ("caller": their own). */
  subject?: Caller | "caller" | Caller[];
  call: (caller: Caller) => Promise<Call>;
}

// The expected answers are not written here: they come from the permission each endpoint declares
// (its `x-permission` in the document) and the access policy (app/lib/policy.ts).
const MATRIX: Record<string, Row> = {
  "GET /health": { who: "public", allowed: 200, call: async () => ({ path: "/api/health" }) },
  "GET /openapi.json": { who: "public", allowed: 200, call: async () => ({ path: "/api/openapi.json" }) },
  "GET /reference": { who: "public", allowed: 200, call: async () => ({ path: "/api/reference" }) },
  "GET /dev/mail": { who: "public", allowed: 200, call: async () => ({ path: "/api/dev/mail?to=buyer2%40autoreseller.test" }) },
  "POST /users": {
    who: "public",
    allowed: 201,
    call: async () => ({ path: "/api/users", body: { name: "N", email: uniqueEmail("m-new"), password: "Secret1!" } }),
  },
  "POST /jwt": {
    who: "public",
    allowed: 200,
    call: async () => ({ path: "/api/jwt", body: { email: "buyer2@autoreseller.test", password: "Passw0rd!" } }),
  },
  "GET /jwt": {
    who: "session",
    allowed: 200,
    subject: "caller",
    call: async (caller) => ({
      path: `/api/jwt?email=${encodeURIComponent(caller === "anonymous" ? "x@y.test" : callers[caller].email)}`,
      useCookie: true,
    }),
  },
  "GET /users/admin/{account}": {
    who: "self or admin",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/users/admin/${callers.buyer.email}` }),
  },
  "GET /users/buyer/{account}": {
    who: "self or admin",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/users/buyer/${callers.buyer.email}` }),
  },
  "GET /users/seller/{account}": {
    who: "self or admin",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/users/seller/${callers.owner.email}` }),
  },
  "GET /users/sellers": { who: "admin", allowed: 200, call: async () => ({ path: "/api/users/sellers" }) },
  "GET /users/buyers": { who: "admin", allowed: 200, call: async () => ({ path: "/api/users/buyers" }) },
  "DELETE /users/seller/{account}": {
    who: "admin",
    allowed: 200,
    call: async () => ({ path: `/api/users/seller/${await freshUser("seller")}` }),
  },
  "DELETE /users/buyer/{account}": {
    who: "admin",
    allowed: 200,
    call: async () => ({ path: `/api/users/buyer/${await freshUser("buyer")}` }),
  },
  "PATCH /users/verify-seller/{id}": {
    who: "admin",
    allowed: 200,
    call: async () => ({ path: `/api/users/verify-seller/${await freshUser("seller")}` }),
  },
  "GET /categories": { who: "public", allowed: 200, call: async () => ({ path: "/api/categories" }) },
  "GET /categories/{id}": { who: "user", allowed: 200, call: async () => ({ path: `/api/categories/${categoryId}` }) },
  "POST /categories/add": {
    who: "admin",
    allowed: 201,
    call: async () => ({
      path: "/api/categories/add",
      body: { categoryName: `Matrix ${crypto.randomUUID()}`, image: await uploadedUrl() },
    }),
  },
  "PATCH /categories/{id}": {
    who: "admin",
    allowed: 200,
    call: async () => ({ path: `/api/categories/${await freshCategory()}`, body: { categoryName: `Renamed ${crypto.randomUUID()}` } }),
  },
  "DELETE /categories/{id}": { who: "admin", allowed: 200, call: async () => ({ path: `/api/categories/${await freshCategory()}` }) },
  "GET /products/advertisement": { who: "public", allowed: 200, call: async () => ({ path: "/api/products/advertisement" }) },
  "GET /products/seller/{email}": {
    who: "self or admin",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/products/seller/${callers.owner.email}` }),
  },
  "POST /products/add": {
    who: "seller",
    allowed: 201,
    call: async (caller) => ({ path: "/api/products/add", body: await product(caller) }),
  },
  "PATCH /products/advertisement/{id}": {
    who: "owner",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/products/advertisement/${await ownersCar()}` }),
  },
  "GET /products": { who: "public", allowed: 200, call: async () => ({ path: "/api/products?make=toyota&sort=price_asc" }) },
  "GET /products/{id}": { who: "public", allowed: 200, call: async () => ({ path: `/api/products/${await ownersCar()}` }) },
  "GET /products/{id}/price-analysis": {
    who: "public",
    allowed: 200,
    call: async () => ({ path: `/api/products/${await ownersCar()}/price-analysis` }),
  },
  "PATCH /products/{id}": {
    who: "owner",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/products/${await ownersCar()}`, body: { resalePrice: 80 } }),
  },
  "GET /sellers/{id}": {
    who: "public",
    allowed: 200,
    call: async () => ({ path: `/api/sellers/${(await sql("select id from users where email = ?", [callers.owner.email]))[0].id}` }),
  },
  "DELETE /products/{id}": {
    who: "owner or admin",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/products/${await ownersCar()}` }),
  },
  "POST /images": { who: "seller or admin", allowed: 201, call: async () => ({ path: "/api/images", form: photoForm() }) },
  "POST /images/uploads": {
    who: "seller or admin",
    allowed: 201,
    call: async () => ({ path: "/api/images/uploads", body: { contentType: "image/jpeg", size: 1000 } }),
  },
  // Each caller completes an upload of their own; another user's answers 404 (direct-uploads.test.ts).
  "POST /images/uploads/{key}/complete": {
    who: "seller or admin",
    allowed: 201,
    subject: "caller",
    call: async (caller) => ({ path: `/api/images/uploads/${await directUpload(caller)}/complete` }),
  },
  "POST /bookings": {
    who: "buyer",
    allowed: 201,
    call: async () => ({ path: "/api/bookings", body: { product_id: await ownersCar(), phone: "1", meetingLocation: "x" } }),
  },
  "DELETE /bookings/{id}": {
    who: "booker",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/bookings/${await buyersBooking()}` }),
  },
  "GET /bookings/received": { who: "seller", allowed: 200, call: async () => ({ path: "/api/bookings/received" }) },
  // The deal (v1.2): a fresh held payment each time; only its buyer confirms or disputes, only the
  // car's seller refunds or declines; for everyone else with the right role the booking does not exist.
  "POST /bookings/{id}/handover": {
    who: "booker",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/handover` }),
  },
  "POST /bookings/{id}/dispute": {
    who: "booker",
    allowed: 201,
    subject: "buyer",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/dispute`, body: { reason: "not_handed_over", note: "Matrix" } }),
  },
  "POST /bookings/{id}/refund": {
    who: "owner",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/refund` }),
  },
  "POST /bookings/{id}/decline": {
    who: "owner",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/bookings/${await buyersBooking()}/decline`, body: { reason: "Matrix" } }),
  },
  "GET /payouts/account": { who: "seller", allowed: 200, call: async () => ({ path: "/api/payouts/account" }) },
  "POST /payouts/account": { who: "seller", allowed: 200, call: async () => ({ path: "/api/payouts/account" }) },
  "GET /payouts": { who: "seller", allowed: 200, call: async () => ({ path: "/api/payouts?page=1&limit=5" }) },
  "GET /admin/disputes": { who: "admin", allowed: 200, call: async () => ({ path: "/api/admin/disputes?status=open" }) },
  "POST /admin/disputes/{id}/resolve": {
    who: "admin",
    allowed: 200,
    call: async () => ({ path: `/api/admin/disputes/${await buyersDispute()}/resolve`, body: { outcome: "release" } }),
  },
  "GET /admin/ledger": { who: "admin", allowed: 200, call: async () => ({ path: "/api/admin/ledger" }) },
  "GET /booking/orders/{email}": {
    who: "self or admin",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/booking/orders/${callers.buyer.email}` }),
  },
  "GET /booking/{id}": {
    who: "booker or admin",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/booking/${await buyersBooking()}` }),
  },
  "POST /report": {
    who: "user",
    allowed: 201,
    call: async () => ({ path: "/api/report", body: { product_id: await ownersCar(), reason: "wrong_info", note: "Matrix" } }),
  },
  "GET /report": { who: "admin", allowed: 200, call: async () => ({ path: "/api/report" }) },
  "DELETE /report/{productId}": { who: "admin", allowed: 200, call: async () => ({ path: `/api/report/${await ownersCar()}` }) },
  "DELETE /report/item/{productId}": { who: "admin", allowed: 200, call: async () => ({ path: `/api/report/item/${await ownersCar()}` }) },
  "GET /favourites": { who: "user", allowed: 200, call: async () => ({ path: "/api/favourites" }) },
  "PUT /favourites/{productId}": { who: "user", allowed: 200, call: async () => ({ path: `/api/favourites/${await ownersCar()}` }) },
  "DELETE /favourites/{productId}": { who: "user", allowed: 200, call: async () => ({ path: `/api/favourites/${await ownersCar()}` }) },
  "GET /saved-searches": { who: "user", allowed: 200, call: async () => ({ path: "/api/saved-searches" }) },
  "POST /saved-searches": {
    who: "user",
    allowed: 201,
    call: async () => ({ path: "/api/saved-searches", body: { query: `maxPrice=${Math.floor(Math.random() * 1_000_000)}` } }),
  },
  // A fresh saved search of the buyer's each time: everyone else (admins too) gets 404.
  "DELETE /saved-searches/{id}": {
    who: "its owner",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: `/api/saved-searches/${await buyersSavedSearch()}` }),
  },
  "GET /notifications": { who: "user", allowed: 200, call: async () => ({ path: "/api/notifications?page=1&limit=5" }) },
  // Every caller names one of the buyer's notifications: the answer is 200 for all, and only the
  // buyer's own call can mark it (tests/integration/notifications.test.ts checks that nothing else does).
  "POST /notifications/read": {
    who: "user",
    allowed: 200,
    call: async () => ({ path: "/api/notifications/read", body: { ids: [await buyersNotification()] } }),
  },
  "POST /conversations": {
    who: "buyer",
    allowed: 201,
    call: async () => ({ path: "/api/conversations", body: { product_id: await ownersCar(), text: "Matrix question" } }),
  },
  "GET /conversations": { who: "user", allowed: 200, call: async () => ({ path: "/api/conversations" }) },
  // A conversation is its buyer's and its seller's: everyone else (another buyer, another seller, admins) gets 404.
  "GET /conversations/{id}/messages": {
    who: "participant",
    allowed: 200,
    subject: ["buyer", "owner"],
    call: async () => ({ path: `/api/conversations/${await buyersConversation()}/messages` }),
  },
  "POST /conversations/{id}/messages": {
    who: "participant",
    allowed: 201,
    subject: ["buyer", "owner"],
    call: async () => ({ path: `/api/conversations/${await buyersConversation()}/messages`, body: { text: "Matrix answer" } }),
  },
  // A fresh paid booking of the buyer's each time: everyone else (admins too) gets 404.
  "POST /reviews": {
    who: "booker of a paid booking",
    allowed: 201,
    subject: "buyer",
    call: async () => ({ path: "/api/reviews", body: { bookingId: await buyersPaidBooking(), rating: 5 } }),
  },
  "GET /sellers/{id}/reviews": {
    who: "public",
    allowed: 200,
    call: async () => ({
      path: `/api/sellers/${(await sql("select id from users where email = ?", [callers.owner.email]))[0].id}/reviews`,
    }),
  },
  // Only the reviewed seller answers: everyone else (admins too) gets 404.
  "POST /reviews/{id}/answer": {
    who: "the reviewed seller",
    allowed: 200,
    subject: "owner",
    call: async () => ({ path: `/api/reviews/${await ownersReview()}/answer`, body: { text: "Thank you" } }),
  },
  "DELETE /reviews/{id}": { who: "admin", allowed: 200, call: async () => ({ path: `/api/reviews/${await ownersReview()}` }) },
  "POST /payment/create-payment-intent": {
    who: "booker",
    allowed: 200,
    subject: "buyer",
    call: async () => ({ path: "/api/payment/create-payment-intent", body: { bookingId: await buyersBooking() } }),
  },
  // The provider does not know this transaction: the booker is told so (400), everyone else 404.
  "POST /payment": {
    who: "booker",
    allowed: 400,
    subject: "buyer",
    call: async () => ({ path: "/api/payment", body: { bookingId: await buyersBooking(), transactionId: "pi_unknown" } }),
  },
  "POST /payment/simulator/confirm": {
    who: "booker",
    allowed: 200,
    subject: "buyer",
    call: async () => {
      const intent = await apiJson(
        "/api/payment/create-payment-intent",
        { bookingId: await buyersBooking() },
        { token: callers.buyer.token },
      );
      const { clientSecret } = (await intent.json()) as { clientSecret: string };
      return {
        path: "/api/payment/simulator/confirm",
        body: { clientSecret, card: { number: "4242424242424242", expMonth: 12, expYear: 2099, cvc: "123" } },
      };
    },
  },
};

const ROLE_OF: Record<Exclude<Caller, "anonymous">, Role> = {
  buyer: "buyer",
  owner: "seller",
  otherSeller: "seller",
  otherBuyer: "buyer",
  admin: "admin",
};

/** The answer the policy gives this caller for the endpoint's permission. */
function expectedStatus(permission: Permission, caller: Caller, row: Row): number {
  const isOwn = row.subject === "caller" || [row.subject].flat().includes(caller);
  const outcome = verdict(permission, caller === "anonymous" ? null : { role: ROLE_OF[caller] }, isOwn);
  return outcome === "allowed" ? row.allowed : REFUSAL_STATUS[outcome];
}

let document: ApiDocument;
let problemsWith: ReturnType<typeof responseChecker>;
beforeAll(async () => {
  document = (await (await request("/api/openapi.json")).json()) as ApiDocument;
  problemsWith = responseChecker(document);
});

const operation = (endpoint: string) => {
  const [method, route] = endpoint.split(" ");
  const described = document.paths[route][method.toLowerCase()];
  return { "x-permission": described["x-permission"] as Permission, "x-access": described["x-access"] };
};

describe("authorization matrix", () => {
  it("has a row for every endpoint in the OpenAPI document, and none extra", async () => {
    const endpoints = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(endpoints.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  it('labels every endpoint (x-access) as the policy labels its permission, which is the contract\'s "who"', () => {
    for (const [endpoint, row] of Object.entries(MATRIX)) {
      const { "x-permission": permission, "x-access": access } = operation(endpoint);
      expect(PERMISSIONS, endpoint).toContain(permission);
      expect({ endpoint, access }).toEqual({ endpoint, access: accessLabel(permission) });
      expect({ endpoint, access }).toEqual({ endpoint, access: row.who });
    }
  });

  it.each(Object.entries(MATRIX))(
    "%s answers each caller as its permission in the policy says, as the document describes",
    async (endpoint, row) => {
      const method = endpoint.split(" ")[0];
      const permission = operation(endpoint)["x-permission"];
      for (const caller of CALLERS) {
        const call = await row.call(caller);
        const credentials = caller === "anonymous" ? undefined : callers[caller];
        const headers: Record<string, string> = {};
        if (credentials && call.useCookie) headers.cookie = credentials.cookie;
        else if (credentials) headers.authorization = `Bearer ${credentials.token}`;
        if (call.body !== undefined) headers["content-type"] = "application/json";
        if (method !== "GET") headers.origin = appUrl;
        const response = await request(call.path, {
          method,
          headers,
          body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
        });
        expect(
          response.status,
          `${endpoint} as ${caller} (${permission}): ${response.status === 500 ? await response.clone().text() : ""}`,
        ).toBe(expectedStatus(permission, caller, row));
        expect(await problemsWith(method, call.path, response), `${endpoint} as ${caller}`).toEqual([]);
        if (!response.bodyUsed) await response.arrayBuffer();
      }
    },
  );
});
