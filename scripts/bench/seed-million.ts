// The million-car catalogue: a copy of the large one grown inside SQLite itself, one INSERT … SELECT
// per 100,000 cars over a recursive counter, with no row crossing from JavaScript. Every column is
// derived from the car's number by fixed multiplicative hashes (deterministic, like seed-large's
// PRNG). The triggers (search index, facet counts, catalogue version) run for every car as for a real
// listing; the products table's own indexes are dropped first and built once at the end, since
// building an index over sorted keys beats growing it a million times.
import Database from "libsql";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "../../app/lib/schemas/catalog.ts";
import { BASE_TIME, BRANDS, COLOURS, KINDS, MODELS, SENTENCES } from "./seed-large.ts";

export const MILLION = 1_000_000;
const ROWS_PER_STATEMENT = 100_000;
/** A prime under 2^31: (n × multiplier) mod it stays an exact 64-bit integer in SQLite. */
const PRIME = 2_147_483_647;
const YEAR_SECONDS = 365 * 86_400;

/** `hash(k)`: the k-th pseudo-random non-negative integer of row `i` (SQL text over the column i). */
const MULTIPLIERS = [48_271, 69_621, 16_807, 39_373, 950_706_376, 742_938_285, 1_226_874_159, 62_089_911, 1_343_714_438, 630_360_016];
const hash = (k: number) => `((((i + 1) * ${MULTIPLIERS[k]}) % ${PRIME}) * 16807 % ${PRIME})`;
/** One of a list's items, picked by hash k (the list inlined as a JSON array). */
const pick = (k: number, items: readonly string[]) => `(${quote(JSON.stringify(items))} ->> (${hash(k)} % ${items.length}))`;
const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The INSERT … SELECT adding cars numbered [:from, :to); the temp tables name the sellers and categories by number. */
export function millionInsertSql(): string {
  const make = pick(0, BRANDS);
  const year = `(2008 + ${hash(1)} % 16)`;
  const original = `(10000 + ${hash(2)} % 70 * 1000)`;
  return `
with recursive n(i) as (select cast(:from as integer) union all select i + 1 from n where i + 1 < :to),
cars as (
  select i, ${make} as make, ${pick(3, MODELS)} as model, ${year} as year, ${original} as original,
    ${hash(4)} as h, ${hash(5)} as g
  from n
)
insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description,
  purchase_year, image, seller_id, seller_name, seller_email, is_advertised, is_paid, created_at, make, model, mileage_km,
  transmission, fuel, colour)
select
  printf('%08x-%04x-4%03x-%s%03x-%012x', h, g % 65536, g % 4096, substr('89ab', 1 + h % 4, 1), h % 4096, 17592186044416 + i),
  make || ' ' || model || ' ' || ${pick(6, KINDS)} || ' ' || year || ' #' || printf('%07d', i),
  original,
  cast(round(original * (0.5 + (g % 1000) / 2500.0)) as integer),
  ${pick(7, LOCATIONS)},
  c.id,
  ${pick(8, CONDITIONS)},
  '+880 1711-' || (100000 + h % 900000),
  ${pick(9, SENTENCES)} || ' ' || ${pick(1, SENTENCES)} || ' ' || ${pick(2, SENTENCES)},
  year,
  printf('/images/bench-car-%04d.jpg', i % 50),
  s.id, s.name, s.email,
  (h % 10 = 0),
  (g % 20 = 7),
  strftime('%Y-%m-%dT%H:%M:%fZ', ${BASE_TIME / 1000} - h % ${YEAR_SECONDS}, 'unixepoch'),
  make, model,
  (2024 - year) * (8000 + g % 12000),
  ${pick(5, TRANSMISSIONS)},
  ${pick(6, FUELS)},
  ${pick(4, COLOURS)}
from cars
join bench_categories c on c.n = h % (select count(*) from bench_categories)
join bench_sellers s on s.n = g % (select count(*) from bench_sellers)`;
}

/**
 * Adds cars to the database at `file` (a copy of the large catalogue) up to `total`; returns how
 * many it added. `log` hears each 100,000.
 */
export function growToMillion(file: string, log: (message: string) => void, total = MILLION): number {
  const db = new Database(file);
  try {
    db.exec("PRAGMA synchronous = OFF");
    db.exec("PRAGMA cache_size = -1048576");
    db.exec("PRAGMA temp_store = MEMORY");
    const existing = Number((db.prepare("select count(*) as n from products").get() as { n: number }).n);
    db.exec("BEGIN");
    db.exec("create temp table bench_sellers (n integer primary key, id text, name text, email text)");
    db.exec("insert into bench_sellers select row_number() over (order by id) - 1, id, name, email from users where role = 'seller'");
    db.exec("create temp table bench_categories (n integer primary key, id text)");
    db.exec("insert into bench_categories select row_number() over (order by id) - 1, id from categories");
    const indexes = db
      .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'products' and sql is not null")
      .all() as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`drop index "${index.name}"`);
    const insert = db.prepare(millionInsertSql());
    for (let from = existing; from < total; from += ROWS_PER_STATEMENT) {
      insert.run({ from, to: Math.min(total, from + ROWS_PER_STATEMENT) });
      log(`${Math.min(total, from + ROWS_PER_STATEMENT).toLocaleString("en")} cars`);
    }
    for (const index of indexes) db.exec(index.sql);
    log("products' indexes rebuilt");
    db.exec("COMMIT");
    return Math.max(0, total - existing);
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  } finally {
    db.close();
  }
}
