// `npm run dev`: hot reload. Starts the local libSQL server (migrated and seeded), then Vite with
// the Cloudflare plugin, which runs the Worker in workerd with the R2 state that `npm start` uses.
import { spawn } from "node:child_process";
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { migrateDatabase } from "./db/migrate.ts";
import { startLibsqlServer } from "./libsql-server/server.ts";
import { saveAuthToken } from "./libsql-server/token-file.ts";
import { openLocalPhotos } from "./local-r2.ts";
import { seedDemoData } from "./seed/seed.ts";

const dbPort = Number(process.env.DB_PORT ?? 8880);
if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");

/** Sets `KEY=value` lines in .dev.vars, keeping every other line. */
function setDevVars(values: Record<string, string>): void {
  const lines = readFileSync(".dev.vars", "utf8").split("\n");
  for (const [key, value] of Object.entries(values)) {
    const index = lines.findIndex((line) => line.startsWith(`${key}=`));
    if (index >= 0) lines[index] = `${key}=${value}`;
    else lines.push(`${key}=${value}`);
  }
  writeFileSync(".dev.vars", lines.join("\n"));
  chmodSync(".dev.vars", 0o600); // it holds secrets
}

const database = await startLibsqlServer({ file: ".data/app.db", port: dbPort });
// The Cloudflare plugin takes the Worker's variables from .dev.vars (which win over anything set in
// the Vite config), so this server's URL and its new token go there.
setDevVars({ DATABASE_URL: database.url, DATABASE_AUTH_TOKEN: database.authToken });
saveAuthToken(database.authToken); // for `npm run admin` against this database
await migrateDatabase(database.url, database.authToken);
const photos = await openLocalPhotos(".data/wrangler");
await seedDemoData({ dbUrl: database.url, dbAuthToken: database.authToken, putPhoto: photos.put });
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
