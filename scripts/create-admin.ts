// `npm run admin -- --email you@example.com [--name "Your Name"]`, with ADMIN_PASSWORD in the
// environment for a new account. Uses TURSO_DATABASE_URL/TURSO_AUTH_TOKEN (production), else the
// local database of `npm start` (http://127.0.0.1:8880) with the token it saved in .data/.
import { parseArgs } from "node:util";
import { createOrPromoteAdmin } from "./admin/create-admin.ts";
import { readAuthToken } from "./libsql-server/token-file.ts";

const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
if (!values.email) {
  console.error('Usage: ADMIN_PASSWORD=... npm run admin -- --email you@example.com [--name "Your Name"]');
  process.exit(1);
}
try {
  const outcome = await createOrPromoteAdmin(
    process.env.TURSO_DATABASE_URL ?? "http://127.0.0.1:8880",
    process.env.TURSO_DATABASE_URL ? process.env.TURSO_AUTH_TOKEN : readAuthToken(),
    { email: values.email, name: values.name, password: process.env.ADMIN_PASSWORD },
  );
  console.log(outcome === "created" ? `Created the admin ${values.email}.` : `${values.email} is now an admin.`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
