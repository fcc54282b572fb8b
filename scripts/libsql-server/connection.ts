// SQLite connections (via the native `libsql` package) and SQLITE_BUSY handling.
import Database from "libsql";

export type Db = Database.Database;
export type Statement = ReturnType<Db["prepare"]>;

// SQLite's busy handler blocks the whole event loop, so a connection of this very
// process holding the lock (e.g. a client's open interactive transaction) could
// never release it while we wait inside SQLite. So the native wait is kept short
// and the real waiting happens asynchronously in withBusyRetry().
const NATIVE_BUSY_TIMEOUT_MS = 20;
export const BUSY_TIMEOUT_MS = 5000;

export function openConnection(file: string): Db {
  const db = new Database(file);
  try {
    db.exec(`PRAGMA busy_timeout = ${NATIVE_BUSY_TIMEOUT_MS}`);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA foreign_keys = ON");
    db.defaultSafeIntegers(true); // integers come back as exact bigints
  } catch (e) {
    db.close();
    throw e;
  }
  return db;
}

/** A lazily opened connection, which can be dropped and transparently reopened until it is closed for good. */
export class Connection {
  readonly file: string;
  #db: Db | undefined;
  #closedForGood = false;

  constructor(file: string) {
    this.file = file;
  }

  get db(): Db {
    if (this.#closedForGood) throw new Error("The connection has been closed");
    this.#db ??= openConnection(this.file);
    return this.#db;
  }

  /** The native connection if one is open (never opens one). */
  get current(): Db | undefined {
    return this.#db;
  }

  /** Closes the native connection, rolling back any open transaction; `forGood` forbids reopening. */
  close(forGood = false): void {
    this.#closedForGood ||= forGood;
    const db = this.#db;
    this.#db = undefined;
    if (!db) return;
    // Only ever touch `db` while it is open: the native binding aborts the process
    // on e.g. `inTransaction` of a closed connection.
    try {
      if (db.inTransaction) db.exec("ROLLBACK");
    } catch {
      // closing the connection rolls back anyway
    }
    db.close();
  }
}

export function isSqliteError(e: unknown): e is Error & { code: string; rawCode?: number } {
  return e instanceof Database.SqliteError;
}

// Plain SQLITE_BUSY means the lock could not be taken and nothing was done, so
// waiting and rerunning helps. Other variants (e.g. SQLITE_BUSY_SNAPSHOT: a stale
// read transaction wants to write) can't be fixed by waiting.
export function isBusy(e: unknown): boolean {
  return isSqliteError(e) && (e.code === "SQLITE_BUSY" || e.code === "SQLITE_BUSY_RECOVERY");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn`, retrying it asynchronously while it fails with SQLITE_BUSY, for up to BUSY_TIMEOUT_MS. */
export async function withBusyRetry<T>(fn: () => T): Promise<T> {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (let delay = 2; ; delay = Math.min(delay * 2, 50)) {
    try {
      return fn();
    } catch (e) {
      if (!isBusy(e) || Date.now() + delay > deadline) throw e;
    }
    await sleep(delay);
  }
}
