// `npm run dev`: hot reload. Starts the local libSQL server (migrated and seeded), then Vite with
// the Cloudflare plugin, which runs the Worker in workerd with the R2 state that `npm start` uses.
import { spawn } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";
import { migrateDatabase } from "./db/migrate.ts";
import { startLibsqlServer } from "./libsql-server/server.ts";
import { openLocalPhotos } from "./local-r2.ts";
import { seedDemoData } from "./seed/seed.ts";

const dbPort = Number(process.env.DB_PORT ?? 8880);
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");

const database = await startLibsqlServer({ file: ".data/app.db", port: dbPort });
await migrateDatabase(database.url);
const photos = await openLocalPhotos(".data/wrangler");
await seedDemoData({ dbUrl: database.url, putPhoto: photos.put });
await photos.close();

const vite = spawn("npx", ["react-router", "dev", "--port", process.env.PORT ?? "5173"], { stdio: "inherit" });
const shutdown = async () => {
  vite.kill("SIGTERM");
  await database.close();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
vite.on("exit", shutdown);
