import { defineConfig } from "drizzle-kit";
import { readAuthToken } from "./scripts/libsql-server/token-file.ts";

export default defineConfig({
  dialect: "turso",
  schema: "./app/.server/db/schema/index.ts",
  out: "./migrations",
  dbCredentials: {
    // Turso, else the local server of `npm start`/`npm run dev` with the token it saved in .data/.
    url: process.env.TURSO_DATABASE_URL ?? "http://127.0.0.1:8880",
    authToken: process.env.TURSO_DATABASE_URL ? process.env.TURSO_AUTH_TOKEN : readAuthToken(),
  },
});
