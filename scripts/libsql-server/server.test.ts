import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createClient, LibsqlError, type Client, type Config } from "@libsql/client";
import { createClient as createWebClient } from "@libsql/client/web";
import { openHttp } from "@libsql/hrana-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLibsqlServer, type LibsqlServer } from "./server.ts";

let dir: string;
let server: LibsqlServer;
const logged: number[] = [];
const clients: Client[] = [];
let tableSeq = 0;
const newTable = () => `t${++tableSeq}`;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "libsql-server-test-"));
  // "nested" does not exist yet: the server creates the parent folder.
  server = await startLibsqlServer({ file: join(dir, "nested", "test.db"), log: (e) => logged.push(e.streamRequests) });
});

afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How a client reaches a server: its URL and its token. */
const connection = (target: LibsqlServer) => ({ url: target.url, authToken: target.authToken });
const bearer = () => ({ authorization: `Bearer ${server.authToken}` });

function track(client: Client): Client {
  clients.push(client);
  return client;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read protocol answers field by field
type Raw = { status: number; contentType: string | null; body: any };
async function pipeline(body: unknown): Promise<Raw> {
  const res = await fetch(`${server.url}/v2/pipeline`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bearer() },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, contentType: res.headers.get("content-type"), body: await res.json() };
}

async function count(client: Client, table: string): Promise<number> {
  const rs = await client.execute(`SELECT count(*) AS n FROM ${table}`);
  return Number(rs.rows[0].n);
}

const variants: [string, (config: Config) => Client][] = [
  ["@libsql/client", createClient],
  ["@libsql/client/web", createWebClient],
];

describe.each(variants)("%s against the local server", (_name, make) => {
  const client = (config: Partial<Config> = {}) => track(make({ ...connection(server), ...config }));

  it("executes statements with positional and named (:name, @name, $name) args", async () => {
    const c = client();
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT, qty INTEGER)`);
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES (?, ?)`, args: ["a", 1] });
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES (?2, ?1)`, args: [2, "b"] });
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES (:name, :qty)`, args: { name: "c", qty: 3 } });
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES (@name, @qty)`, args: { name: "d", qty: 4 } });
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES ($name, $qty)`, args: { name: "e", qty: 5 } });
    await c.execute({ sql: `INSERT INTO ${t} (name, qty) VALUES (:name, $qty)`, args: { ":name": "f", $qty: 6 } });
    const rs = await c.execute(`SELECT name, qty FROM ${t} ORDER BY id`);
    expect(rs.columns).toEqual(["name", "qty"]);
    expect(rs.columnTypes).toEqual(["TEXT", "INTEGER"]);
    expect(rs.rows.map((r) => [r.name, r.qty])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
      ["e", 5],
      ["f", 6],
    ]);
    const one = await c.execute({ sql: `SELECT qty FROM ${t} WHERE name = :name`, args: { name: "d" } });
    expect(one.rows[0][0]).toBe(4);
  });

  it("round-trips every value type with the default intMode", async () => {
    const c = client();
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, v)`); // no affinity: values are stored as sent
    const bytes = new Uint8Array([0, 1, 2, 254, 255]);
    const values = [null, 42n, -7n, 3.25, 2.0, "héllo 🚗 'quoted'; -- not a comment", bytes, bytes.slice(1, 3).buffer];
    for (const v of values) await c.execute({ sql: `INSERT INTO ${t} (v) VALUES (?)`, args: [v] });
    await c.execute({ sql: `INSERT INTO ${t} (v) VALUES (?)`, args: [9007199254740993n] });
    const rs = await c.execute(`SELECT v, typeof(v) AS type FROM ${t} WHERE id <= ${values.length} ORDER BY id`);
    expect(rs.rows.map((r) => r.type)).toEqual(["null", "integer", "integer", "real", "real", "text", "blob", "blob"]);
    const got = rs.rows.map((r) => r.v);
    expect(got.slice(0, 6)).toEqual([null, 42, -7, 3.25, 2, "héllo 🚗 'quoted'; -- not a comment"]);
    expect(got[6]).toBeInstanceOf(ArrayBuffer);
    expect(new Uint8Array(got[6] as ArrayBuffer)).toEqual(bytes);
    expect(new Uint8Array(got[7] as ArrayBuffer)).toEqual(new Uint8Array([1, 2]));
    // Beyond 2^53: exact on the server, but the default intMode refuses to lose precision.
    const big = await c.execute(`SELECT CAST(v AS TEXT) AS s, typeof(v) AS type FROM ${t} WHERE id = ${values.length + 1}`);
    expect(big.rows[0].s).toBe("9007199254740993");
    expect(big.rows[0].type).toBe("integer");
    await expect(c.execute(`SELECT v FROM ${t} WHERE id = ${values.length + 1}`)).rejects.toThrow(/too large/);
  });

  it("round-trips 64-bit integers exactly with intMode 'bigint' and 'string'", async () => {
    const c = client({ intMode: "bigint" });
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, v INTEGER)`);
    const bigs = [9007199254740993n, -9223372036854775808n, 9223372036854775807n, 0n];
    for (const v of bigs) await c.execute({ sql: `INSERT INTO ${t} (v) VALUES (?)`, args: [v] });
    const rs = await c.execute(`SELECT id, v FROM ${t} ORDER BY id`);
    expect(rs.rows.map((r) => r.v)).toEqual(bigs);
    expect(rs.rows[0].id).toBe(1n);
    const huge = await c.execute({ sql: `INSERT INTO ${t} (id, v) VALUES (?, 1)`, args: [2n ** 62n + 1n] });
    expect(huge.lastInsertRowid).toBe(2n ** 62n + 1n);
    const s = client({ intMode: "string" });
    const str = await s.execute(`SELECT v FROM ${t} ORDER BY id LIMIT 1`);
    expect(str.rows[0].v).toBe("9007199254740993");
  });

  it("reports rowsAffected and lastInsertRowid", async () => {
    const c = client();
    const t = newTable();
    const created = await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, name TEXT)`);
    expect(created.rowsAffected).toBe(0);
    const first = await c.execute({ sql: `INSERT INTO ${t} (name) VALUES (?)`, args: ["a"] });
    expect(first.rowsAffected).toBe(1);
    expect(first.lastInsertRowid).toBe(1n);
    const multi = await c.execute(`INSERT INTO ${t} (name) VALUES ('b'), ('c') RETURNING id`);
    expect(multi.rowsAffected).toBe(2);
    expect(multi.rows.map((r) => r.id)).toEqual([2, 3]);
    expect(multi.lastInsertRowid).toBe(3n);
    const updated = await c.execute(`UPDATE ${t} SET name = upper(name)`);
    expect(updated.rowsAffected).toBe(3);
    const none = await c.execute(`DELETE FROM ${t} WHERE id > 100`);
    expect(none.rowsAffected).toBe(0);
    const selected = await c.execute(`SELECT * FROM ${t}`);
    expect(selected.rowsAffected).toBe(0);
    expect(selected.rows).toHaveLength(3);
  });

  it("rolls back a whole 'write' batch when one statement fails", async () => {
    const c = client();
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, k TEXT UNIQUE)`);
    const failing = c.batch(
      [`INSERT INTO ${t} (k) VALUES ('a')`, `INSERT INTO ${t} (k) VALUES ('b')`, `INSERT INTO ${t} (k) VALUES ('a')`],
      "write",
    );
    await expect(failing).rejects.toBeInstanceOf(LibsqlError);
    await expect(failing).rejects.toThrow(/UNIQUE constraint failed/);
    expect(await count(c, t)).toBe(0);
    const ok = await c.batch(
      [
        { sql: `INSERT INTO ${t} (k) VALUES (?)`, args: ["x"] },
        { sql: `INSERT INTO ${t} (k) VALUES (?)`, args: ["y"] },
        `SELECT k FROM ${t} ORDER BY k`,
      ],
      "write",
    );
    expect(ok.map((r) => r.rowsAffected)).toEqual([1, 1, 0]);
    expect(ok[2].rows.map((r) => r.k)).toEqual(["x", "y"]);
  });

  it("commits and rolls back interactive transactions, isolated from other clients", async () => {
    const c = client();
    const other = client();
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, k TEXT)`);
    const tx = await c.transaction("write");
    await tx.execute({ sql: `INSERT INTO ${t} (k) VALUES (?)`, args: ["committed"] });
    await tx.batch([`INSERT INTO ${t} (k) VALUES ('also committed')`]);
    expect(Number((await tx.execute(`SELECT count(*) AS n FROM ${t}`)).rows[0].n)).toBe(2);
    expect(await count(other, t)).toBe(0); // not visible outside before commit
    await tx.commit();
    expect(await count(other, t)).toBe(2);

    const rolledBack = await c.transaction("write");
    await rolledBack.execute(`INSERT INTO ${t} (k) VALUES ('gone')`);
    await rolledBack.rollback();
    expect((await other.execute(`SELECT k FROM ${t} ORDER BY id`)).rows.map((r) => r.k)).toEqual(["committed", "also committed"]);
  });

  it("runs executeMultiple scripts, including triggers and quoted semicolons", async () => {
    const c = client();
    const t = newTable();
    await c.executeMultiple(`
      -- a comment; with a semicolon
      CREATE TABLE ${t} (id INTEGER PRIMARY KEY, k TEXT, size TEXT);
      CREATE TABLE ${t}_log (msg TEXT);
      /* block; comment */
      CREATE TRIGGER ${t}_ai AFTER INSERT ON ${t} BEGIN
        INSERT INTO ${t}_log (msg) VALUES ('inserted;' || new.k);
        UPDATE ${t} SET size = CASE WHEN length(new.k) > 3 THEN 'long' ELSE 'short' END WHERE id = new.id;
      END;
      INSERT INTO ${t} (k) VALUES ('a;b'), ('x');
    `);
    const rows = await c.execute(`SELECT k, size FROM ${t} ORDER BY id`);
    expect(rows.rows.map((r) => [r.k, r.size])).toEqual([
      ["a;b", "short"],
      ["x", "short"],
    ]);
    const log = await c.execute(`SELECT msg FROM ${t}_log ORDER BY rowid`);
    expect(log.rows.map((r) => r.msg)).toEqual(["inserted;a;b", "inserted;x"]);
    await expect(c.executeMultiple(`INSERT INTO ${t} (k) VALUES ('ok'); INSERT INTO nope VALUES (1);`)).rejects.toThrow(
      /no such table: nope/,
    );
  });

  it("surfaces SQL errors as LibsqlError with the SQLite message and keeps serving", async () => {
    const c = client();
    const t = newTable();
    await c.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, k TEXT UNIQUE)`);
    await c.execute(`INSERT INTO ${t} (k) VALUES ('dup')`);
    const err = await c.execute(`INSERT INTO ${t} (k) VALUES ('dup')`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibsqlError);
    expect((err as LibsqlError).message).toContain(`UNIQUE constraint failed: ${t}.k`);
    expect((err as LibsqlError).code).toBe("SQLITE_CONSTRAINT");
    await expect(c.execute("SELEC 1")).rejects.toThrow(/syntax error/);
    await expect(c.execute("SELECT * FROM missing_table")).rejects.toThrow(/no such table: missing_table/);
    // Like sqld, a single execute must not silently drop a second statement.
    await expect(c.execute(`INSERT INTO ${t} (k) VALUES ('x'); DROP TABLE ${t}`)).rejects.toThrow(/more than one statement/);
    expect(await count(c, t)).toBe(1);
  });
});

describe("local libsql server", () => {
  it("answers GET /v2 with 200 and 404s the v3 endpoints", async () => {
    expect((await fetch(`${server.url}/v2`, { headers: bearer() })).status).toBe(200);
    for (const path of ["/v3", "/v3-protobuf", "/v3/pipeline", "/v3-protobuf/pipeline"]) {
      const res = await fetch(server.url + path, { method: path.endsWith("pipeline") ? "POST" : "GET", headers: bearer() });
      await res.arrayBuffer();
      expect(res.status, path).toBe(404);
    }
  });

  it("makes a version-probing Hrana client fall back to v2", async () => {
    // The version probe (GET /v3-protobuf) carries no token: its 401 also means "fall back to v2".
    const hrana = openHttp(server.url, server.authToken, undefined, undefined, 3);
    try {
      expect(await hrana.getVersion()).toBe(2);
      const stream = hrana.openStream();
      const rows = await stream.query("SELECT 40 + 2 AS answer");
      expect(rows.rows[0].answer).toBe(42);
      stream.close();
    } finally {
      hrana.close();
    }
  });

  it("lets two clients write concurrently", async () => {
    const a = track(createClient(connection(server)));
    const b = track(createWebClient(connection(server)));
    const t = newTable();
    await a.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, who TEXT, n INTEGER)`);
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) {
      writes.push(a.execute({ sql: `INSERT INTO ${t} (who, n) VALUES ('a', ?)`, args: [i] }));
      writes.push(b.batch([{ sql: `INSERT INTO ${t} (who, n) VALUES ('b', ?)`, args: [i] }], "write"));
    }
    await Promise.all(writes);
    const rs = await a.execute(`SELECT who, count(*) AS n FROM ${t} GROUP BY who ORDER BY who`);
    expect(rs.rows.map((r) => [r.who, r.n])).toEqual([
      ["a", 40],
      ["b", 40],
    ]);
  });

  it("makes a writer wait for another client's open transaction instead of failing", async () => {
    const a = track(createClient(connection(server)));
    const b = track(createWebClient(connection(server)));
    const t = newTable();
    await a.execute(`CREATE TABLE ${t} (id INTEGER PRIMARY KEY, who TEXT)`);
    const tx = await a.transaction("write");
    await tx.execute(`INSERT INTO ${t} (who) VALUES ('a')`);
    let bDone = false;
    const bWrite = b.execute(`INSERT INTO ${t} (who) VALUES ('b')`).then(() => (bDone = true));
    await sleep(300);
    expect(bDone).toBe(false); // blocked by a's write lock, while the server keeps serving a
    await tx.commit();
    await bWrite;
    const rs = await a.execute(`SELECT who FROM ${t} ORDER BY id`);
    expect(rs.rows.map((r) => r.who)).toEqual(["a", "b"]);
  });

  it("binds named args next to nameless ? parameters (the native named binding would abort)", async () => {
    const c = track(createClient(connection(server)));
    const rs = await c.execute({ sql: "SELECT ? AS anon, :a AS a, ?5 AS five", args: { a: "named", 5: "numbered" } });
    expect([rs.rows[0].anon, rs.rows[0].a, rs.rows[0].five]).toEqual([null, "named", "numbered"]);
    expect((await c.execute("SELECT 1 AS alive")).rows[0].alive).toBe(1);
  });

  it("still commits a stream's autocommit writes after it ran an EXPLAIN", async () => {
    const other = track(createClient(connection(server)));
    const t = newTable();
    await other.execute(`CREATE TABLE ${t} (k TEXT)`);
    const raw = await pipeline({
      baton: null,
      requests: [
        { type: "execute", stmt: { sql: `EXPLAIN INSERT INTO ${t} VALUES ('explained')` } },
        { type: "describe", sql: `INSERT INTO ${t} VALUES (:k)` },
        {
          type: "execute",
          stmt: { sql: `INSERT INTO ${t} VALUES (:k)`, named_args: [{ name: "k", value: { type: "text", value: "raw" } }] },
        },
      ],
    });
    expect(raw.body.results.map((r: { type: string }) => r.type)).toEqual(["ok", "ok", "ok"]);
    expect(raw.body.results[1].response.result.is_readonly).toBe(false);
    // The raw stream is still open: its insert must be committed and the write lock released.
    await other.execute(`INSERT INTO ${t} VALUES ('other')`);
    expect((await other.execute(`SELECT k FROM ${t} ORDER BY rowid`)).rows.map((r) => r.k)).toEqual(["raw", "other"]);
    await pipeline({ baton: raw.body.baton, requests: [{ type: "close" }] });
  });

  it("answers unknown, used or closed batons with HTTP 400 and a JSON error", async () => {
    const bogus = await pipeline({ baton: "bogus", requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }] });
    expect(bogus.status).toBe(400);
    expect(bogus.contentType).toBe("application/json");
    expect(bogus.body.message).toMatch(/baton/);
    expect(bogus.body.code).toBe("STREAM_EXPIRED");

    const first = await pipeline({ baton: null, requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }] });
    expect(first.status).toBe(200);
    expect(typeof first.body.baton).toBe("string");
    const second = await pipeline({ baton: first.body.baton, requests: [] });
    expect(second.status).toBe(200);
    expect(second.body.baton).not.toBe(first.body.baton);
    expect((await pipeline({ baton: first.body.baton, requests: [] })).status).toBe(400); // already used
    const closed = await pipeline({ baton: second.body.baton, requests: [{ type: "close" }] });
    expect(closed.body).toEqual({ baton: null, base_url: null, results: [{ type: "ok", response: { type: "close" } }] });
    expect((await pipeline({ baton: second.body.baton, requests: [] })).status).toBe(400);
  });

  it("speaks the raw pipeline protocol: stored SQL, batch conditions, autocommit, describe", async () => {
    const int = (v: number) => ({ type: "integer", value: String(v) });
    const { status, body } = await pipeline({
      baton: null,
      requests: [
        { type: "store_sql", sql_id: 1, sql: "SELECT ? + 1 AS n" },
        { type: "execute", stmt: { sql_id: 1, args: [int(41)] } },
        { type: "execute", stmt: { sql: "SELECT 1", want_rows: false } },
        {
          type: "batch",
          batch: {
            steps: [
              { stmt: { sql: "BEGIN" } },
              { condition: { type: "ok", step: 0 }, stmt: { sql: "INSERT INTO no_such_table VALUES (1)" } },
              { condition: { type: "error", step: 1 }, stmt: { sql: "SELECT 'recovered'" } },
              {
                condition: {
                  type: "and",
                  conds: [
                    { type: "ok", step: 2 },
                    { type: "not", cond: { type: "is_autocommit" } },
                  ],
                },
                stmt: { sql: "SELECT 'in tx'" },
              },
              {
                condition: {
                  type: "or",
                  conds: [
                    { type: "error", step: 0 },
                    { type: "ok", step: 1 },
                  ],
                },
                stmt: { sql: "SELECT 'skipped'" },
              },
              { condition: { type: "not", cond: { type: "is_autocommit" } }, stmt: { sql: "ROLLBACK" } },
            ],
          },
        },
        { type: "get_autocommit" },
        { type: "describe", sql: "SELECT :a AS x, ?3 AS y" },
        { type: "describe", sql: "INSERT INTO t VALUES (1)" },
        { type: "close_sql", sql_id: 1 },
        { type: "execute", stmt: { sql_id: 1 } },
        { type: "no_such_request" },
        { type: "execute", stmt: { sql: "SELECT ?", args: [{ type: "blob", base64: "AAEC/w==" }] } },
        { type: "close" },
        { type: "execute", stmt: { sql: "SELECT 1" } },
      ],
    });
    expect(status).toBe(200);
    expect(body.baton).toBeNull();
    const [store, exec, noRows, batch, autocommit, describe1, describe2, closeSql, missing, unknown, blob, close, afterClose] =
      body.results;
    expect(store).toEqual({ type: "ok", response: { type: "store_sql" } });
    expect(exec.response.result.rows).toEqual([[int(42)]]);
    expect(exec.response.result.cols).toEqual([{ name: "n", decltype: null }]);
    expect(noRows.response.result.rows).toEqual([]);
    const { step_results, step_errors } = batch.response.result;
    expect(step_results.map((r: unknown) => r !== null)).toEqual([true, false, true, true, false, true]);
    expect(step_errors.map((e: unknown) => e !== null)).toEqual([false, true, false, false, false, false]);
    expect(step_errors[1].message).toMatch(/no such table: no_such_table/);
    expect(step_results[3].rows).toEqual([[{ type: "text", value: "in tx" }]]);
    expect(autocommit.response).toEqual({ type: "get_autocommit", is_autocommit: true });
    expect(describe1.response.result).toEqual({
      params: [{ name: ":a" }, { name: null }, { name: "?3" }],
      cols: [
        { name: "x", decltype: null },
        { name: "y", decltype: null },
      ],
      is_explain: false,
      is_readonly: true,
    });
    expect(describe2.type).toBe("error"); // table t does not exist in this database
    expect(closeSql.type).toBe("ok");
    expect(missing.error.code).toBe("SQL_NOT_FOUND");
    expect(unknown.type).toBe("error");
    expect(blob.response.result.rows).toEqual([[{ type: "blob", base64: "AAEC/w==" }]]);
    expect(close.type).toBe("ok");
    expect(afterClose.error.code).toBe("STREAM_CLOSED");
  });

  it("survives malformed HTTP requests", async () => {
    const bad = await pipeline("{ not json");
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/JSON/);
    expect((await pipeline({ baton: null })).status).toBe(400);
    expect((await fetch(`${server.url}/v2/pipeline`, { headers: bearer() })).status).toBe(405);
    const json = { "content-type": "application/json", ...bearer() };
    expect((await fetch(`${server.url}/nope`, { method: "POST", headers: json, body: "{}" })).status).toBe(404);
    const ok = await pipeline({ baton: null, requests: [{ type: "execute", stmt: { sql: "SELECT 1" } }, { type: "close" }] });
    expect(ok.body.results[0].response.result.rows).toEqual([[{ type: "integer", value: "1" }]]);
  });

  it("expires idle streams and rolls back their open transaction", async () => {
    const short = await startLibsqlServer({ file: join(dir, "expiry.db"), streamIdleTimeoutMs: 200 });
    try {
      const c = createClient(connection(short));
      const other = createClient(connection(short));
      await c.execute("CREATE TABLE e (k TEXT)");
      const tx = await c.transaction("write");
      await tx.execute("INSERT INTO e VALUES ('abandoned')");
      await sleep(700);
      const err = await tx.execute("SELECT 1").catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LibsqlError);
      expect((err as LibsqlError).code).toBe("STREAM_EXPIRED");
      // The write lock was released and the insert rolled back.
      await other.execute("INSERT INTO e VALUES ('next')");
      expect((await other.execute("SELECT k FROM e")).rows.map((r) => r.k)).toEqual(["next"]);
      c.close();
      other.close();
    } finally {
      await short.close();
    }
  });

  it("closes cleanly while a request is waiting for a lock", async () => {
    const file = join(dir, "closing.db");
    const closing = await startLibsqlServer({ file });
    const a = track(createClient(connection(closing)));
    const b = track(createClient(connection(closing)));
    await a.execute("CREATE TABLE c (k TEXT)");
    const tx = await a.transaction("write");
    await tx.execute("INSERT INTO c VALUES ('never committed')");
    const waiting = b.execute("INSERT INTO c VALUES ('never written')").then(
      () => "written",
      () => "failed",
    );
    await sleep(100);
    await closing.close();
    expect(await waiting).toBe("failed");
    await sleep(100); // a retry after close must neither crash the process nor write
    const reopened = await startLibsqlServer({ file });
    try {
      const c = track(createClient(connection(reopened)));
      expect(await count(c, "c")).toBe(0);
    } finally {
      await reopened.close();
    }
  });

  it("counts and logs pipeline requests", async () => {
    const c = track(createClient(connection(server)));
    const before = server.requestCount();
    await c.execute("SELECT 1");
    expect(server.requestCount()).toBe(before + 1);
    expect(logged.at(-1)).toBe(2); // execute + close, pipelined in one HTTP request
  });
});
