import { createClient } from "@libsql/client";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/.server/auth/passwords.ts";
import { migrateDatabase } from "../db/migrate.ts";
import { startLibsqlServer, type LibsqlServer } from "../libsql-server/server.ts";
import { createOrPromoteAdmin } from "./create-admin.ts";

let server: LibsqlServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "admin-test-"));
  server = await startLibsqlServer({ file: path.join(dir, "db.sqlite") });
  await migrateDatabase(server.url, server.authToken);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function userRow(email: string) {
  const client = createClient({ url: server.url, authToken: server.authToken });
  const { rows } = await client.execute({ sql: "select role, password_hash from users where email = ?", args: [email] });
  client.close();
  return rows[0] as unknown as { role: string; password_hash: string } | undefined;
}

describe("admin bootstrap", () => {
  it("creates a new admin with a strong password", async () => {
    expect(await createOrPromoteAdmin(server.url, server.authToken, { email: "Boss@Example.test", password: "Secret1!" })).toBe("created");
    const row = await userRow("boss@example.test");
    expect(row?.role).toBe("admin");
    expect(await verifyPassword("Secret1!", row!.password_hash)).toBe(true);
  });

  it("promotes an existing account and signs it out", async () => {
    const client = createClient({ url: server.url, authToken: server.authToken });
    await client.execute({
      sql: "insert into users (id, name, email, role, created_at) values ('u1', 'S', 'seller@example.test', 'seller', ?)",
      args: [new Date().toISOString()],
    });
    await client.execute({
      sql: "insert into sessions (id, user_id, expires_at, created_at) values ('s1', 'u1', '2999-01-01', '2026-01-01')",
      args: [],
    });
    expect(await createOrPromoteAdmin(server.url, server.authToken, { email: "seller@example.test" })).toBe("promoted");
    expect((await userRow("seller@example.test"))?.role).toBe("admin");
    const { rows } = await client.execute("select count(*) as n from sessions where user_id = 'u1'");
    expect(rows[0].n).toBe(0);
    client.close();
  });

  it("refuses a weak password or a new account without one, creating nothing", async () => {
    await expect(createOrPromoteAdmin(server.url, server.authToken, { email: "weak@example.test", password: "weak" })).rejects.toThrow(
      /password/,
    );
    await expect(createOrPromoteAdmin(server.url, server.authToken, { email: "none@example.test" })).rejects.toThrow(/ADMIN_PASSWORD/);
    expect(await userRow("weak@example.test")).toBeUndefined();
    expect(await userRow("none@example.test")).toBeUndefined();
  });
});
