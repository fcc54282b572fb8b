import Database from "libsql";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "../db/migrate.ts";
import { seedDemoData } from "../seed/seed.ts";
import { growToMillion } from "./seed-million.ts";

// The million-car seed's SQL, run small: the demo catalogue grown to 3,000 cars.
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "seed-million-"));
  file = path.join(dir, "db.sqlite");
  await migrateDatabase(`file:${file}`);
  await seedDemoData({ dbUrl: `file:${file}`, putPhoto: async () => {} });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("growing a catalogue inside SQLite", () => {
  it("adds cars up to the total, each a whole listing the search, its counts and the catalogue's version see", () => {
    const read = (sql: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return db.prepare(sql).get() as Record<string, number | string>;
      } finally {
        db.close();
      }
    };
    const before = read("select count(*) as n, max(rowid) as max from products");
    expect(growToMillion(file, () => {}, 3000)).toBe(3000 - Number(before.n));
    const after = read(
      `select count(*) as n, count(distinct id) as ids, sum(rowid > ${before.max} and (make is null or model is null or location is null
         or category_id is null or seller_id is null or created_at not like '20__-__-__T__:__:__.000Z')) as incomplete,
         sum(resale_price > original_price) as overpriced, sum(is_paid) as sold from products`,
    );
    expect(after).toMatchObject({ n: 3000, ids: 3000, incomplete: 0, overpriced: 0 });
    expect(Number(after.sold)).toBeGreaterThan(0);
    // The triggers kept the search index and the facet counts as for real listings.
    expect(read("select count(*) as n from products_fts where products_fts match 'toyota'").n).toBe(
      read(
        "select count(*) as n from products where name like '%toyota%' or make like 'toyota' or model like 'toyota' or description like '%toyota%'",
      ).n,
    );
    expect(read("select count as n from facet_counts where facet = 'total'").n).toBe(
      read("select count(*) as n from products where is_paid = 0").n,
    );
    // Every index of the products table is back.
    expect(Number(read("select count(*) as n from sqlite_master where type = 'index' and tbl_name = 'products'").n)).toBeGreaterThan(15);
  });
});
