// `npm run db:migrate` applies migrations to the database named by TURSO_DATABASE_URL (deploys);
// start, dev and the tests call migrateDatabase on their local databases.
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { fileURLToPath } from "node:url";

const MIGRATIONS = fileURLToPath(new URL("../../migrations", import.meta.url));

/** Applies every pending migration in migrations/ to a libSQL database (local server or Turso). */
export async function migrateDatabase(url: string, authToken?: string): Promise<void> {
  const client = createClient({ url, authToken });
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    client.close();
  }
}

// Run as the script (not when start, dev or a test imports the function).
if (process.argv[1] === import.meta.filename) {
  const url = process.env.TURSO_DATABASE_URL;
  if (!url) {
    console.error("Set TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN) to the database to migrate.");
    process.exit(1);
  }
  await migrateDatabase(url, process.env.TURSO_AUTH_TOKEN);
  console.log("Migrations applied.");
}
