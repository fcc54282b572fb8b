// Hrana (v2, JSON encoding) structures and their execution on a `libsql`
// connection: value encoding, statements, batches with conditions, sequences
// and describe. See docs/HRANA_3_SPEC.md in tursodatabase/libsql.
import { isBusy, isSqliteError, withBusyRetry, type Connection, type Db, type Statement } from "./connection.ts";
import { leadingKeyword, splitStatements } from "./sql-split.ts";

type SqlValue = null | bigint | number | string | Buffer;

export type ProtoValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };

export type ProtoError = { message: string; code: string };

export type StmtResult = {
  cols: { name: string; decltype: string | null }[];
  rows: ProtoValue[][];
  affected_row_count: number;
  last_insert_rowid: string | null;
  query_duration_ms: number;
};

export type BatchResult = {
  step_results: (StmtResult | null)[];
  step_errors: (ProtoError | null)[];
};

export type DescribeResult = {
  params: { name: string | null }[];
  cols: { name: string; decltype: string | null }[];
  is_explain: boolean;
  is_readonly: boolean;
};

/** An error reported to the client inside a pipeline result (not an HTTP error). */
export class HranaError extends Error {
  code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

const PRIMARY_CODES = [
  "SQLITE_OK",
  "SQLITE_ERROR",
  "SQLITE_INTERNAL",
  "SQLITE_PERM",
  "SQLITE_ABORT",
  "SQLITE_BUSY",
  "SQLITE_LOCKED",
  "SQLITE_NOMEM",
  "SQLITE_READONLY",
  "SQLITE_INTERRUPT",
  "SQLITE_IOERR",
  "SQLITE_CORRUPT",
  "SQLITE_NOTFOUND",
  "SQLITE_FULL",
  "SQLITE_CANTOPEN",
  "SQLITE_PROTOCOL",
  "SQLITE_EMPTY",
  "SQLITE_SCHEMA",
  "SQLITE_TOOBIG",
  "SQLITE_CONSTRAINT",
  "SQLITE_MISMATCH",
  "SQLITE_MISUSE",
  "SQLITE_NOLFS",
  "SQLITE_AUTH",
  "SQLITE_FORMAT",
  "SQLITE_RANGE",
  "SQLITE_NOTADB",
];

/** Converts any thrown value into the Hrana `Error` structure (sqld style: primary SQLite code). */
export function toProtoError(e: unknown): ProtoError {
  if (e instanceof HranaError) return { message: e.message, code: e.code };
  if (isSqliteError(e)) {
    const primary = typeof e.rawCode === "number" ? PRIMARY_CODES[e.rawCode & 0xff] : undefined;
    return { message: `SQLite error: ${e.message}`, code: primary ?? e.code ?? "SQLITE_UNKNOWN" };
  }
  return { message: e instanceof Error ? e.message : String(e), code: "INTERNAL_ERROR" };
}

function protocolError(message: string): HranaError {
  return new HranaError(message, "PROTOCOL_ERROR");
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;

export function decodeValue(v: unknown): SqlValue {
  if (!isObject(v)) throw protocolError("Expected a Value object");
  switch (v.type) {
    case "null":
      return null;
    case "integer": {
      const raw = v.value;
      if (typeof raw === "number" && Number.isSafeInteger(raw)) return BigInt(raw);
      if (typeof raw !== "string" || !/^-?\d+$/.test(raw)) throw protocolError("Invalid integer Value");
      const n = BigInt(raw);
      if (n < MIN_I64 || n > MAX_I64) throw protocolError("Integer Value out of 64-bit range");
      return n;
    }
    case "float":
      if (typeof v.value !== "number") throw protocolError("Invalid float Value");
      return v.value;
    case "text":
      if (typeof v.value !== "string") throw protocolError("Invalid text Value");
      return v.value;
    case "blob":
      if (typeof v.base64 !== "string") throw protocolError("Invalid blob Value");
      return Buffer.from(v.base64, "base64");
    default:
      throw protocolError(`Unknown Value type ${JSON.stringify(v.type)}`);
  }
}

export function encodeValue(v: unknown): ProtoValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  // With safe integers on, SQLite INTEGERs arrive as bigint, so a number is a REAL.
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") };
  throw new HranaError(`Cannot encode value of type ${typeof v}`, "INTERNAL_ERROR");
}

/** Resolves the `sql`/`sql_id` pair of a request against the stream's stored SQL texts. */
export function resolveSql(req: Record<string, unknown>, sqls: Map<number, string>): string {
  const hasSql = req.sql !== undefined && req.sql !== null;
  const hasId = req.sql_id !== undefined && req.sql_id !== null;
  if (hasSql && hasId) throw protocolError("Both `sql` and `sql_id` were given");
  if (hasSql) {
    if (typeof req.sql !== "string") throw protocolError("`sql` must be a string");
    return req.sql;
  }
  if (!hasId) throw protocolError("Either `sql` or `sql_id` is required");
  const sql = sqls.get(req.sql_id as number);
  if (sql === undefined) throw new HranaError(`SQL text ${String(req.sql_id)} was not stored`, "SQL_NOT_FOUND");
  return sql;
}

function singleStatement(sql: string): void {
  const count = splitStatements(sql).length;
  if (count === 0) throw new HranaError("SQL string does not contain any statement", "SQL_NO_STATEMENT");
  if (count > 1) throw new HranaError("SQL string contains more than one statement", "SQL_MANY_STATEMENTS");
}

function allRows(stmt: Statement, params: SqlValue[], isExplain: boolean): unknown[][] {
  const rows = stmt.raw(true).all(params) as unknown[][];
  // SQLite lists EXPLAIN output without ever halting the program, so it keeps counting
  // the statement as active (and writing, for e.g. EXPLAIN INSERT) until it is reset,
  // which holds back autocommit commits on this connection. get() re-steps it and resets it.
  if (isExplain) stmt.get(params);
  return rows;
}

/**
 * Reads a statement's bytecode with EXPLAIN: Variable ops carry the parameter
 * numbers and names (p1/p4), a Transaction op with p2 != 0 means it writes.
 */
function explain(db: Db, sql: string): { params: (string | null)[]; readonly: boolean } {
  const ops = allRows(db.prepare(`EXPLAIN ${sql}`), [], true) as [bigint, string, bigint, bigint, bigint, unknown][];
  const params: (string | null)[] = [];
  let readonly = true;
  for (const [, opcode, p1, p2, , p4] of ops) {
    if (opcode === "Transaction" && p2 !== 0n) readonly = false;
    if (opcode === "Variable") {
      const index = Number(p1);
      while (params.length < index) params.push(null);
      if (typeof p4 === "string") params[index - 1] = p4;
    }
  }
  return { params, readonly };
}

const bareName = (name: string) => name.replace(/^[:@$?]/, "");

function bindParams(db: Db, sql: string, stmt: Record<string, unknown>): SqlValue[] {
  const args = stmt.args ?? [];
  const named = stmt.named_args ?? [];
  if (!Array.isArray(args) || !Array.isArray(named)) throw protocolError("`args` and `named_args` must be arrays");
  if (args.length > 0 && named.length > 0) {
    throw new HranaError("Specifying both positional and named arguments is not supported", "ARGS_BOTH_POSITIONAL_AND_NAMED");
  }
  if (named.length === 0) return args.map(decodeValue);
  // Named arguments are turned into positional ones here: the native binding's own
  // named binding aborts the process when the SQL also has a nameless `?` parameter.
  const values = new Map<string, SqlValue>();
  for (const arg of named) {
    if (!isObject(arg) || typeof arg.name !== "string") throw protocolError("Invalid named argument");
    values.set(bareName(arg.name), decodeValue(arg.value)); // `x` matches `:x`, `@x` and `$x`
  }
  return explain(db, sql).params.map((name) => (name === null ? null : (values.get(bareName(name)) ?? null)));
}

function runStatement(db: Db, stmt: Statement, params: SqlValue[], wantRows: boolean, isExplain: boolean): StmtResult {
  const started = performance.now();
  const meta = db.prepare("SELECT total_changes(), changes(), last_insert_rowid()").raw(true);
  const [totalBefore] = meta.get([]) as bigint[];
  let rows: ProtoValue[][] = [];
  if (stmt.reader) {
    const raw = allRows(stmt, params, isExplain); // always run to completion
    if (wantRows) rows = raw.map((row) => row.map(encodeValue));
  } else {
    stmt.run(params);
  }
  const [totalAfter, changes, lastRowid] = meta.get([]) as bigint[];
  return {
    cols: stmt.columns().map((c) => ({ name: c.name, decltype: c.type })),
    rows,
    // changes() is stale after statements that changed nothing (SELECT, DDL), hence the total_changes() check.
    affected_row_count: totalAfter === totalBefore ? 0 : Number(changes),
    last_insert_rowid: lastRowid.toString(),
    query_duration_ms: performance.now() - started,
  };
}

export async function executeStmt(conn: Connection, stmt: unknown, sqls: Map<number, string>): Promise<StmtResult> {
  if (!isObject(stmt)) throw protocolError("Expected a Stmt object");
  const sql = resolveSql(stmt, sqls);
  singleStatement(sql);
  const db = conn.db;
  const params = bindParams(db, sql, stmt);
  const isExplain = leadingKeyword(sql) === "EXPLAIN";
  let prepared: Statement | undefined;
  try {
    // Retries must reuse the same native statement: one that failed with SQLITE_BUSY
    // stays active (the binding has no reset) until it is run again or garbage
    // collected, and while it is active the connection's autocommit writes don't commit.
    return await withBusyRetry(() => {
      // The stream may have been closed while we were waiting.
      if (conn.current !== db) throw new HranaError("The connection was closed while waiting for a lock", "STREAM_CLOSED");
      prepared ??= db.prepare(sql);
      return runStatement(db, prepared, params, stmt.want_rows !== false, isExplain);
    });
  } catch (e) {
    // Gave up waiting: drop the connection rather than keep one that silently holds writes back.
    if (isBusy(e) && conn.current === db && !db.inTransaction) conn.close();
    throw e;
  }
}

type Outcome = "ok" | "error" | "skipped";

function checkCond(cond: unknown, stepIndex: number): void {
  if (!isObject(cond)) throw protocolError("Expected a BatchCond object");
  switch (cond.type) {
    case "ok":
    case "error":
      if (typeof cond.step !== "number" || !Number.isInteger(cond.step) || cond.step < 0 || cond.step >= stepIndex) {
        throw protocolError(`Condition of step ${stepIndex} must refer to an earlier step`);
      }
      return;
    case "not":
      return checkCond(cond.cond, stepIndex);
    case "and":
    case "or":
      if (!Array.isArray(cond.conds)) throw protocolError("`conds` must be an array");
      for (const c of cond.conds) checkCond(c, stepIndex);
      return;
    case "is_autocommit":
      return;
    default:
      throw protocolError(`Unknown BatchCond type ${JSON.stringify(cond.type)}`);
  }
}

/** A batch step's condition, as checkCond has validated it (Hrana's BatchCond). */
type BatchCond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: BatchCond }
  | { type: "and" | "or"; conds: BatchCond[] }
  | { type: "is_autocommit" };

// Only called on conditions already validated by checkCond.
function evalCond(cond: BatchCond, outcomes: Outcome[], conn: Connection): boolean {
  switch (cond.type) {
    case "ok":
      return outcomes[cond.step] === "ok";
    case "error":
      return outcomes[cond.step] === "error";
    case "not":
      return !evalCond(cond.cond, outcomes, conn);
    case "and":
      return cond.conds.every((c) => evalCond(c, outcomes, conn));
    case "or":
      return cond.conds.some((c) => evalCond(c, outcomes, conn));
    default: // is_autocommit
      return !conn.db.inTransaction;
  }
}

export async function executeBatch(conn: Connection, batch: unknown, sqls: Map<number, string>): Promise<BatchResult> {
  if (!isObject(batch) || !Array.isArray(batch.steps)) throw protocolError("Expected a Batch with `steps`");
  const steps = batch.steps.map((step, i) => {
    if (!isObject(step)) throw protocolError("Expected a BatchStep object");
    if (step.condition !== undefined && step.condition !== null) checkCond(step.condition, i);
    return step;
  });
  const outcomes: Outcome[] = [];
  const result: BatchResult = { step_results: [], step_errors: [] };
  for (const step of steps) {
    let res: StmtResult | null = null;
    let err: ProtoError | null = null;
    // checkCond validated every condition above.
    if (step.condition != null && !evalCond(step.condition as BatchCond, outcomes, conn)) {
      outcomes.push("skipped");
    } else {
      try {
        res = await executeStmt(conn, step.stmt, sqls);
        outcomes.push("ok");
      } catch (e) {
        err = toProtoError(e);
        outcomes.push("error");
      }
    }
    result.step_results.push(res);
    result.step_errors.push(err);
  }
  return result;
}

/** Runs a semicolon-separated script one statement at a time, stopping at the first error. */
export async function executeSequence(conn: Connection, sql: string): Promise<void> {
  // exec() finalizes its statements itself, so unlike executeStmt a busy retry is straightforward.
  for (const statement of splitStatements(sql)) await withBusyRetry(() => conn.db.exec(statement));
}

export function describeStmt(conn: Connection, sql: string): DescribeResult {
  singleStatement(sql);
  const cols = conn.db
    .prepare(sql)
    .columns()
    .map((c) => ({ name: c.name, decltype: c.type }));
  if (leadingKeyword(sql) === "EXPLAIN") return { params: [], cols, is_explain: true, is_readonly: true };
  const { params, readonly } = explain(conn.db, sql);
  return { params: params.map((name) => ({ name })), cols, is_explain: false, is_readonly: readonly };
}
