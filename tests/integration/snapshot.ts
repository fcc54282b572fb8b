import { createHash } from "node:crypto";
import { database } from "./client";

/** Row count and a hash of every row of each table: equal snapshots mean nothing was written. */
export async function tableSnapshot(tables: readonly string[]): Promise<Record<string, string>> {
  const db = database();
  try {
    const results = await db.batch(
      tables.map((table) => `select * from ${table} order by rowid`),
      "read",
    );
    return Object.fromEntries(
      results.map((result, index) => {
        const rows = JSON.stringify(result.rows.map((row) => result.columns.map((_, column) => row[column])));
        return [tables[index], `${result.rows.length} rows, ${createHash("sha256").update(rows).digest("hex")}`];
      }),
    );
  } finally {
    db.close();
  }
}
