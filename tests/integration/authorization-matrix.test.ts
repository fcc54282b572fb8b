import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessLabel, type Permission, PERMISSIONS } from "~/lib/accounts/policy";
import { accessToken, apiJson, appUrl, register, registerSeller, request, signIn, sql, uniqueEmail, uploadImage } from "./client";
import { type ApiDocument, responseChecker } from "./openapi-responses";

// Every endpoint of the API, walked as each kind of caller: the answers must be the table's below,
// written by hand from the contract (not computed from the policy under test), and what the OpenAPI
// document describes; each endpoint's label must be the policy's label of its permission.
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
  /** Another account's token to send instead of the caller's (closing an account closes a stand-in of the same role). */
  token?: string;
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

/** A fresh booking of the buyer's, paid through the simulator: its money is held (the deal). */
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

/** A fresh open offer of $50 by the buyer on one of the owner's cars ($90), written directly (the hourly limit stays out of it). */
async function buyersOffer(): Promise<string> {
  const id = crypto.randomUUID();
  const carId = await ownersCar();
  await sql(
    `insert into offers (id, product_id, buyer_id, seller_id, amount, status, message, expires_at, created_at)
     values (?, ?, (select id from users where email = ?), (select id from users where email = ?), 50, 'open', '', ?, ?)`,
    [id, carId, callers.buyer.email, callers.owner.email, new Date(Date.now() + 3_600_000).toISOString(), new Date().toISOString()],
  );
  return id;
}

/** A fresh open money problem (as reconciliation records one). */
async function openMoneyProblem(): Promise<string> {
  const id = crypto.randomUUID();
  await sql("insert into money_problems (id, kind, key, amount, detail, created_at) values (?, 'unknown_charge', ?, 100, 'Matrix', ?)", [
    id,
    `matrix:${id}`,
    new Date().toISOString(),
  ]);
  return id;
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

/** A token of a fresh account with the caller's role, for a call that would close the caller's own. */
async function standInToken(caller: Caller): Promise<string | undefined> {
  if (caller === "anonymous") return undefined;
  const email = uniqueEmail(`m-closing-${caller}`);
  const id = await register({ email, accountType: caller === "owner" || caller === "otherSeller" ? "seller" : "buyer" });
  if (caller === "admin") await sql("update users set role = 'admin' where id = ?", [id]);
  return accessToken(email);
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

const car = async (caller: Caller) => ({
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
  /** The status each caller gets, written by hand from the contract (never computed from the policy it tests). */
  answers: Record<Caller, number>;
  call: (caller: Caller) => Promise<Call>;
}

/** The answers in the order of CALLERS: anonymous, buyer, owner (a seller), another seller, another buyer, admin. */
function answers(...statuses: [number, number, number, number, number, number]): Record<Caller, number> {
  return Object.fromEntries(CALLERS.map((caller, index) => [caller, statuses[index]])) as Record<Caller, number>;
}

// Each row's answers are written out below, from the contract's "who" column and its rules (404 where
// another user's thing must not be revealed, 403 for a role that may not); the policy and the
// document must agree with them.
const MATRIX: Record<string, Row> = {
  "GET /health": { answers: answers(200, 200, 200, 200, 200, 200), who: "public", call: async () => ({ path: "/api/health" }) },
  "GET /openapi.json": { answers: answers(200, 200, 200, 200, 200, 200), who: "public", call: async () => ({ path: "/api/openapi.json" }) },
  "GET /reference": { answers: answers(200, 200, 200, 200, 200, 200), who: "public", call: async () => ({ path: "/api/reference" }) },
  "GET /dev/mail": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: "/api/dev/mail?to=buyer2%40autoreseller.test" }),
  },
  "POST /users": {
    answers: answers(201, 201, 201, 201, 201, 201),
    who: "public",
    call: async () => ({ path: "/api/users", body: { name: "N", email: uniqueEmail("m-new"), password: "Secret1!" } }),
  },
  "POST /jwt": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: "/api/jwt", body: { email: "buyer2@autoreseller.test", password: "Passw0rd!" } }),
  },
  "GET /jwt": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "session",
    call: async (caller) => ({
      path: `/api/jwt?email=${encodeURIComponent(caller === "anonymous" ? "x@y.test" : callers[caller].email)}`,
      useCookie: true,
    }),
  },
  "GET /users/admin/{account}": {
    answers: answers(401, 200, 403, 403, 403, 200),
    who: "self or admin",
    call: async () => ({ path: `/api/users/admin/${callers.buyer.email}` }),
  },
  "GET /users/buyer/{account}": {
    answers: answers(401, 200, 403, 403, 403, 200),
    who: "self or admin",
    call: async () => ({ path: `/api/users/buyer/${callers.buyer.email}` }),
  },
  "GET /users/seller/{account}": {
    answers: answers(401, 403, 200, 403, 403, 200),
    who: "self or admin",
    call: async () => ({ path: `/api/users/seller/${callers.owner.email}` }),
  },
  "GET /users/sellers": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: "/api/users/sellers" }),
  },
  "GET /users/buyers": { answers: answers(401, 403, 403, 403, 403, 200), who: "admin", call: async () => ({ path: "/api/users/buyers" }) },
  "DELETE /users/seller/{account}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/users/seller/${await freshUser("seller")}` }),
  },
  "DELETE /users/buyer/{account}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/users/buyer/${await freshUser("buyer")}` }),
  },
  "PATCH /users/verify-seller/{id}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/users/verify-seller/${await freshUser("seller")}` }),
  },
  "GET /me/export": { answers: answers(401, 200, 200, 200, 200, 200), who: "user", call: async () => ({ path: "/api/me/export" }) },
  "POST /me/email": {
    answers: answers(401, 202, 202, 202, 202, 202),
    who: "user",
    call: async () => ({ path: "/api/me/email", body: { email: uniqueEmail("m-moved"), password: "Passw0rd!" } }),
  },
  "DELETE /me": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async (caller) => ({ path: "/api/me", body: { password: "Passw0rd!" }, token: await standInToken(caller) }),
  },
  "GET /categories": { answers: answers(200, 200, 200, 200, 200, 200), who: "public", call: async () => ({ path: "/api/categories" }) },
  "GET /categories/{id}": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: `/api/categories/${categoryId}` }),
  },
  "POST /categories/add": {
    answers: answers(401, 403, 403, 403, 403, 201),
    who: "admin",
    call: async () => ({
      path: "/api/categories/add",
      body: { categoryName: `Matrix ${crypto.randomUUID()}`, image: await uploadedUrl() },
    }),
  },
  "PATCH /categories/{id}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/categories/${await freshCategory()}`, body: { categoryName: `Renamed ${crypto.randomUUID()}` } }),
  },
  "DELETE /categories/{id}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/categories/${await freshCategory()}` }),
  },
  "GET /products/advertisement": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: "/api/products/advertisement" }),
  },
  "GET /products/seller/{email}": {
    answers: answers(401, 403, 200, 403, 403, 200),
    who: "self or admin",
    call: async () => ({ path: `/api/products/seller/${callers.owner.email}` }),
  },
  "POST /products/add": {
    answers: answers(401, 403, 201, 201, 403, 403),
    who: "seller",
    call: async (caller) => ({ path: "/api/products/add", body: await car(caller) }),
  },
  "PATCH /products/advertisement/{id}": {
    answers: answers(401, 403, 200, 403, 403, 403),
    who: "owner",
    call: async () => ({ path: `/api/products/advertisement/${await ownersCar()}` }),
  },
  "GET /products": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: "/api/products?make=toyota&sort=price_asc" }),
  },
  "GET /products/{id}": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: `/api/products/${await ownersCar()}` }),
  },
  "GET /products/{id}/price-analysis": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: `/api/products/${await ownersCar()}/price-analysis` }),
  },
  "GET /products/price-suggestion": {
    answers: answers(401, 403, 200, 200, 403, 403),
    who: "seller",
    call: async () => ({ path: "/api/products/price-suggestion?make=Toyota&model=Corolla&purchaseYear=2016&mileageKm=60000" }),
  },
  // Another seller's car's figures do not exist for them (404); buyers and admins may not ask (403).
  "GET /products/{id}/statistics": {
    answers: answers(401, 403, 200, 404, 403, 403),
    who: "owner",
    call: async () => ({ path: `/api/products/${await ownersCar()}/statistics` }),
  },
  "PATCH /products/{id}": {
    answers: answers(401, 403, 200, 403, 403, 403),
    who: "owner",
    call: async () => ({ path: `/api/products/${await ownersCar()}`, body: { resalePrice: 80 } }),
  },
  "GET /sellers/{id}": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({ path: `/api/sellers/${(await sql("select id from users where email = ?", [callers.owner.email]))[0].id}` }),
  },
  "DELETE /products/{id}": {
    answers: answers(401, 403, 200, 403, 403, 200),
    who: "owner or admin",
    call: async () => ({ path: `/api/products/${await ownersCar()}` }),
  },
  "POST /images": {
    answers: answers(401, 403, 201, 201, 403, 201),
    who: "seller or admin",
    call: async () => ({ path: "/api/images", form: photoForm() }),
  },
  "POST /images/uploads": {
    answers: answers(401, 403, 201, 201, 403, 201),
    who: "seller or admin",
    call: async () => ({ path: "/api/images/uploads", body: { contentType: "image/jpeg", size: 1000 } }),
  },
  // Each caller completes an upload of their own; another user's answers 404 (direct-uploads.test.ts).
  "POST /images/uploads/{key}/complete": {
    answers: answers(401, 403, 201, 201, 403, 201),
    who: "seller or admin",
    call: async (caller) => ({ path: `/api/images/uploads/${await directUpload(caller)}/complete` }),
  },
  "POST /bookings": {
    answers: answers(401, 201, 403, 403, 201, 403),
    who: "buyer",
    call: async () => ({ path: "/api/bookings", body: { product_id: await ownersCar(), phone: "1", meetingLocation: "x" } }),
  },
  "DELETE /bookings/{id}": {
    answers: answers(401, 200, 404, 404, 404, 404),
    who: "booker",
    call: async () => ({ path: `/api/bookings/${await buyersBooking()}` }),
  },
  "GET /bookings/received": {
    answers: answers(401, 403, 200, 200, 403, 403),
    who: "seller",
    call: async () => ({ path: "/api/bookings/received" }),
  },
  // The deal: a fresh held payment each time; only its buyer confirms or disputes, only the car's
  // seller refunds or declines; for everyone else with the right role the booking does not exist. A
  // receipt is its buyer's and the admins': for everyone else the paid booking does not exist.
  "GET /bookings/{id}/receipt": {
    answers: answers(401, 200, 404, 404, 404, 200),
    who: "booker or admin",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/receipt` }),
  },
  "POST /bookings/{id}/handover": {
    answers: answers(401, 200, 404, 404, 404, 404),
    who: "booker",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/handover` }),
  },
  "POST /bookings/{id}/dispute": {
    answers: answers(401, 201, 404, 404, 404, 404),
    who: "booker",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/dispute`, body: { reason: "not_handed_over", note: "Matrix" } }),
  },
  "POST /bookings/{id}/refund": {
    answers: answers(401, 403, 200, 404, 403, 403),
    who: "owner",
    call: async () => ({ path: `/api/bookings/${await buyersHeldBooking()}/refund` }),
  },
  "POST /bookings/{id}/decline": {
    answers: answers(401, 403, 200, 404, 403, 403),
    who: "owner",
    call: async () => ({ path: `/api/bookings/${await buyersBooking()}/decline`, body: { reason: "Matrix" } }),
  },
  // Offers: buyers make them; an offer is answered by the side whose turn it is (the buyer answering
  // their own open offer, or an admin, gets 403), and does not exist for anyone else.
  "POST /products/{id}/offers": {
    answers: answers(401, 201, 403, 403, 201, 403),
    who: "buyer",
    call: async () => ({ path: `/api/products/${await ownersCar()}/offers`, body: { amount: 60, message: "Matrix" } }),
  },
  "GET /offers": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: "/api/offers?role=buyer&page=1&limit=5" }),
  },
  "POST /offers/{id}/counter": {
    answers: answers(401, 403, 200, 404, 404, 403),
    who: "its buyer or seller",
    call: async () => ({ path: `/api/offers/${await buyersOffer()}/counter`, body: { amount: 70 } }),
  },
  "POST /offers/{id}/accept": {
    answers: answers(401, 403, 200, 404, 404, 403),
    who: "its buyer or seller",
    call: async () => ({ path: `/api/offers/${await buyersOffer()}/accept` }),
  },
  "POST /offers/{id}/decline": {
    answers: answers(401, 403, 200, 404, 404, 403),
    who: "its buyer or seller",
    call: async () => ({ path: `/api/offers/${await buyersOffer()}/decline` }),
  },
  "POST /offers/{id}/withdraw": {
    answers: answers(401, 200, 403, 404, 404, 403),
    who: "its buyer or seller",
    call: async () => ({ path: `/api/offers/${await buyersOffer()}/withdraw` }),
  },
  "GET /payouts/account": {
    answers: answers(401, 403, 200, 200, 403, 403),
    who: "seller",
    call: async () => ({ path: "/api/payouts/account" }),
  },
  "POST /payouts/account": {
    answers: answers(401, 403, 200, 200, 403, 403),
    who: "seller",
    call: async () => ({ path: "/api/payouts/account" }),
  },
  "GET /payouts": {
    answers: answers(401, 403, 200, 200, 403, 403),
    who: "seller",
    call: async () => ({ path: "/api/payouts?page=1&limit=5" }),
  },
  "GET /admin/disputes": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: "/api/admin/disputes?status=open" }),
  },
  "POST /admin/disputes/{id}/resolve": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/admin/disputes/${await buyersDispute()}/resolve`, body: { outcome: "release" } }),
  },
  "GET /admin/ledger": { answers: answers(401, 403, 403, 403, 403, 200), who: "admin", call: async () => ({ path: "/api/admin/ledger" }) },
  "POST /admin/reconcile": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: "/api/admin/reconcile" }),
  },
  "GET /admin/money-problems": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: "/api/admin/money-problems?status=open" }),
  },
  "POST /admin/money-problems/{id}/resolve": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/admin/money-problems/${await openMoneyProblem()}/resolve`, body: { note: "Checked at Stripe" } }),
  },
  "GET /booking/orders/{email}": {
    answers: answers(401, 200, 403, 403, 404, 200),
    who: "self or admin",
    call: async () => ({ path: `/api/booking/orders/${callers.buyer.email}` }),
  },
  "GET /booking/{id}": {
    answers: answers(401, 200, 404, 404, 404, 200),
    who: "booker or admin",
    call: async () => ({ path: `/api/booking/${await buyersBooking()}` }),
  },
  "POST /report": {
    answers: answers(401, 201, 201, 201, 201, 201),
    who: "user",
    call: async () => ({ path: "/api/report", body: { product_id: await ownersCar(), reason: "wrong_info", note: "Matrix" } }),
  },
  "GET /report": { answers: answers(401, 403, 403, 403, 403, 200), who: "admin", call: async () => ({ path: "/api/report" }) },
  "DELETE /report/{productId}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/report/${await ownersCar()}` }),
  },
  "DELETE /report/item/{productId}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/report/item/${await ownersCar()}` }),
  },
  "GET /favourites": { answers: answers(401, 200, 200, 200, 200, 200), who: "user", call: async () => ({ path: "/api/favourites" }) },
  "PUT /favourites/{productId}": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: `/api/favourites/${await ownersCar()}` }),
  },
  "DELETE /favourites/{productId}": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: `/api/favourites/${await ownersCar()}` }),
  },
  "GET /saved-searches": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: "/api/saved-searches" }),
  },
  "POST /saved-searches": {
    answers: answers(401, 201, 201, 201, 201, 201),
    who: "user",
    call: async () => ({ path: "/api/saved-searches", body: { query: `maxPrice=${Math.floor(Math.random() * 1_000_000)}` } }),
  },
  // A fresh saved search of the buyer's each time: everyone else (admins too) gets 404.
  "DELETE /saved-searches/{id}": {
    answers: answers(401, 200, 404, 404, 404, 404),
    who: "its owner",
    call: async () => ({ path: `/api/saved-searches/${await buyersSavedSearch()}` }),
  },
  "GET /notifications": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: "/api/notifications?page=1&limit=5" }),
  },
  // Every caller names one of the buyer's notifications: the answer is 200 for all, and only the
  // buyer's own call can mark it (tests/integration/notifications.test.ts checks that nothing else does).
  "POST /notifications/read": {
    answers: answers(401, 200, 200, 200, 200, 200),
    who: "user",
    call: async () => ({ path: "/api/notifications/read", body: { ids: [await buyersNotification()] } }),
  },
  "POST /conversations": {
    answers: answers(401, 201, 403, 403, 201, 403),
    who: "buyer",
    call: async () => ({ path: "/api/conversations", body: { product_id: await ownersCar(), text: "Matrix question" } }),
  },
  "GET /conversations": { answers: answers(401, 200, 200, 200, 200, 200), who: "user", call: async () => ({ path: "/api/conversations" }) },
  // A conversation is its buyer's and its seller's: everyone else (another buyer, another seller, admins) gets 404.
  "GET /conversations/{id}/messages": {
    answers: answers(401, 200, 200, 404, 404, 404),
    who: "participant",
    call: async () => ({ path: `/api/conversations/${await buyersConversation()}/messages` }),
  },
  "POST /conversations/{id}/messages": {
    answers: answers(401, 201, 201, 404, 404, 404),
    who: "participant",
    call: async () => ({ path: `/api/conversations/${await buyersConversation()}/messages`, body: { text: "Matrix answer" } }),
  },
  // A fresh paid booking of the buyer's each time: everyone else (admins too) gets 404.
  "POST /reviews": {
    answers: answers(401, 201, 404, 404, 404, 404),
    who: "booker of a paid booking",
    call: async () => ({ path: "/api/reviews", body: { bookingId: await buyersPaidBooking(), rating: 5 } }),
  },
  "GET /sellers/{id}/reviews": {
    answers: answers(200, 200, 200, 200, 200, 200),
    who: "public",
    call: async () => ({
      path: `/api/sellers/${(await sql("select id from users where email = ?", [callers.owner.email]))[0].id}/reviews`,
    }),
  },
  // Only the reviewed seller answers: everyone else (admins too) gets 404.
  "POST /reviews/{id}/answer": {
    answers: answers(401, 404, 200, 404, 404, 404),
    who: "the reviewed seller",
    call: async () => ({ path: `/api/reviews/${await ownersReview()}/answer`, body: { text: "Thank you" } }),
  },
  "DELETE /reviews/{id}": {
    answers: answers(401, 403, 403, 403, 403, 200),
    who: "admin",
    call: async () => ({ path: `/api/reviews/${await ownersReview()}` }),
  },
  "POST /payment/create-payment-intent": {
    answers: answers(401, 200, 404, 404, 404, 404),
    who: "booker",
    call: async () => ({ path: "/api/payment/create-payment-intent", body: { bookingId: await buyersBooking() } }),
  },
  // The provider does not know this transaction: the booker is told so (400), everyone else 404.
  "POST /payment": {
    answers: answers(401, 400, 404, 404, 404, 404),
    who: "booker",
    call: async () => ({ path: "/api/payment", body: { bookingId: await buyersBooking(), transactionId: "pi_unknown" } }),
  },
  "POST /payment/simulator/confirm": {
    answers: answers(401, 200, 404, 404, 404, 404),
    who: "booker",
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

  it.each(Object.entries(MATRIX))("%s answers each caller as the table says, as the document describes", async (endpoint, row) => {
    const method = endpoint.split(" ")[0];
    const permission = operation(endpoint)["x-permission"];
    for (const caller of CALLERS) {
      const call = await row.call(caller);
      const credentials = caller === "anonymous" ? undefined : callers[caller];
      const headers: Record<string, string> = {};
      if (credentials && call.useCookie) headers.cookie = credentials.cookie;
      else if (credentials) headers.authorization = `Bearer ${call.token ?? credentials.token}`;
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
      ).toBe(row.answers[caller]);
      expect(await problemsWith(method, call.path, response), `${endpoint} as ${caller}`).toEqual([]);
      if (!response.bodyUsed) await response.arrayBuffer();
    }
  });
});
