// The large catalogue, generated deterministically (fixed PRNG seed, fixed dates) and written
// straight into the SQLite file with multi-row INSERTs: seconds instead of minutes over HTTP.
import Database from "libsql";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "../../app/lib/schemas/catalog.ts";

export const LARGE = { categories: 50, users: 2000, products: 100_000, bookings: 100_000, reports: 100_000 };
/** Sellers among the generated users (the demo data has 2 more); the rest are buyers. */
const GENERATED_SELLERS = 398;
/** Buyers with no bookings at all, kept for the POST /api/bookings run (part of LARGE.users). */
export const FRESH_BUYERS = 100;
export const FRESH_BUYER_DOMAIN = "fresh.bench.test";

export const BASE_TIME = Date.UTC(2026, 5, 1);
const DAY = 86_400_000;
const ROWS_PER_INSERT = 100;

export const BRANDS = ["Toyota", "Honda", "Nissan", "Mitsubishi", "Suzuki", "Mazda", "Hyundai", "Kia", "Ford", "Subaru", "Lexus", "Isuzu"];
export const KINDS = ["Minivan", "Coupe", "Wagon", "Crossover", "Convertible"];
export const MODELS = [
  "Axio",
  "Premio",
  "Civic",
  "Fit",
  "X-Trail",
  "Note",
  "Pajero",
  "Swift",
  "Demio",
  "Tucson",
  "Rio",
  "Ranger",
  "Forester",
];
export const COLOURS = ["White", "Silver", "Black", "Grey", "Blue", "Red", "Green", "Brown"];
const FIRST = ["Rahim", "Karim", "Nadia", "Tanvir", "Farhana", "Imran", "Sadia", "Arif", "Nusrat", "Habib", "Ayesha", "Jamal"];
const LAST = ["Uddin", "Islam", "Ahmed", "Hossain", "Rahman", "Chowdhury", "Khan", "Sarkar", "Das", "Akter"];
export const SENTENCES = [
  "Single owner with full service history.",
  "New tyres fitted last spring.",
  "Air conditioning is ice cold.",
  "Minor scratches on the rear bumper.",
  "Papers up to date and ready for transfer.",
  "Fuel efficient and easy to park in the city.",
  "Serviced every 5,000 km with records.",
];

type Row = (string | number | null)[];
type Seller = { id: string; name: string; email: string };
type Car = { id: string; name: string; sellerName: string };

/** mulberry32: small, fast and good enough for test data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)];
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => int(16).toString(16));
    hex[12] = "4";
    hex[16] = "89ab"[int(4)];
    const s = hex.join("");
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };
  return { next, int, pick, uuid };
}

const iso = (time: number) => new Date(time).toISOString();
const pad = (n: number) => String(n).padStart(4, "0");

function insertRows(db: Database.Database, table: string, columns: string[], rows: Row[]) {
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const sqlFor = (count: number) => `insert into ${table} (${columns.join(", ")}) values ${Array(count).fill(tuple).join(", ")}`;
  const full = db.prepare(sqlFor(ROWS_PER_INSERT));
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const chunk = rows.slice(start, start + ROWS_PER_INSERT);
    const statement = chunk.length === ROWS_PER_INSERT ? full : db.prepare(sqlFor(chunk.length));
    statement.run(...chunk.flat());
  }
}

/** Distinct (a, b) index pairs, e.g. one booking per buyer and car. */
function distinctPairs(rand: ReturnType<typeof prng>, count: number, aSize: number, bSize: number): [number, number][] {
  const seen = new Set<number>();
  const pairs: [number, number][] = [];
  for (let attempt = 0; pairs.length < count && attempt < count * 10; attempt++) {
    const a = rand.int(aSize);
    const b = rand.int(bSize);
    if (seen.has(a * bSize + b)) continue;
    seen.add(a * bSize + b);
    pairs.push([a, b]);
  }
  if (pairs.length < count) throw new Error(`Could only draw ${pairs.length} of ${count} distinct pairs`);
  return pairs;
}

/**
 * Adds the generated catalogue to a database that already holds the demo data, up to the
 * LARGE totals. Everyone generated gets the demo accounts' password (their very hash).
 */
export function seedLargeCatalogue(file: string) {
  const rand = prng(20260601);
  const db = new Database(file);
  try {
    // A throwaway file: skip durability, and keep the random-key indexes in memory while they grow.
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -524288");
    const count = (table: string) => Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    const demoHash = (db.prepare("select password_hash as h from users where email = 'buyer@autoreseller.test'").get() as { h: string }).h;
    const demoSellers = db.prepare("select id, name, email from users where role = 'seller'").all() as Seller[];
    const demoBuyers = db.prepare("select id, name, email from users where role = 'buyer'").all() as Seller[];
    const demoCategories = (db.prepare("select id from categories").all() as { id: string }[]).map((row) => row.id);

    db.exec("BEGIN");
    // Building an index once over sorted keys beats growing it one random UUID at a time.
    const indexes = db
      .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name in ('bookings', 'reports') and sql is not null")
      .all() as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`drop index "${index.name}"`);
    const categoryRows: Row[] = [];
    for (let i = 0; i < LARGE.categories - demoCategories.length; i++) {
      const name = `${BRANDS[i % BRANDS.length]} ${KINDS[Math.floor(i / BRANDS.length) % KINDS.length]}`;
      categoryRows.push([rand.uuid(), name, `/images/bench-category-${pad(i)}.jpg`, iso(BASE_TIME - 400 * DAY)]);
    }
    insertRows(db, "categories", ["id", "name", "image", "created_at"], categoryRows);
    const categoryIds = [...demoCategories, ...categoryRows.map((row) => row[0] as string)];

    const userRows: Row[] = [];
    const sellers = [...demoSellers];
    const buyers = [...demoBuyers];
    const generatedUsers = LARGE.users - count("users");
    for (let i = 0; i < generatedUsers; i++) {
      const isSeller = i < GENERATED_SELLERS;
      const isFresh = !isSeller && i >= generatedUsers - FRESH_BUYERS;
      const kind = isSeller ? "seller" : isFresh ? "fresh" : "buyer";
      const user = {
        id: rand.uuid(),
        name: `${rand.pick(FIRST)} ${rand.pick(LAST)} ${pad(i)}`,
        email: isFresh ? `${kind}${pad(i)}@${FRESH_BUYER_DOMAIN}` : `${kind}${pad(i)}@bench.test`,
      };
      if (isSeller) sellers.push(user);
      else if (!isFresh) buyers.push(user);
      const verified = isSeller && rand.next() < 0.3 ? 1 : 0;
      userRows.push([
        user.id,
        user.name,
        user.email,
        demoHash,
        isSeller ? "seller" : "buyer",
        verified,
        1,
        iso(BASE_TIME - rand.int(700) * DAY),
      ]);
    }
    insertRows(db, "users", ["id", "name", "email", "password_hash", "role", "verified", "email_verified", "created_at"], userRows);

    const cars: Car[] = [];
    const carRows: Row[] = [];
    for (let i = 0; i < LARGE.products - count("products"); i++) {
      const seller = rand.pick(sellers);
      const year = 2008 + rand.int(16);
      const original = 10_000 + rand.int(70) * 1000;
      const make = rand.pick(BRANDS);
      const model = rand.pick(MODELS);
      const car = { id: rand.uuid(), name: `${make} ${model} ${rand.pick(KINDS)} ${year} #${pad(i)}`, sellerName: seller.name };
      cars.push(car);
      carRows.push([
        car.id,
        car.name,
        original,
        Math.round(original * (0.5 + rand.next() * 0.4)),
        rand.pick(LOCATIONS),
        rand.pick(categoryIds),
        rand.pick(CONDITIONS),
        `+880 1711-${100000 + rand.int(900000)}`,
        `${rand.pick(SENTENCES)} ${rand.pick(SENTENCES)} ${rand.pick(SENTENCES)}`,
        year,
        `/images/bench-car-${pad(i % 50)}.jpg`,
        seller.id,
        seller.name,
        seller.email,
        rand.next() < 0.1 ? 1 : 0,
        rand.next() < 0.05 ? 1 : 0,
        iso(BASE_TIME - rand.int(365 * DAY)),
        make,
        model,
        (2024 - year) * (8000 + rand.int(12000)),
        rand.pick(TRANSMISSIONS),
        rand.pick(FUELS),
        rand.pick(COLOURS),
      ]);
    }
    insertRows(
      db,
      "products",
      [
        "id",
        "name",
        "original_price",
        "resale_price",
        "location",
        "category_id",
        "condition",
        "mobile",
        "description",
        "purchase_year",
        "image",
        "seller_id",
        "seller_name",
        "seller_email",
        "is_advertised",
        "is_paid",
        "created_at",
        "make",
        "model",
        "mileage_km",
        "transmission",
        "fuel",
        "colour",
      ],
      carRows,
    );

    const bookingRows: Row[] = distinctPairs(rand, LARGE.bookings, buyers.length, cars.length).map(([b, p]) => [
      rand.uuid(),
      cars[p].id,
      buyers[b].id,
      buyers[b].name,
      buyers[b].email,
      `+880 1811-${100000 + rand.int(900000)}`,
      rand.pick(LOCATIONS),
      iso(BASE_TIME - rand.int(200 * DAY)),
    ]);
    insertRows(
      db,
      "bookings",
      ["id", "product_id", "buyer_id", "buyer_name", "buyer_email", "phone", "meeting_location", "created_at"],
      bookingRows,
    );

    const reporters = [...sellers, ...buyers];
    const reportRows: Row[] = distinctPairs(rand, LARGE.reports, reporters.length, cars.length).map(([r, p]) => [
      rand.uuid(),
      cars[p].id,
      reporters[r].id,
      cars[p].name,
      cars[p].sellerName,
      iso(BASE_TIME - rand.int(100 * DAY)),
    ]);
    insertRows(db, "reports", ["id", "product_id", "reporter_id", "product_name", "seller_name", "created_at"], reportRows);
    for (const index of indexes) db.exec(index.sql);
    db.exec("COMMIT");
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
}
