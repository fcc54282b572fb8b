import { describe, expect, it } from "vitest";
import { dbAuthToken, dbUrl, request, sql } from "./client";

// The stack's local libSQL server (what `npm start` runs) listens on 127.0.0.1, which every page
// the developer visits can reach: it must keep them out while the Worker, holding the token, works.
// The rules themselves are tested in scripts/libsql-server/access.test.ts.
const BUYER = "buyer@autoreseller.test";
const ATTACK = JSON.stringify({
  baton: null,
  requests: [{ type: "execute", stmt: { sql: `UPDATE users SET role = 'admin' WHERE email = '${BUYER}'` } }, { type: "close" }],
});

async function buyerRole() {
  return (await sql("select role from users where email = ?", [BUYER]))[0].role;
}

describe("the local stack's database", () => {
  it("refuses what a web page can send: a cross-origin text/plain POST, or any request without the token", async () => {
    const fromPage = await fetch(`${dbUrl}/v2/pipeline`, {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      body: ATTACK,
    });
    expect(fromPage.status).toBe(403);
    const withoutToken = await fetch(`${dbUrl}/v2/pipeline`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: ATTACK,
    });
    expect(withoutToken.status).toBe(401);
    expect(await buyerRole()).toBe("buyer");
  });

  it("is what the Worker uses, with the token, which no page gives away", async () => {
    const health = await request("/api/health");
    expect(health.status).toBe(200); // it reads the database
    const home = await (await request("/")).text();
    expect(home).not.toContain(dbAuthToken);
  });
});
