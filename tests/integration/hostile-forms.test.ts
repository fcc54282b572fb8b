import { readFileSync } from "node:fs";
import { type RouteConfigEntry } from "@react-router/dev/routes";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import {
  accessToken,
  apiJson,
  appUrl,
  cookiesFrom,
  DEMO_PASSWORD,
  postForm,
  register,
  registerSeller,
  request,
  signIn,
  sql,
  uniqueEmail,
} from "./client";
import { tableSnapshot } from "./snapshot";
import { enrolTwoFactor } from "./two-factor";

// Hostile bodies posted to every page action, signed in as whoever may use it: always a 4xx HTML
// page that says what was wrong, never a 5xx, and nothing is written.

const TABLES = [
  "users",
  "sessions",
  "categories",
  "products",
  "bookings",
  "payments",
  "reports",
  "email_tokens",
  "recovery_codes",
  "audit_log",
  "uploads",
  "favourites",
  "saved_searches",
  "notifications",
  "email_opt_outs",
  "conversations",
  "messages",
  "conversation_reports",
  "reviews",
  "ledger_entries",
  "disputes",
  "payout_accounts",
  "flags",
  "money_problems",
  "offers",
  "email_tokens",
];
const URL_ENCODED = "application/x-www-form-urlencoded";
const WRONG_TYPE = "This form must be sent as";

// Signing out gets a session of its own, so that a wrongly accepted sign-out fails only its own test.
type Role = "anonymous" | "buyer" | "buyer signing out" | "seller" | "admin" | "half signed in (two-factor)";

interface PageAction {
  as: Role;
  /** A valid form: were it accepted, something would change. */
  fields: () => Record<string, string>;
  /** The URL when the route path has parameters. */
  url?: () => string;
  /** The form takes a photo (multipart). */
  upload?: boolean;
  /** No page of its own (a resource route): React Router answers the refusal as JSON `{ message }`. */
  resourceRoute?: boolean;
}

let sellersReviewId: string, sellerId: string;
let buyersBookingId: string, buyersSavedSearchId: string, favouriteCarId: string, unsubscribePath: string, buyersConversationId: string;
let carId: string, categoryId: string, victimBuyerId: string, victimSellerId: string, photo: Uint8Array<ArrayBuffer>;
const cookies: Partial<Record<Role, string>> = {};

// Keyed by the route path as app/routes.ts writes it.
const ACTIONS: Record<string, PageAction> = {
  "/login": { as: "anonymous", fields: () => ({ email: "buyer@autoreseller.test", password: DEMO_PASSWORD, redirectTo: "/" }) },
  "/login/two-factor": { as: "half signed in (two-factor)", fields: () => ({ code: "123456" }) },
  "/register": { as: "anonymous", fields: () => ({ name: "Never Registered", email: uniqueEmail("never"), password: DEMO_PASSWORD }) },
  "/forgot-password": { as: "anonymous", fields: () => ({ email: "buyer@autoreseller.test" }) },
  "/reset-password/:token": { as: "anonymous", url: () => `/reset-password/${"a".repeat(64)}`, fields: () => ({ password: "NewPass1!" }) },
  "/book/:id": { as: "buyer", url: () => `/book/${carId}`, fields: () => ({ phone: "01711 000000", meetingLocation: "Gulshan" }) },
  "/report/:id": { as: "buyer", url: () => `/report/${carId}`, fields: () => ({ reason: "scam", note: "Not there" }) },
  "/logout": { as: "buyer signing out", resourceRoute: true, fields: () => ({}) },
  "/dashboard/settings": {
    as: "buyer",
    fields: () => ({ intent: "change-password", currentPassword: DEMO_PASSWORD, password: "NewPass1!" }),
  },
  "/dashboard/addproduct": {
    as: "seller",
    upload: true,
    fields: () => ({
      productName: "Never Listed 2019",
      originalPrice: "20000",
      resalePrice: "15000",
      location: "Dhaka",
      categoryId,
      condition: "Good",
      mobile: "+880 1711-000000",
      productDescription: "Posted by the hostile-form tests.",
      purchaseYear: "2019",
    }),
  },
  "/dashboard/myorders": { as: "buyer", fields: () => ({ intent: "cancel", id: buyersBookingId }) },
  "/dashboard/myproducts": { as: "seller", fields: () => ({ intent: "delete", id: carId }) },
  "/dashboard/myproducts/:id/edit": {
    as: "seller",
    upload: true,
    url: () => `/dashboard/myproducts/${carId}/edit`,
    fields: () => ({
      resalePrice: "14000",
      location: "Dhaka",
      condition: "Good",
      mobile: "+880 1711-000000",
      productDescription: "Changed by the hostile-form tests.",
      make: "Honda",
      model: "Civic",
      mileageKm: "90000",
      transmission: "manual",
      fuel: "petrol",
      colour: "Blue",
    }),
  },
  "/dashboard/payment/:id": {
    as: "buyer",
    url: () => `/dashboard/payment/${buyersBookingId}`,
    fields: () => ({ cardNumber: "4242 4242 4242 4242", expiry: "1230", cvc: "123" }),
  },
  "/dashboard/allsellers": { as: "admin", fields: () => ({ intent: "verify", id: victimSellerId }) },
  "/dashboard/allbuyers": { as: "admin", fields: () => ({ intent: "delete", id: victimBuyerId }) },
  "/dashboard/reporteditem": { as: "admin", fields: () => ({ intent: "delete", id: carId }) },
  "/dashboard/flags": { as: "admin", fields: () => ({ intent: "clear", id: crypto.randomUUID() }) },
  "/dashboard/addcategory": { as: "admin", upload: true, fields: () => ({ categoryName: "Never Added" }) },
  "/cars": { as: "buyer", fields: () => ({ query: "make=Never" }) },
  "/favourites/:productId": {
    as: "buyer",
    resourceRoute: true,
    url: () => `/favourites/${carId}`,
    fields: () => ({ intent: "save", back: "/" }),
  },
  "/dashboard/favourites": { as: "buyer", fields: () => ({ intent: "remove", id: favouriteCarId }) },
  "/dashboard/saved-searches": { as: "buyer", fields: () => ({ intent: "delete", id: buyersSavedSearchId }) },
  "/dashboard/notifications": { as: "buyer", fields: () => ({ intent: "read-all" }) },
  // The deal: the seller declines the buyer's booking, gives money back, sets up payouts; an admin resolves a dispute.
  "/dashboard/bookings": { as: "seller", fields: () => ({ id: buyersBookingId, reason: "Hostile decline" }) },
  "/dashboard/sales": { as: "seller", fields: () => ({ intent: "refund", id: buyersBookingId }) },
  "/dashboard/payouts": { as: "seller", fields: () => ({ intent: "onboard" }) },
  "/dashboard/payouts/simulator": { as: "seller", fields: () => ({ intent: "ready" }) },
  "/dashboard/disputes": { as: "admin", fields: () => ({ intent: "resolve", id: crypto.randomUUID(), outcome: "release" }) },
  "/dashboard/money-problems": { as: "admin", fields: () => ({ intent: "resolve", id: crypto.randomUUID(), note: "Hostile" }) },
  "/cars/:id/offer": {
    as: "buyer",
    url: () => `/cars/${carId}/offer`,
    fields: () => ({ amount: "15000", message: "Hostile offer" }),
  },
  "/dashboard/offers": { as: "seller", fields: () => ({ id: crypto.randomUUID(), step: "decline" }) },
  "/dashboard/my-offers": { as: "buyer", fields: () => ({ id: crypto.randomUUID(), step: "withdraw" }) },
  "/confirm-email-change/:token": {
    as: "buyer",
    url: () => `/confirm-email-change/${crypto.randomUUID()}`,
    fields: () => ({ intent: "confirm" }),
  },
  "/cars/:id/message": {
    as: "buyer",
    url: () => `/cars/${carId}/message`,
    fields: () => ({ form: "message-seller", text: "Hostile" }),
  },
  "/dashboard/messages/:id": {
    as: "buyer",
    url: () => `/dashboard/messages/${buyersConversationId}`,
    fields: () => ({ intent: "send", text: "Hostile reply" }),
  },
  "/sellers/:id": { as: "admin", url: () => `/sellers/${sellerId}`, fields: () => ({ intent: "remove", id: sellersReviewId }) },
  "/unsubscribe": { as: "anonymous", url: () => unsubscribePath, fields: () => ({ "List-Unsubscribe": "One-Click" }) },
};

/** Every route path in the route table whose module exports an action. */
function pathsWithActions(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path ? `${parent}/${entry.path}` : parent;
    const source = readFileSync(new URL(`../../app/${entry.file}`, import.meta.url), "utf8");
    const own = /export (async )?function action\b|export const action\b/.test(source) ? [path || "/"] : [];
    return [...own, ...pathsWithActions(entry.children ?? [], path)];
  });
}

beforeAll(async () => {
  const [buyerEmail, sellerEmail, twoFactorEmail] = [uniqueEmail("forms-buyer"), uniqueEmail("forms-seller"), uniqueEmail("forms-2fa")];
  sellerId = await registerSeller({ email: sellerEmail, name: "Forms Seller" });
  const [buyerId] = await Promise.all([register({ email: buyerEmail }), register({ email: twoFactorEmail })]);
  [victimBuyerId, victimSellerId] = await Promise.all([
    register({ email: uniqueEmail("forms-victim-buyer") }),
    register({ email: uniqueEmail("forms-victim-seller"), accountType: "seller" }),
  ]);
  [cookies.buyer, cookies["buyer signing out"], cookies.seller, cookies.admin] = await Promise.all([
    signIn(buyerEmail),
    signIn(buyerEmail),
    signIn(sellerEmail),
    signIn("admin@autoreseller.test"),
  ]);
  await enrolTwoFactor(twoFactorEmail);
  cookies["half signed in (two-factor)"] = cookiesFrom(await postForm("/login", { email: twoFactorEmail, password: DEMO_PASSWORD }));

  categoryId = String((await sql("select id from categories limit 1"))[0].id);
  carId = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     values (?, 'Hostile Forms Car', 25000, 18000, 'Dhaka', ?, 'Good', '0171', 'Target of the hostile-form tests.', 2019, '/images/x.jpg', ?, 'Forms Seller', ?, ?)`,
    [carId, categoryId, sellerId, sellerEmail, new Date().toISOString()],
  );
  buyersBookingId = crypto.randomUUID();
  await sql(
    `insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, created_at)
     values (?, ?, ?, 'Forms Buyer', ?, '0171', 'Gulshan', ?)`,
    [buyersBookingId, carId, buyerId, buyerEmail, new Date().toISOString()],
  );
  // Another buyer's paid booking of the car, reviewed: what a wrongly accepted removal would delete.
  const paidBookingId = crypto.randomUUID();
  await sql(
    `insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, paid, created_at)
     values (?, ?, ?, 'Forms Victim', 'victim@example.test', '0171', 'Gulshan', 1, ?)`,
    [paidBookingId, carId, victimBuyerId, new Date().toISOString()],
  );
  sellersReviewId = crypto.randomUUID();
  await sql("insert into reviews (id, booking_id, seller_id, rating, created_at) values (?, ?, ?, 5, ?)", [
    sellersReviewId,
    paidBookingId,
    sellerId,
    new Date().toISOString(),
  ]);
  buyersSavedSearchId = crypto.randomUUID();
  favouriteCarId = carId;
  await sql("insert into saved_searches (id, user_id, query, created_at) values (?, ?, 'make=Hostile', ?)", [
    buyersSavedSearchId,
    buyerId,
    new Date().toISOString(),
  ]);
  await sql("insert into favourites (user_id, product_id, created_at) values (?, ?, ?)", [buyerId, carId, new Date().toISOString()]);
  // Unread, so a wrongly accepted "Mark all as read" would change it.
  await sql(
    "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, ?, 'message', 'Hostile', '/', 'hostile', ?)",
    [crypto.randomUUID(), buyerId, new Date().toISOString()],
  );
  buyersConversationId = crypto.randomUUID();
  await sql("insert into conversations (id, product_id, buyer_id, seller_id, last_message_at, created_at) values (?, ?, ?, ?, ?, ?)", [
    buyersConversationId,
    carId,
    buyerId,
    sellerId,
    new Date().toISOString(),
    new Date().toISOString(),
  ]);
  photo = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#0f766e", seed: 7 }));
  // A price cut on the car the buyer saved emails them a signed one-click unsubscribe link.
  const cut = await apiJson(`/api/products/${carId}`, { resalePrice: 17500 }, { method: "PATCH", token: await accessToken(sellerEmail) });
  if (cut.status !== 200) throw new Error(`The price cut failed: ${cut.status}`);
  const [mail] = await sql("select headers from outgoing_emails where to_address = ? and headers is not null", [buyerEmail]);
  const link = /^<(.+)>$/.exec((JSON.parse(String(mail.headers)) as Record<string, string>)["List-Unsubscribe"])![1];
  unsubscribePath = new URL(link).pathname + new URL(link).search;
});

// ---- the bodies ----

interface Body {
  type: string | null;
  body: Uint8Array | ReadableStream<Uint8Array>;
}
interface HostileCase {
  label: string;
  body: (action: PageAction) => Promise<Body> | Body;
  status: (action: PageAction) => number;
  /** What the error page says; undefined where the page's own form shows what is wrong. */
  message: (action: PageAction) => string | undefined;
  appliesTo?: (action: PageAction) => boolean;
}

const bytes = (text: string) => new TextEncoder().encode(text);
const urlEncoded = (action: PageAction) => new URLSearchParams(action.fields()).toString();
const oversizedForm = (action: PageAction) => `${urlEncoded(action)}&padding=${"p".repeat(65 * 1024)}`;
const sixMiB = () => new Uint8Array(6 * 1024 * 1024).map((_, index) => [0xff, 0xd8, 0xff, 0xe0][index] ?? 0);

/** The action's form as a browser sends it with multipart (with a photo where it takes one). */
async function multipart(action: PageAction, photoBytes = photo) {
  const form = new FormData();
  for (const [name, value] of Object.entries(action.fields())) form.append(name, value);
  if (action.upload) form.append("photo", new File([photoBytes], "car.jpg", { type: "image/jpeg" }));
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type")!;
  return { type, boundary: type.split("boundary=")[1], bytes: Buffer.from(await encoded.arrayBuffer()) };
}

const streamed = (text: string) => new Blob([text]).stream();
const firstField = (action: PageAction) => Object.keys(action.fields())[0] ?? "note";
const unreadableText = { status: () => 400, message: () => "Some text in the form could not be read" };
const unreadableMultipart = {
  status: (action: PageAction) => (action.upload ? 400 : 415),
  message: (action: PageAction) => (action.upload ? "That form could not be read" : WRONG_TYPE),
};

const CASES: HostileCase[] = [
  {
    label: "JSON",
    body: (action) => ({ type: "application/json", body: bytes(JSON.stringify(action.fields())) }),
    status: () => 415,
    message: () => WRONG_TYPE,
  },
  {
    label: "text/plain",
    body: (action) => ({ type: "text/plain", body: bytes(urlEncoded(action)) }),
    status: () => 415,
    message: () => WRONG_TYPE,
  },
  {
    label: "no content type",
    body: (action) => ({ type: null, body: bytes(urlEncoded(action)) }),
    status: () => 415,
    message: () => WRONG_TYPE,
  },
  {
    label: "multipart without a boundary",
    body: async (action) => ({ type: "multipart/form-data", body: (await multipart(action)).bytes }),
    ...unreadableMultipart,
  },
  {
    label: "multipart without its closing boundary",
    body: async (action) => {
      const { type, boundary, bytes: body } = await multipart(action);
      return { type, body: body.subarray(0, body.lastIndexOf(`--${boundary}--`)) };
    },
    ...unreadableMultipart,
  },
  {
    label: "URL-encoded, cut short inside its first field",
    appliesTo: (action) => Object.keys(action.fields()).length > 0,
    body: (action) => ({ type: URL_ENCODED, body: bytes(`${Object.keys(action.fields())[0]}=%`) }),
    status: () => 400,
    message: () => undefined,
  },
  {
    label: "URL-encoded text cut inside a UTF-8 character",
    body: (action) => ({ type: URL_ENCODED, body: bytes(`${firstField(action)}=caf%C3`) }),
    ...unreadableText,
  },
  {
    label: "a lone surrogate, as a browser sends it (U+FFFD)",
    body: (action) => ({
      type: URL_ENCODED,
      body: bytes(new URLSearchParams({ ...action.fields(), [firstField(action)]: "Ana \ud800" }).toString()),
    }),
    ...unreadableText,
  },
  {
    label: "URL-encoded over 64 KiB",
    body: (action) => ({ type: URL_ENCODED, body: bytes(oversizedForm(action)) }),
    status: () => 413,
    message: () => "That form is too large",
  },
  {
    label: "URL-encoded over 64 KiB, streamed without a length",
    body: (action) => ({ type: URL_ENCODED, body: streamed(oversizedForm(action)) }),
    status: () => 413,
    message: () => "That form is too large",
  },
  {
    label: "multipart with a 6 MiB photo",
    appliesTo: (action) => action.upload === true,
    body: async (action) => {
      const { type, bytes: body } = await multipart(action, sixMiB());
      return { type, body };
    },
    status: () => 413,
    message: () => "That upload is too large",
  },
];

function post(path: string, action: PageAction, { type, body }: Body) {
  const cookie = cookies[action.as];
  const headers = { origin: appUrl, ...(cookie ? { cookie } : {}), ...(type ? { "content-type": type } : {}) };
  return request(action.url?.() ?? path, { method: "POST", headers, body, duplex: "half" } as RequestInit);
}

describe("page actions", () => {
  it("are all covered here (every route module in app/routes.ts that exports an action)", () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(pathsWithActions(routes).sort());
  });
});

describe.each(Object.entries(ACTIONS))("POST %s refuses hostile bodies", (path, action) => {
  const cases = CASES.filter((hostile) => hostile.appliesTo?.(action) ?? true);
  it.each(cases.map((hostile) => [hostile.label, hostile] as const))("%s", async (_label, hostile) => {
    const body = await hostile.body(action);
    const before = await tableSnapshot(TABLES);
    const response = await post(path, action, body);
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBe(hostile.status(action));
    const message = hostile.message(action) ?? "";
    if (action.resourceRoute) {
      expect(JSON.parse(text)).toEqual({ message: expect.stringContaining(message) });
    } else {
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(text).toContain(message);
    }
    expect(await tableSnapshot(TABLES), "the database changed").toEqual(before);
  });
});
