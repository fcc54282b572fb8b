import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, firstCategoryId, register, registerSeller, request, signIn, sql, uniqueEmail, uploadImage } from "./client";
import { tableSnapshot } from "./snapshot";

// Hostile and malformed input on every endpoint that takes any, sent with valid credentials:
// always a 4xx with the contract's JSON error body, never a 5xx, and the data stays as it was.

const SQL_DROP = "'; DROP TABLE users; --";
const SQL_OR = '" OR 1=1 --';
const SCRIPT = "<script>alert(1)</script>";
const IMG = "<img src=x onerror=alert(1)>";
const LONG = "x".repeat(10_000);
const CONTROL = "a\u0000b\u001bc";
const HOSTILE_NAME = `<script>alert("x")</script> & 'quotes'`;
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

/** A number literal written as-is into the JSON text (JSON.stringify loses 2**53+1 and cannot write 1e309). */
class Raw {
  constructor(readonly text: string) {}
}

let sellerEmail: string, buyerEmail: string, sellerToken: string, buyerToken: string, adminToken: string, buyerCookie: string;
// Accounts of their own for the endpoints that check a password: wrong ones count against the account.
let movingToken: string, closingToken: string;
let imageUrl: string, categoryId: string, carId: string, bookingId: string, clientSecret: string, moneyProblemId: string;
let offerCarId: string, counteredCarId: string, offerId: string;
let jpeg: Uint8Array<ArrayBuffer>;

const bearer = (token: () => string) => () => ({ authorization: `Bearer ${token()}` });
const validCar = () => ({
  productName: "Bad Input Coupe 2019",
  originalPrice: 20000,
  resalePrice: 15000,
  location: "Dhaka",
  categoryId,
  condition: "Good",
  mobile: "+880 1711-000000",
  productDescription: "Listed by the bad-input tests.",
  purchaseYear: 2019,
  image: imageUrl,
});

beforeAll(async () => {
  sellerEmail = uniqueEmail("hostile-seller");
  buyerEmail = uniqueEmail("hostile-buyer");
  await registerSeller({ email: sellerEmail, name: HOSTILE_NAME });
  await register({ email: buyerEmail, name: "Bad Input Buyer" });
  [sellerToken, buyerToken, adminToken] = await Promise.all([
    accessToken(sellerEmail),
    accessToken(buyerEmail),
    accessToken("admin@autoreseller.test"),
  ]);
  buyerCookie = await signIn(buyerEmail);
  const [moving, closing] = [uniqueEmail("hostile-moving"), uniqueEmail("hostile-closing")];
  await Promise.all([register({ email: moving }), register({ email: closing })]);
  [movingToken, closingToken] = await Promise.all([accessToken(moving), accessToken(closing)]);
  jpeg = await renderJpeg(carPhotoSvg({ body: "coupe", color: "#7c3aed", seed: 31 }));
  imageUrl = ((await (await uploadImage(jpeg, "car.jpg", "image/jpeg", sellerToken)).json()) as { data: { url: string } }).data.url;
  categoryId = await firstCategoryId();
  carId = await created(apiJson("/api/products/add", validCar(), { token: sellerToken }));
  bookingId = await created(
    apiJson("/api/bookings", { product_id: carId, phone: "01711 000000", meetingLocation: "Gulshan" }, { token: buyerToken }),
  );
  clientSecret = (
    (await (await apiJson("/api/payment/create-payment-intent", { bookingId }, { token: buyerToken })).json()) as { clientSecret: string }
  ).clientSecret;
  offerCarId = await created(apiJson("/api/products/add", validCar(), { token: sellerToken }));
  counteredCarId = await created(apiJson("/api/products/add", validCar(), { token: sellerToken }));
  offerId = await created(apiJson(`/api/products/${counteredCarId}/offers`, { amount: 10000 }, { token: buyerToken }));
  moneyProblemId = crypto.randomUUID();
  await sql("insert into money_problems (id, kind, key, amount, detail, created_at) values (?, 'unknown_charge', ?, 100, 'Bad input', ?)", [
    moneyProblemId,
    `bad-input:${moneyProblemId}`,
    new Date().toISOString(),
  ]);
});

async function created(pending: Promise<Response>): Promise<string> {
  const response = await pending;
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

// ---- checking an answer and the database ----

const TABLES = [
  "users",
  "categories",
  "products",
  "bookings",
  "payments",
  "reports",
  "simulated_intents",
  "audit_log",
  "money_problems",
  "offers",
];

/** Every business table (not sessions or rate limits) as it is now. */
const snapshot = () => tableSnapshot(TABLES);

/** The status is one of those allowed; an error body is exactly `{ message, issues? }`. */
async function expectErrorBody(response: Response, allowed: number[]) {
  const text = await response.text();
  expect(allowed, `status ${response.status}: ${text.slice(0, 300)}`).toContain(response.status);
  if (response.status < 400) return JSON.parse(text);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { message: unknown; issues?: unknown };
  expect(Object.keys(body).filter((key) => key !== "message" && key !== "issues")).toEqual([]);
  expect(body.message).toEqual(expect.any(String));
  if (body.issues !== undefined) expect(body.issues).toEqual(expect.any(Array));
  for (const issue of (body.issues ?? []) as unknown[]) expect(issue).toEqual({ path: expect.any(String), message: expect.any(String) });
  return body;
}

/** Sends a bad request: it must get an allowed status and leave every business table as it was. */
async function expectRejected(send: () => Promise<Response>, status: number | number[]) {
  const before = await snapshot();
  const response = await send();
  await response.clone().arrayBuffer();
  expect.soft(await snapshot(), "the database changed").toEqual(before);
  return expectErrorBody(response, Array.isArray(status) ? status : [status]);
}

// ---- JSON bodies ----

type Variant = [label: string, value: unknown, status: number];
type FieldCase = [label: string, path: string, value: unknown, status: number];
const as400 = (pairs: [string, unknown][]): Variant[] => pairs.map(([label, value]) => [label, value, 400]);
const NOT_TEXT = as400([
  ["a number", 123],
  ["a boolean", true],
  ["an object", { a: 1 }],
  ["an array", ["x"]],
  ["null", null],
]);
const BLANK_OR_LONG = as400([
  ["empty", ""],
  ["blank", "   "],
  ["10,000 characters", LONG],
]);
const NOT_COUNT = as400([
  ["a numeric string", "2000"],
  ["a boolean", true],
  ["an object", { a: 1 }],
  ["an array", [2000]],
  ["null", null],
  ["negative", -1],
  ["zero", 0],
  ["fractional", 1.5],
  ["1e308", new Raw("1e308")],
  ["1e309 (Infinity)", new Raw("1e309")],
  ["2**53+1", new Raw("9007199254740993")],
]);
const sqlish = (status: number): Variant[] => [
  [SQL_DROP, SQL_DROP, status],
  [SQL_OR, SQL_OR, status],
];
const htmlish = (status: number): Variant[] => [
  [SCRIPT, SCRIPT, status],
  [IMG, IMG, status],
];
const hostile = (status: number): Variant[] => [...sqlish(status), ...htmlish(status), ["control characters", CONTROL, status]];
const cases = (path: string, variants: Variant[]): FieldCase[] =>
  variants.map(([label, value, status]) => [`${path}: ${label}`, path, value, status]);
const text = (path: string, ...more: Variant[]) => cases(path, [...NOT_TEXT, ...BLANK_OR_LONG, ...more]);
const count = (path: string, ...more: Variant[]) => cases(path, [...NOT_COUNT, ...more]);

/** The body as JSON text with one field (a dot path) replaced. */
function withField(body: object, path: string, value: unknown): string {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split(".");
  const parent = keys.slice(0, -1).reduce((target, key) => target[key] as Record<string, unknown>, copy);
  parent[keys.at(-1)!] = value instanceof Raw ? "@@RAW@@" : value;
  return JSON.stringify(copy).replace('"@@RAW@@"', value instanceof Raw ? value.text : "");
}

interface JsonEndpoint {
  path: string;
  method?: string;
  headers: () => Record<string, string>;
  valid: () => object;
  fields: FieldCase[];
}
const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  "POST /api/users": {
    path: "/api/users",
    headers: () => ({}),
    valid: () => ({ name: "Never Stored", email: uniqueEmail("never"), password: "Passw0rd!", accountType: "buyer" }),
    fields: [
      ...text("name"),
      ...text("email", ["not an address", "not-an-email", 400], ...hostile(400), [
        "an existing email in capitals",
        "BUYER@AUTORESELLER.TEST",
        409,
      ]),
      ...text("password", ["too short", "Aa1!", 400], ["no uppercase, digit or special", "alllowercase", 400]),
      ...cases("accountType", [["admin", "admin", 400], ["a number", 1, 400], ["null", null, 400], ...sqlish(400)]),
    ],
  },
  "POST /api/jwt": {
    path: "/api/jwt",
    headers: () => ({}),
    valid: () => ({ email: uniqueEmail("no-account"), password: "Passw0rd!" }),
    fields: [
      ...text("email", ["not an address", "not-an-email", 400], ...hostile(400)),
      ...text("password", ...sqlish(401), ...htmlish(401)),
      ...cases("code", [
        ["a number", 123456, 400],
        ["an object", {}, 400],
        ["10,000 characters", LONG, 400],
      ]),
    ],
  },
  "POST /api/me/email": {
    path: "/api/me/email",
    headers: bearer(() => movingToken),
    valid: () => ({ email: uniqueEmail("never-moved"), password: "Passw0rd!" }),
    fields: [
      ...text("email", ["not an address", "not-an-email", 400], ...hostile(400), [
        "an address with an account",
        "SELLER@AUTORESELLER.TEST",
        409,
      ]),
      ...cases("password", [...NOT_TEXT, ["10,000 characters", LONG, 400], ...sqlish(403), ...htmlish(403)]),
      ...cases("signOutOthers", [
        ["a string", "yes", 400],
        ["a number", 1, 400],
        ["null", null, 400],
      ]),
    ],
  },
  "DELETE /api/me": {
    path: "/api/me",
    method: "DELETE",
    headers: bearer(() => closingToken),
    // Not the password: the variations below must never close the account.
    valid: () => ({ password: "Not-the-password1!" }),
    fields: [
      ...cases("password", [...NOT_TEXT, ["10,000 characters", LONG, 400], ...sqlish(403), ...htmlish(403)]),
      ...cases("confirm", [...NOT_TEXT, ["10,000 characters", LONG, 400]]),
    ],
  },
  "POST /api/products/add": {
    path: "/api/products/add",
    headers: bearer(() => sellerToken),
    valid: validCar,
    fields: [
      ...text("productName"),
      ...count("originalPrice", ["over 10,000,000", 10_000_001, 400]),
      ...count("resalePrice"),
      ...count("purchaseYear", ["1949", 1949, 400], ["next year", new Date().getUTCFullYear() + 1, 400]),
      ...text("location", ["not a listed city", "Mars", 400], ...sqlish(400), ...htmlish(400)),
      ...text("condition", ["not a listed condition", "New", 400], ...sqlish(400), ...htmlish(400)),
      ...text("categoryId", ...hostile(404)),
      ...text("mobile", ["letters", "call me maybe", 400], ...hostile(400)),
      ...text("productDescription"),
      ...text(
        "image",
        ["javascript: URL", "javascript:alert(1)", 400],
        ["another host", "https://evil.example/car.jpg", 400],
        ["path traversal", "/images/../../etc/passwd", 400],
        ["well formed but never uploaded", "/images/aaaaaaaa-bbbb-cccc.jpg", 400],
        ...hostile(400),
      ),
    ],
  },
  "POST /api/categories/add": {
    path: "/api/categories/add",
    headers: bearer(() => adminToken),
    valid: () => ({ categoryName: `zzz never stored ${crypto.randomUUID()}`, image: imageUrl }),
    fields: [
      ...text("categoryName", ["61 characters", "c".repeat(61), 400]),
      ...text("image", ["another host", "https://evil.example/x.png", 400], ...hostile(400)),
    ],
  },
  "POST /api/bookings": {
    path: "/api/bookings",
    headers: bearer(() => buyerToken),
    valid: () => ({ product_id: carId, phone: "01711 000000", meetingLocation: "Banani" }),
    fields: [...text("product_id", ...hostile(404)), ...text("phone", ["81 characters", "1".repeat(81), 400]), ...text("meetingLocation")],
  },
  "POST /api/report": {
    path: "/api/report",
    headers: bearer(() => buyerToken),
    valid: () => ({ product_id: carId }),
    fields: text("product_id", ...hostile(404)),
  },
  "POST /api/payment/create-payment-intent": {
    path: "/api/payment/create-payment-intent",
    headers: bearer(() => buyerToken),
    valid: () => ({ bookingId }),
    fields: text("bookingId", ...hostile(404)),
  },
  "POST /api/payment": {
    path: "/api/payment",
    headers: bearer(() => buyerToken),
    valid: () => ({ bookingId, transactionId: "pi_sim_not_a_real_payment" }),
    fields: [...text("bookingId", ...hostile(404)), ...text("transactionId", ...hostile(400))],
  },
  "POST /api/admin/money-problems/:id/resolve": {
    get path() {
      return `/api/admin/money-problems/${moneyProblemId}/resolve`;
    },
    headers: bearer(() => adminToken),
    valid: () => ({ note: "Checked at the provider" }),
    fields: cases("note", [...NOT_TEXT, ...BLANK_OR_LONG, ["501 characters", "n".repeat(501), 400], ["control characters", CONTROL, 400]]),
  },
  // The car is $15,000: an offer is $7,500 to $14,999; a counter to the $10,000 offer is $10,001 to $14,999.
  "POST /api/products/:id/offers": {
    get path() {
      return `/api/products/${offerCarId}/offers`;
    },
    headers: bearer(() => buyerToken),
    valid: () => ({ amount: 10000, message: "Would you take this?" }),
    fields: [
      ...count("amount", ["under half the price", 7499, 400], ["the price", 15000, 400], ["over the price", 20000, 400]),
      ...cases("message", [...NOT_TEXT, ["501 characters", "m".repeat(501), 400], ["control characters", CONTROL, 400]]),
    ],
  },
  "POST /api/offers/:id/counter": {
    get path() {
      return `/api/offers/${offerId}/counter`;
    },
    headers: bearer(() => sellerToken),
    valid: () => ({ amount: 12000 }),
    fields: count("amount", ["the offer", 10000, 400], ["below the offer", 9000, 400], ["the price", 15000, 400]),
  },
  "POST /api/payment/simulator/confirm": {
    path: "/api/payment/simulator/confirm",
    headers: bearer(() => buyerToken),
    valid: () => ({ clientSecret, card: GOOD_CARD }),
    fields: [
      ...text("clientSecret", ...hostile(404)),
      ...cases("card", [...NOT_TEXT, ["a string", "4242424242424242", 400]]),
      ...text(
        "card.number",
        ["digits as a number", 4242424242424242, 400],
        ["too short", "4242", 400],
        ["failing Luhn", "4242 4242 4242 4241", 400],
        ...hostile(400),
      ),
      ...count("card.expMonth", ["13", 13, 400]),
      ...count("card.expYear", ["last year", new Date().getUTCFullYear() - 1, 400]),
      ...text("card.cvc", ["5 digits", "12345", 400], ["letters", "abc", 400], ...hostile(400)),
    ],
  },
};

const validText = (endpoint: JsonEndpoint) => JSON.stringify(endpoint.valid());
const oversized = (endpoint: JsonEndpoint) => JSON.stringify({ ...endpoint.valid(), padding: "p".repeat(64 * 1024) });
const BODY_CASES: [label: string, contentType: string | null, body: (endpoint: JsonEndpoint) => string | ReadableStream, status: number][] =
  [
    ["malformed JSON", "application/json", () => '{"name": "x",', 400],
    ["a JSON array", "application/json", (endpoint) => `[${validText(endpoint)}]`, 400],
    ["a JSON string", "application/json", () => '"just a string"', 400],
    ["null", "application/json", () => "null", 400],
    ["a number", "application/json", () => "42", 400],
    ["an empty body", "application/json", () => "", 400],
    ["text/plain", "text/plain", validText, 415],
    ["form-urlencoded", "application/x-www-form-urlencoded", () => "a=1&b=2", 415],
    ["multipart/form-data", "multipart/form-data; boundary=x", () => "--x--\r\n", 415],
    ["no content type", null, validText, 415],
    ["JSON over 64 KiB", "application/json", oversized, 413],
    ["JSON over 64 KiB, chunked without a length", "application/json", (endpoint) => new Blob([oversized(endpoint)]).stream(), 413],
  ];

/** Sends bytes, not a string, so that fetch adds no content type of its own. */
function post(endpoint: JsonEndpoint, body: string | ReadableStream, contentType: string | null = "application/json") {
  const headers = { ...endpoint.headers(), ...(contentType ? { "content-type": contentType } : {}) };
  const payload = typeof body === "string" ? new TextEncoder().encode(body) : body;
  return request(endpoint.path, { method: endpoint.method ?? "POST", headers, body: payload, duplex: "half" } as RequestInit);
}

// A 400 names the field it refuses, except where the value passes the schema and the service
// refuses it as a whole (a transaction id that is not this booking's payment).
const REFUSED_WITHOUT_ISSUES = new Set(["POST /api/payment transactionId"]);

describe.each(Object.entries(JSON_ENDPOINTS))("%s refuses bad input", (name, endpoint) => {
  it.each(BODY_CASES)("body: %s", async (_label, contentType, body, status) => {
    await expectRejected(() => post(endpoint, body(endpoint), contentType), status);
  });
  it.each(endpoint.fields)("%s", async (_label, path, value, status) => {
    const { issues = [] } = (await expectRejected(() => post(endpoint, withField(endpoint.valid(), path, value)), status)) as {
      issues?: { path: string }[];
    };
    const related = (issue: { path: string }) =>
      issue.path === path || path.startsWith(`${issue.path}.`) || issue.path.startsWith(`${path}.`);
    const mustName = status === 400 && !REFUSED_WITHOUT_ISSUES.has(`${name} ${path}`);
    if (mustName || issues.length > 0) expect(issues.some(related), `issues name ${path}: ${JSON.stringify(issues)}`).toBe(true);
  });
});

// ---- query strings and path parameters ----

const enc = encodeURIComponent;
const LIST_QUERIES = [
  "page=0",
  "page=-1",
  "page=1.5",
  "page=abc",
  "page=1e308",
  "page=9007199254740993",
  "page=",
  "page=%00",
  "limit=0",
  "limit=51",
  "limit=-5",
  "limit=1e308",
  "sort=password",
  `sort=${enc(SQL_DROP)}`,
  `sort=${LONG}`,
  "order=sideways",
  `order=${enc(SQL_OR)}`,
  `order=${enc(SCRIPT)}`,
];
describe.each(["/api/users/sellers", "/api/users/buyers", "/api/report"])("GET %s (admin) refuses bad list queries", (path) => {
  it.each(LIST_QUERIES)("?%s", async (query) => {
    await expectRejected(() => request(`${path}?${query}`, { headers: bearer(() => adminToken)() }), 400);
  });
});

describe("GET /api/products/price-suggestion (seller) refuses bad facts", () => {
  it.each([
    "",
    "model=Corolla&purchaseYear=2016",
    `make=${enc(LONG)}&model=Corolla&purchaseYear=2016`,
    `make=${enc(SQL_DROP)}&model=${enc(SCRIPT)}&purchaseYear=20166`,
    "make=Toyota&model=Corolla&purchaseYear=1e3",
    "make=Toyota&model=Corolla&purchaseYear=1800",
    "make=Toyota&model=Corolla&purchaseYear=2016&mileageKm=-5",
    "make=Toyota&model=Corolla&purchaseYear=2016&mileageKm=12345678901",
  ])("?%s", async (query) => {
    await expectRejected(() => request(`/api/products/price-suggestion?${query}`, { headers: bearer(() => sellerToken)() }), 400);
  });
  it("answers hostile words as words: no comparables, never a 5xx", async () => {
    const response = await request(`/api/products/price-suggestion?make=${enc(SQL_OR)}&model=${enc(IMG)}&purchaseYear=2016`, {
      headers: bearer(() => sellerToken)(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ estimate: null, comparables: [] });
  });
});

describe("GET /api/categories/:id refuses bad paging", () => {
  it.each(["page=0", "page=-1", "page=1.5", "page=abc", "page=", "limit=0", "limit=101", "limit=1e308"])("?%s", async (query) => {
    await expectRejected(() => request(`/api/categories/${categoryId}?${query}`, { headers: bearer(() => buyerToken)() }), 400);
  });
  it.each(["page=1e308", "page=1e308&limit=1", "page=9007199254740993", "page=999999999"])(
    "?%s is an empty page or a 400, never a 5xx",
    async (query) => {
      const body = await expectRejected(
        () => request(`/api/categories/${categoryId}?${query}`, { headers: bearer(() => buyerToken)() }),
        [200, 400],
      );
      if (Array.isArray(body)) expect(body).toEqual([]);
    },
  );
});

describe("GET /api/jwt?email= (signed-in session) refuses bad emails", () => {
  it.each([
    ["no email", "", 400],
    ["empty email", "?email=", 400],
    ["not an address", "?email=nope", 400],
    ["SQL", `?email=${enc(SQL_DROP)}`, 400],
    ["HTML", `?email=${enc(SCRIPT)}`, 400],
    ["10,000 characters", `?email=${LONG}%40example.test`, 400],
    ["NUL", "?email=a%00%40example.test", 400],
    ["another user's email", "?email=buyer2%40autoreseller.test", 403],
  ] as const)("%s", async (_label, query, status) => {
    await expectRejected(() => request(`/api/jwt${query}`, { headers: { cookie: buyerCookie } }), status);
  });
});

const BAD_EMAILS: [string, string, number][] = [
  ["not an address", "not-an-email", 400],
  ["SQL", SQL_DROP, 400],
  ["SQL OR", SQL_OR, 400],
  ["HTML", IMG, 400],
  ["10,000 characters", `${LONG}@example.test`, 400],
  ["control characters", `${CONTROL}@example.test`, 400],
];
const EMAIL_ROUTES: [string, () => string, number][] = [
  ["/api/users/admin/", () => buyerToken, 403],
  ["/api/users/buyer/", () => buyerToken, 403],
  ["/api/users/seller/", () => buyerToken, 403],
  ["/api/products/seller/", () => sellerToken, 403],
  ["/api/booking/orders/", () => buyerToken, 404],
];
describe.each(EMAIL_ROUTES)("GET %s:email refuses bad emails", (prefix, token, othersStatus) => {
  it.each([...BAD_EMAILS, ["another user's email", "buyer2@autoreseller.test", othersStatus]])("%s", async (_label, email, status) => {
    await expectRejected(() => request(`${prefix}${enc(email)}`, { headers: bearer(token)() }), status);
  });
});

describe("GET /api/dev/mail refuses bad addresses", () => {
  it.each([["no address", ""], ...BAD_EMAILS.map(([label, email]) => [label, `?to=${enc(email)}`])])("%s", async (_label, query) => {
    await expectRejected(() => request(`/api/dev/mail${query}`), 400);
  });
});

describe("/unsubscribe answers a malformed signature with 400, never 5xx, and unsubscribes nobody", () => {
  const MALFORMED = ["", "a", "ab=", "abcde", "%%%", "a".repeat(42), "a".repeat(44), LONG, SQL_DROP, SCRIPT, CONTROL];
  it.each(MALFORMED.map((signature) => [JSON.stringify(signature.slice(0, 40)), signature]))("signature=%s", async (_label, signature) => {
    const [{ id }] = await sql("select id from users where email = ?", [buyerEmail]);
    const link = `/unsubscribe?user=${String(id)}&kind=price_drop&signature=${enc(signature)}`;
    const before = await tableSnapshot([...TABLES, "email_opt_outs"]);
    expect((await request(link)).status).toBe(400);
    const posted = await request(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(posted.status).toBe(400);
    expect(await tableSnapshot([...TABLES, "email_opt_outs"])).toEqual(before);
  });
});

const BAD_IDS = [SQL_DROP, SQL_OR, "x' OR '1'='1", SCRIPT, LONG, CONTROL, "../../etc/passwd"];
const ID_ROUTES: [string, string, () => string][] = [
  ["GET", "/api/booking/", () => buyerToken],
  ["GET", "/api/categories/", () => buyerToken],
  ["PATCH", "/api/products/advertisement/", () => sellerToken],
  ["DELETE", "/api/products/", () => sellerToken],
  ["DELETE", "/api/users/seller/", () => adminToken],
  ["DELETE", "/api/users/buyer/", () => adminToken],
  ["PATCH", "/api/users/verify-seller/", () => adminToken],
  ["DELETE", "/api/report/item/", () => adminToken],
  ["DELETE", "/api/report/", () => adminToken],
];
describe("GET /api/offers refuses bad list queries", () => {
  it.each([
    ...LIST_QUERIES.filter((query) => !query.startsWith("sort") && !query.startsWith("order")),
    "role=admin",
    "status=sold",
    `role=${enc(SQL_DROP)}`,
  ])("?%s", async (query) => {
    await expectRejected(() => request(`/api/offers?${query}`, { headers: bearer(() => buyerToken)() }), 400);
  });
});
describe.each(["accept", "decline", "withdraw", "counter"])("POST /api/offers/:id/%s answers 404 for ids that do not exist", (step) => {
  it.each(BAD_IDS.map((id) => [JSON.stringify(id.slice(0, 40)), id]))("%s", async (_label, id) => {
    const send = () => apiJson(`/api/offers/${enc(id)}/${step}`, { amount: 12000 }, { token: buyerToken });
    await expectRejected(send, 404);
  });
});
describe.each(ID_ROUTES)("%s %s:id answers 404 for ids that do not exist", (method, prefix, token) => {
  it.each(BAD_IDS.map((id) => [JSON.stringify(id.slice(0, 40)), id]))("%s", async (_label, id) => {
    await expectRejected(() => request(`${prefix}${enc(id)}`, { method, headers: bearer(token)() }), 404);
  });
});

// ---- multipart: POST /api/images ----

const photo = (bytes: BlobPart, type: string, name: string) => new File([bytes], name, { type });
function formWith(field: string, value: string | File) {
  const form = new FormData();
  form.append(field, value);
  return form;
}
const sixMiB = () => new Uint8Array(6 * 1024 * 1024).map((_, index) => [0xff, 0xd8, 0xff, 0xe0][index] ?? 0);

describe("POST /api/images refuses what is not a photo", () => {
  it.each<[string, string | null, () => BodyInit, number]>([
    ["text/plain", "text/plain", () => "hello", 415],
    ["form-urlencoded", "application/x-www-form-urlencoded", () => "image=abc", 415],
    ["JSON", "application/json", () => '{"image":"x"}', 415],
    ["no content type", null, () => jpeg, 415],
    ["multipart without a boundary", "multipart/form-data", () => "--x\r\n", 400],
    ["garbled multipart", "multipart/form-data; boundary=abc", () => "this is not multipart", 400],
    ["no image field", null, () => formWith("photo", photo(jpeg, "image/jpeg", "car.jpg")), 400],
    ["image as a text field", null, () => formWith("image", "not a file"), 400],
    ["an empty file", null, () => formWith("image", photo("", "image/jpeg", "empty.jpg")), 400],
    ["a text file named .jpg", null, () => formWith("image", photo("hello there", "image/jpeg", "car.jpg")), 415],
    [
      "an SVG with a script",
      null,
      () => formWith("image", photo(`<svg xmlns="http://www.w3.org/2000/svg">${SCRIPT}</svg>`, "image/svg+xml", "x.svg")),
      415,
    ],
    ["an HTML page", null, () => formWith("image", photo(`<html>${IMG}</html>`, "text/html", "x.html")), 415],
    ["6 MiB starting with JPEG magic bytes", null, () => formWith("image", photo(sixMiB(), "image/jpeg", "huge.jpg")), 413],
  ])("%s", async (_label, contentType, body, status) => {
    const headers = { authorization: `Bearer ${sellerToken}`, ...(contentType ? { "content-type": contentType } : {}) };
    const payload = body();
    await expectRejected(
      () =>
        request("/api/images", {
          method: "POST",
          headers,
          body: typeof payload === "string" ? new TextEncoder().encode(payload) : payload,
        }),
      status,
    );
  });
});

// ---- what is accepted is stored as sent, never more, and shown escaped ----

const row = async (statement: string, id: string) => ({ ...(await sql(statement, [id]))[0] });

describe("accepted text is stored verbatim and rendered escaped; unknown fields are dropped", () => {
  it("keeps a hostile product and seller name byte for byte and escapes them on pages", async () => {
    const carName = `${HOSTILE_NAME} ${IMG}`;
    const carDescription = `${SQL_DROP}\n${SQL_OR}`;
    const forged = {
      seller: "Someone Else",
      email: "evil@example.test",
      sellerId: "x",
      _id: "mine",
      id: "mine",
      isPaid: true,
      isAdvertised: true,
      sellerVerified: true,
      createdDate: "1999-01-01T00:00:00.000Z",
    };
    const id = await created(
      apiJson(
        "/api/products/add",
        { ...validCar(), productName: carName, productDescription: carDescription, ...forged },
        { token: sellerToken },
      ),
    );
    expect(id).not.toBe("mine");
    const sellerId = (await sql("select id from users where email = ?", [sellerEmail]))[0].id;
    expect(
      await row(
        "select name, description, seller_id, seller_name, seller_email, is_paid, is_advertised, created_at from products where id = ?",
        id,
      ),
    ).toEqual({
      name: carName,
      description: carDescription,
      seller_id: sellerId,
      seller_name: HOSTILE_NAME,
      seller_email: sellerEmail,
      is_paid: 0,
      is_advertised: 0,
      created_at: expect.stringMatching(/^20[2-9]\d-/),
    });
    const listed = (await (
      await request(`/api/products/seller/${sellerEmail}`, { headers: { authorization: `Bearer ${sellerToken}` } })
    ).json()) as Car[];
    expect(listed.find((car) => car._id === id)).toMatchObject({
      productName: carName,
      productDescription: carDescription,
      seller: HOSTILE_NAME,
      email: sellerEmail,
      isPaid: false,
      isAdvertised: false,
    });

    const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#x27;quotes&#x27;";
    for (const [path, cookie] of [
      ["/dashboard/myproducts", await signIn(sellerEmail)],
      [`/category/${categoryId}`, buyerCookie],
    ]) {
      const html = await (await request(path, { headers: { cookie } })).text();
      expect(html, path).not.toContain('<script>alert("x")');
      expect(html, path).not.toContain("<img src=x onerror");
      expect(html, path).toContain(escaped);
    }
  });

  it("refuses control characters in a product name, or keeps them exactly (NUL included)", async () => {
    const carName = "Ctrl \u001b[31m car \u0000 2019";
    const response = await apiJson("/api/products/add", { ...validCar(), productName: carName }, { token: sellerToken });
    const body = await expectErrorBody(response, [201, 400]);
    if (response.status === 201) expect(await row("select name from products where id = ?", body.insertedId)).toEqual({ name: carName });
  });

  it("drops unknown fields on sign-up, bookings, reports and categories", async () => {
    const email = uniqueEmail("extra-fields");
    const forgedUser = {
      role: "admin",
      verified: true,
      verify: true,
      emailVerified: true,
      isAdmin: true,
      _id: "mine",
      id: "mine",
      credentialsVersion: 99,
    };
    const userId = await created(apiJson("/api/users", { name: "Plain Buyer", email, password: "Passw0rd!", ...forgedUser }));
    expect(await row("select id, role, verified, email_verified, credentials_version from users where email = ?", email)).toEqual({
      id: userId,
      role: "buyer",
      verified: 0,
      email_verified: 0,
      credentials_version: 1,
    });

    const token = await accessToken(email);
    const forgedBooking = {
      name: "Evil",
      email: "evil@example.test",
      resalePrice: 1,
      paid: true,
      transactionId: "pi_forged",
      buyerId: "x",
      lost: true,
    };
    const booking = await created(
      apiJson("/api/bookings", { product_id: carId, phone: "017", meetingLocation: "Uttara", ...forgedBooking }, { token }),
    );
    expect(await row("select buyer_name, buyer_email, paid, transaction_id, lost from bookings where id = ?", booking)).toEqual({
      buyer_name: "Plain Buyer",
      buyer_email: email,
      paid: 0,
      transaction_id: null,
      lost: 0,
    });

    const report = await created(
      apiJson("/api/report", { product_id: carId, productName: "Forged", seller: "Forged", reporterId: "x" }, { token }),
    );
    expect(await row("select product_name, seller_name from reports where id = ?", report)).toEqual({
      product_name: "Bad Input Coupe 2019",
      seller_name: HOSTILE_NAME,
    });
    expect((await request(`/api/report/${carId}`, { method: "DELETE", headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(
      200,
    );

    const categoryName = `zzz bad input ${crypto.randomUUID()}`;
    const category = await created(
      apiJson("/api/categories/add", { categoryName, image: imageUrl, _id: "mine", createdAt: "1999-01-01" }, { token: adminToken }),
    );
    expect(await row("select id, name, created_at from categories where id = ?", category)).toEqual({
      id: category,
      name: categoryName,
      created_at: expect.stringMatching(/^20[2-9]\d-/),
    });
    await sql("delete from categories where id = ?", [category]);
  });

  it("records a payment at the car's price, whatever amount, email or car the client adds", async () => {
    expect(
      (await apiJson("/api/payment/simulator/confirm", { clientSecret, card: GOOD_CARD, amount: 1 }, { token: buyerToken })).status,
    ).toBe(200);
    const transactionId = clientSecret.split("_secret_")[0];
    const forged = { resalePrice: 1, amount: 1, price: 1, email: "evil@example.test", product_id: "other" };
    const paymentId = await created(apiJson("/api/payment", { bookingId, transactionId, ...forged }, { token: buyerToken }));
    expect(await row("select amount, buyer_email, product_id, transaction_id from payments where id = ?", paymentId)).toEqual({
      amount: 15000 * 100,
      buyer_email: buyerEmail,
      product_id: carId,
      transaction_id: transactionId,
    });
  });
});
