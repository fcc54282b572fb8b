import path from "node:path";
import { startLibsqlServer } from "../../scripts/libsql-server/server.ts";
import { migrateAndSeed } from "../../scripts/local-stack.ts";
import { DATABASE_FILE, PERSIST } from "./stack.ts";

/**
 * Migrates and seeds the demo data once into `dir` (a database file and an R2 bucket with the demo
 * photos): every stack starts from a copy, which takes milliseconds where seeding takes seconds.
 */
export async function prepareTemplate(dir: string): Promise<void> {
  const database = await startLibsqlServer({ file: path.join(dir, DATABASE_FILE) });
  try {
    await migrateAndSeed(database, path.join(dir, PERSIST));
  } finally {
    // Closing the last connection checkpoints the WAL into the database file.
    await database.close();
  }
}
