// A local libSQL server speaking Hrana over HTTP (v2, JSON), so that
// `@libsql/client` with an http:// URL (and `@libsql/client/web`) can use a
// plain SQLite file exactly like it uses Turso/sqld. Development tooling only:
// no v3/protobuf, no cursors.
//
// It listens on 127.0.0.1, which any web page the developer visits can reach too. So every request
// must carry the server's bearer token (random per start), bodies must be JSON (a page can send
// text/plain without a CORS preflight), and requests with an Origin header (which browsers add to
// every cross-origin POST and preflight) are refused. No CORS headers are ever sent.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, resolve } from "node:path";
import { Connection, openConnection } from "./connection.ts";
import {
  describeStmt,
  executeBatch,
  executeSequence,
  executeStmt,
  HranaError,
  resolveSql,
  toProtoError,
  type ProtoError,
} from "./protocol.ts";

export type LibsqlServerOptions = {
  file: string;
  /** 0 (the default) picks a random free port. */
  port?: number;
  host?: string;
  /** Called after every successful pipeline request, with the number of stream requests it carried. */
  log?: (entry: { streamRequests: number }) => void;
  /** Streams idle for longer than this are closed and their transaction rolled back. */
  streamIdleTimeoutMs?: number;
  /** The bearer token every request must carry; a new random one when omitted. */
  authToken?: string;
};

export type LibsqlServer = {
  url: string;
  port: number;
  /** Clients pass it as `authToken` (@libsql/client), the Worker as DATABASE_AUTH_TOKEN. */
  authToken: string;
  close(): Promise<void>;
  /** Number of pipeline requests (POST /v2/pipeline) answered successfully so far. */
  requestCount(): number;
};

const MAX_STREAMS = 128; // each stream may hold a SQLite connection (3 file descriptors)
const MAX_STORED_SQL = 1000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** A Hrana stream: its own SQLite connection (opened lazily) plus its stored SQL texts. */
class Stream {
  readonly sqls = new Map<number, string>();
  readonly #conn: Connection;
  baton: string | null = null;
  lastUsed = Date.now();
  inFlight = false;
  closed = false;

  constructor(file: string) {
    this.#conn = new Connection(file);
  }

  get conn(): Connection {
    if (this.closed) throw new HranaError("The stream has been closed", "STREAM_CLOSED");
    return this.#conn;
  }

  /** Closes the connection, rolling back any open transaction. */
  close(): void {
    this.closed = true;
    this.#conn.close(true);
  }
}

class HttpError extends Error {
  status: number;
  code: string;
  constructor(status: number, message: string, code: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const data = JSON.stringify(body);
  // The client only parses error bodies whose content-type is exactly "application/json".
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(data) });
  res.end(data);
}

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "content-type": "text/plain", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** Compares digests so that neither the token's bytes nor its length leak through timing. */
function hasToken(req: IncomingMessage, tokenDigest: Buffer): boolean {
  const presented = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(sha256(presented), tokenDigest);
}

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
const isJson = (req: IncomingMessage) => req.headers["content-type"]?.split(";")[0].trim().toLowerCase() === "application/json";

/** Keeps web pages out: see the comment at the top of this file. */
function checkAccess(req: IncomingMessage, tokenDigest: Buffer): void {
  if (req.headers.origin !== undefined)
    throw new HttpError(403, "Requests from web pages (with an Origin header) are refused", "FORBIDDEN");
  if (!hasToken(req, tokenDigest)) throw new HttpError(401, "Missing or wrong bearer token", "UNAUTHORIZED");
  if (hasBody(req) && !isJson(req)) throw new HttpError(415, "Request bodies must be application/json", "UNSUPPORTED_MEDIA_TYPE");
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, "Request body is too large", "BODY_TOO_LARGE");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new HttpError(400, "Request body is not valid JSON", "PROTOCOL_ERROR");
  }
}

async function handleStreamRequest(stream: Stream, request: unknown): Promise<unknown> {
  try {
    if (typeof request !== "object" || request === null) throw new HranaError("Expected a request object", "PROTOCOL_ERROR");
    const req = request as Record<string, unknown>;
    if (stream.closed) throw new HranaError("The stream has been closed", "STREAM_CLOSED");
    let response: Record<string, unknown>;
    switch (req.type) {
      case "close":
        stream.close();
        response = {};
        break;
      case "execute":
        response = { result: await executeStmt(stream.conn, req.stmt, stream.sqls) };
        break;
      case "batch":
        response = { result: await executeBatch(stream.conn, req.batch, stream.sqls) };
        break;
      case "sequence":
        await executeSequence(stream.conn, resolveSql(req, stream.sqls));
        response = {};
        break;
      case "describe":
        response = { result: describeStmt(stream.conn, resolveSql(req, stream.sqls)) };
        break;
      case "store_sql": {
        const id = req.sql_id;
        if (typeof id !== "number" || !Number.isInteger(id) || typeof req.sql !== "string") {
          throw new HranaError("store_sql needs an integer `sql_id` and a string `sql`", "PROTOCOL_ERROR");
        }
        if (stream.sqls.has(id)) throw new HranaError(`SQL text ${id} is already stored`, "SQL_EXISTS");
        if (stream.sqls.size >= MAX_STORED_SQL) throw new HranaError("Too many stored SQL texts", "SQL_STORE_TOO_MANY");
        stream.sqls.set(id, req.sql);
        response = {};
        break;
      }
      case "close_sql":
        stream.sqls.delete(req.sql_id as number);
        response = {};
        break;
      case "get_autocommit":
        response = { is_autocommit: !stream.conn.db.inTransaction };
        break;
      default:
        throw new HranaError(`Unknown request type ${JSON.stringify(req.type)}`, "PROTOCOL_ERROR");
    }
    return { type: "ok", response: { type: req.type, ...response } };
  } catch (e) {
    return { type: "error", error: toProtoError(e) };
  }
}

export async function startLibsqlServer(options: LibsqlServerOptions): Promise<LibsqlServer> {
  if (!options.file || options.file === ":memory:" || options.file.startsWith("file::memory:")) {
    throw new Error("startLibsqlServer needs a database file path (each stream has its own connection, so :memory: can't work)");
  }
  const file = resolve(options.file);
  const host = options.host ?? "127.0.0.1";
  const idleTimeoutMs = options.streamIdleTimeoutMs ?? 10_000;
  if (options.authToken === "") throw new Error("startLibsqlServer: authToken must not be empty");
  const authToken = options.authToken ?? randomBytes(32).toString("base64url");
  const tokenDigest = sha256(authToken);
  mkdirSync(dirname(file), { recursive: true });
  // Switch the file to WAL once up front (needs an exclusive lock); fail fast on a bad path.
  openConnection(file).close();

  const streams = new Set<Stream>();
  const byBaton = new Map<string, Stream>();
  let pipelineCount = 0;

  const closeStream = (stream: Stream) => {
    stream.close();
    streams.delete(stream);
  };
  const isExpired = (stream: Stream, now: number) => !stream.inFlight && now - stream.lastUsed > idleTimeoutMs;
  const sweep = () => {
    const now = Date.now();
    for (const stream of streams) {
      if (isExpired(stream, now)) {
        if (stream.baton !== null) byBaton.delete(stream.baton);
        closeStream(stream);
      }
    }
  };
  function acquireStream(baton: unknown): Stream {
    if (baton === null || baton === undefined) {
      if (streams.size >= MAX_STREAMS) sweep();
      if (streams.size >= MAX_STREAMS) {
        throw new HttpError(503, `Too many open streams (${MAX_STREAMS}); are transactions left open?`, "STREAMS_EXHAUSTED");
      }
      const stream = new Stream(file);
      streams.add(stream);
      return stream;
    }
    if (typeof baton !== "string") throw new HttpError(400, "`baton` must be a string or null", "PROTOCOL_ERROR");
    const stream = byBaton.get(baton);
    // Batons are single use: the next request must carry the baton from the latest response.
    byBaton.delete(baton);
    if (stream) stream.baton = null;
    if (!stream || isExpired(stream, Date.now())) {
      if (stream) closeStream(stream);
      throw new HttpError(
        400,
        "Unknown or expired baton: the stream was closed, timed out or the baton was already used",
        "STREAM_EXPIRED",
      );
    }
    return stream;
  }

  async function handlePipeline(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJson(req);
    if (typeof body !== "object" || body === null || !Array.isArray((body as { requests?: unknown }).requests)) {
      throw new HttpError(400, "Expected a JSON object with a `requests` array", "PROTOCOL_ERROR");
    }
    const { baton, requests } = body as { baton?: unknown; requests: unknown[] };
    const stream = acquireStream(baton);
    stream.inFlight = true;
    const results: unknown[] = [];
    try {
      for (const request of requests) results.push(await handleStreamRequest(stream, request));
    } finally {
      stream.inFlight = false;
      stream.lastUsed = Date.now();
    }
    if (stream.closed) {
      streams.delete(stream);
    } else {
      stream.baton = randomBytes(24).toString("base64url");
      byBaton.set(stream.baton, stream);
    }
    pipelineCount++;
    sendJson(res, 200, { baton: stream.baton, base_url: null, results });
    try {
      options.log?.({ streamRequests: requests.length });
    } catch (e) {
      console.error("libsql-server: log callback failed:", e);
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    checkAccess(req, tokenDigest);
    const path = new URL(req.url ?? "/", "http://localhost").pathname.replace(/\/+$/, "") || "/";
    if (path === "/v2/pipeline") {
      if (req.method !== "POST") throw new HttpError(405, "Use POST for /v2/pipeline", "METHOD_NOT_ALLOWED");
      return handlePipeline(req, res);
    }
    if (req.method !== "GET" && req.method !== "HEAD") throw new HttpError(404, `Not found: ${req.method} ${path}`, "NOT_FOUND");
    if (path === "/v2" || path === "/") return sendText(res, 200, "Hello, this is HTTP API v2 (Hrana over HTTP)");
    if (path === "/health") return sendText(res, 200, "ok");
    // Hrana 3 (/v3, /v3-protobuf) is deliberately unsupported: a 404 makes clients fall back to v2.
    return sendText(res, 404, `Not found: ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof HttpError ? e.status : 500;
      const error: ProtoError = e instanceof HttpError ? { message: e.message, code: e.code } : toProtoError(e);
      if (!res.headersSent) sendJson(res, status, error);
      else res.destroy();
      req.resume(); // drain any unread body so the connection can be reused
    });
  });

  // Node closes a connection after 5 s idle by default, just when a client that keeps connections
  // for reuse (workerd does) may send its next request on it: under load such requests were lost
  // ("Network connection lost"). Idle connections are left for the client to close.
  server.keepAliveTimeout = 30_000;

  await new Promise<void>((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => {
      server.off("error", reject);
      resolvePromise();
    });
  });
  const sweeper = setInterval(sweep, Math.max(50, Math.min(1000, idleTimeoutMs / 2)));
  sweeper.unref();
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    authToken,
    requestCount: () => pipelineCount,
    close: async () => {
      clearInterval(sweeper);
      const closed = new Promise<void>((resolvePromise) => server.close(() => resolvePromise()));
      server.closeAllConnections();
      for (const stream of streams) stream.close();
      streams.clear();
      byBaton.clear();
      await closed;
    },
  };
}
