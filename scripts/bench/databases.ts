import Database from "libsql";
import { rmSync, mkdirSync } from "node:fs";
import path from "node:path";
import { migrateDatabase } from "../db/migrate.ts";
import { seedDemoData } from "../seed/seed.ts";
import { FRESH_BUYER_DOMAIN, seedLargeCatalogue } from "./seed-large.ts";

/** What the load runs need to know about a seeded database. */
export interface BenchData {
  file: string;
  categoryIds: string[];
  sellerPages: number;
  cars: number;
  /** Buyers without any booking (large catalogue only), and the cars they may book. */
  freshBuyers: string[];
  bookableCarIds: string[];
  /** Sellers with at least one car for sale (their public pages). */
  sellerIds: string[];
}

const SELLERS_PAGE_SIZE = 5; // the default `limit` of GET /api/users/sellers

/**
 * Two databases from scratch: "small" holds only the demo data (scripts/seed), "large" is a
 * copy of it plus the generated catalogue. Photos are not measured, so they go nowhere.
 */
export async function prepareDatabases(dir: string): Promise<{ small: BenchData; large: BenchData }> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const small = path.join(dir, "small.db");
  const large = path.join(dir, "large.db");

  await migrateDatabase(`file:${small}`);
  await seedDemoData({ dbUrl: `file:${small}`, putPhoto: async () => {} });
  const db = new Database(small);
  try {
    db.exec(`VACUUM INTO '${large.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
  seedLargeCatalogue(large);
  return { small: describeDatabase(small), large: describeDatabase(large) };
}

export function describeDatabase(file: string): BenchData {
  const db = new Database(file, { readonly: true });
  try {
    const column = (sql: string, ...params: unknown[]) =>
      (
        db
          .prepare(sql)
          .raw(true)
          .all(...params) as unknown[][]
      ).map((row) => row[0]);
    const sellers = Number(column("select count(*) from users where role = 'seller'")[0]);
    return {
      file,
      categoryIds: column("select id from categories order by name") as string[],
      sellerPages: Math.max(1, Math.ceil(sellers / SELLERS_PAGE_SIZE)),
      cars: Number(column("select count(*) from products")[0]),
      freshBuyers: column("select email from users where email like ? order by email", `%@${FRESH_BUYER_DOMAIN}`) as string[],
      bookableCarIds: column("select id from products where is_paid = 0 order by id") as string[],
      sellerIds: column(
        "select id from users where role = 'seller' and exists (select 1 from products where seller_id = users.id and is_paid = 0) order by id limit 200",
      ) as string[],
    };
  } finally {
    db.close();
  }
}
