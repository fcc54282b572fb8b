// The local server listens on 127.0.0.1, which every web page the developer visits can reach:
// only requests with its token, without an Origin header and with JSON bodies may run SQL.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLibsqlServer, type LibsqlServer } from "./server.ts";

let dir: string;
let server: LibsqlServer;
let client: Client;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "libsql-access-test-"));
  server = await startLibsqlServer({ file: join(dir, "access.db") });
  client = createClient({ url: server.url, authToken: server.authToken });
  await client.execute("CREATE TABLE users (email TEXT PRIMARY KEY, role TEXT)");
});

afterAll(async () => {
  client?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  await client.batch(["DELETE FROM users", "INSERT INTO users VALUES ('buyer@example.test', 'buyer')"], "write");
});

/** What a hostile page would send: promote the buyer to admin. */
const ATTACK = JSON.stringify({
  baton: null,
  requests: [{ type: "execute", stmt: { sql: "UPDATE users SET role = 'admin' WHERE email = 'buyer@example.test'" } }, { type: "close" }],
});

async function roleOfBuyer(): Promise<unknown> {
  return (await client.execute("SELECT role FROM users WHERE email = 'buyer@example.test'")).rows[0].role;
}

async function send(
  path: string,
  init: RequestInit,
): Promise<{ status: number; contentType: string | null; body: string; headers: Headers }> {
  const res = await fetch(server.url + path, init);
  return { status: res.status, contentType: res.headers.get("content-type"), body: await res.text(), headers: res.headers };
}

const json = (extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  authorization: `Bearer ${server.authToken}`,
  ...extra,
});

describe("local libsql server access rules", () => {
  it("runs the SQL with the token and a JSON body (the rules below are not refusing everything)", async () => {
    expect((await send("/v2/pipeline", { method: "POST", headers: json(), body: ATTACK })).status).toBe(200);
    expect(await roleOfBuyer()).toBe("admin");
  });

  it("answers 401 with a JSON error and runs nothing without the token", async () => {
    const res = await send("/v2/pipeline", { method: "POST", headers: { "content-type": "application/json" }, body: ATTACK });
    expect(res.status).toBe(401);
    expect(res.contentType).toBe("application/json");
    expect(JSON.parse(res.body).code).toBe("UNAUTHORIZED");
    expect(await roleOfBuyer()).toBe("buyer");
  });

  // Functions: the token exists only once the server has started.
  it.each([
    ["a wrong token", () => `Bearer ${"x".repeat(43)}`],
    ["the token with a character more", () => `Bearer ${server.authToken}x`],
    ["the token without the Bearer scheme", () => server.authToken],
    ["an empty bearer", () => "Bearer "],
  ])("answers 401 to %s", async (_name, authorization) => {
    const res = await send("/v2/pipeline", { method: "POST", headers: json({ authorization: authorization() }), body: ATTACK });
    expect(res.status).toBe(401);
    expect(await roleOfBuyer()).toBe("buyer");
  });

  it("answers 415 to a body that is not application/json, even with the token", async () => {
    // text/plain is what a page can POST cross-origin without a CORS preflight.
    const textPlain = await send("/v2/pipeline", { method: "POST", headers: json({ "content-type": "text/plain" }), body: ATTACK });
    expect(textPlain.status).toBe(415);
    expect(JSON.parse(textPlain.body).code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const noType = await send("/v2/pipeline", {
      method: "POST",
      headers: { authorization: `Bearer ${server.authToken}` },
      body: new TextEncoder().encode(ATTACK),
    });
    expect(noType.status).toBe(415);
    expect(await roleOfBuyer()).toBe("buyer");
  });

  it("answers 403 to any request with an Origin header, even with the token, and never allows CORS", async () => {
    const fromPage = await send("/v2/pipeline", { method: "POST", headers: json({ origin: "https://evil.example" }), body: ATTACK });
    expect(fromPage.status).toBe(403);
    expect(JSON.parse(fromPage.body).code).toBe("FORBIDDEN");
    expect(await roleOfBuyer()).toBe("buyer");

    const preflight = await send("/v2/pipeline", {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(403);
    expect([...preflight.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    const sameHost = await send("/v2", { headers: { ...json(), origin: server.url } });
    expect(sameHost.status).toBe(403);
  });

  it("needs the token for bodyless GETs too", async () => {
    for (const path of ["/", "/v2", "/health", "/v3-protobuf"]) {
      expect((await send(path, {})).status, path).toBe(401);
    }
    expect((await send("/health", { headers: { authorization: `Bearer ${server.authToken}` } })).status).toBe(200);
  });

  it("makes a new random token on every start, or uses the one it is given", async () => {
    const other = await startLibsqlServer({ file: join(dir, "other.db") });
    const given = await startLibsqlServer({ file: join(dir, "given.db"), authToken: "given-token-0123456789" });
    try {
      expect(server.authToken).toMatch(/^[\w-]{43}$/); // 32 random bytes, base64url
      expect(other.authToken).not.toBe(server.authToken);
      expect(given.authToken).toBe("given-token-0123456789");
      const res = await fetch(`${given.url}/v2`, { headers: { authorization: "Bearer given-token-0123456789" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    } finally {
      await Promise.all([other.close(), given.close()]);
    }
    await expect(startLibsqlServer({ file: join(dir, "empty.db"), authToken: "" })).rejects.toThrow(/must not be empty/);
  });

  it("lets @libsql/client with the wrong token fail with a clear error", async () => {
    const stranger = createClient({ url: server.url, authToken: "not-the-token" });
    try {
      await expect(stranger.execute("UPDATE users SET role = 'admin'")).rejects.toThrow(/401|token/i);
    } finally {
      stranger.close();
    }
    expect(await roleOfBuyer()).toBe("buyer");
  });
});
