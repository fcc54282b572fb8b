// `npm run admin -- --email you@example.com [--name "Your Name"]`, with ADMIN_PASSWORD in the
// environment for a new account. Uses TURSO_DATABASE_URL/TURSO_AUTH_TOKEN (production), else the
// local database of `npm start` (http://127.0.0.1:8880) with the token it saved in .data/.
import { createClient } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { parseArgs } from "node:util";
import * as v from "valibot";
import { hashPassword } from "../../app/.server/auth/passwords.ts";
import { sessions, users } from "../../app/.server/db/schema/index.ts";
import { emailField, newPasswordField, requiredText } from "../../app/lib/schemas/fields.ts";
import { readAuthToken } from "../libsql-server/token-file.ts";

const adminInput = v.object({
  email: emailField,
  name: v.optional(requiredText("Name is Required", 80)),
  password: v.optional(newPasswordField),
});

/**
 * Makes `email` an admin: an existing account is promoted (and signed out, so its sessions pick
 * up the new role), otherwise a new admin account is created with the given password.
 * The API can never do this; only someone with database credentials can.
 */
export async function createOrPromoteAdmin(
  dbUrl: string,
  authToken: string | undefined,
  input: { email: string; name?: string; password?: string },
): Promise<"promoted" | "created"> {
  const parsed = v.safeParse(adminInput, input);
  if (!parsed.success) throw new Error(parsed.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`).join("\n"));
  const { email, name, password } = parsed.output;
  const client = createClient({ url: dbUrl, authToken });
  const db = drizzle(client);
  try {
    const [existing] = await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
      .limit(1);
    if (existing) {
      await db.batch([
        db.update(users).set({ role: "admin", sellerVerified: false }).where(eq(users.id, existing.id)),
        db.delete(sessions).where(eq(sessions.userId, existing.id)),
      ]);
      return "promoted";
    }
    if (!password) throw new Error("A new admin needs a password: set ADMIN_PASSWORD");
    await db.insert(users).values({
      name: name ?? "Administrator",
      email,
      passwordHash: await hashPassword(password),
      role: "admin",
      emailVerified: true,
    });
    return "created";
  } finally {
    client.close();
  }
}

// Run as the script (not when a test imports the function).
if (process.argv[1] === import.meta.filename) {
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
}
