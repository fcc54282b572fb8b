// `npm run db:migrate`: applies migrations to the database named by TURSO_DATABASE_URL (deploys).
import { migrateDatabase } from "./db/migrate.ts";

const url = process.env.TURSO_DATABASE_URL;
if (!url) {
  console.error("Set TURSO_DATABASE_URL (and TURSO_AUTH_TOKEN) to the database to migrate.");
  process.exit(1);
}
await migrateDatabase(url, process.env.TURSO_AUTH_TOKEN);
console.log("Migrations applied.");
