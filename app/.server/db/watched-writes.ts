import { type Client, type InArgs, type InStatement, type ResultSet, type Transaction, type TransactionMode } from "@libsql/client/web";

// Which tables a request's statements changed, told by the database itself (each statement's
// rowsAffected), so that the page cache empties pages only after a write that changed something
// (app/.server/page-changes.ts). A statement that matched no row, an insert that met its conflict
// and did nothing, and any read change nothing.

/** Told of each statement that changed rows: the table it wrote, or null when its SQL does not say (DDL, a CTE). */
export type WriteListener = (table: string | null) => void;

const WRITE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"[]?(\w+)/i;
const READ = /^\s*(?:select|pragma|explain|values)\b/i;
const WITH = /^\s*with\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|replace)\b/i;

/** The table a statement writes, null for a write whose table its SQL does not name first, undefined for a read. */
export function writtenTable(sql: string): string | null | undefined {
  const write = WRITE.exec(sql);
  if (write) return write[1].toLowerCase();
  if (READ.test(sql) || (WITH.test(sql) && !WRITE_WORD.test(sql))) return undefined;
  return null;
}

type BatchStatement = InStatement | [string, InArgs?];
const sqlOf = (statement: BatchStatement) =>
  typeof statement === "string" ? statement : Array.isArray(statement) ? statement[0] : statement.sql;

function note(listener: WriteListener, statement: BatchStatement, result: ResultSet | undefined) {
  if (!result || result.rowsAffected === 0) return;
  const table = writtenTable(sqlOf(statement));
  if (table !== undefined) listener(table);
}

/** The client, telling `listener` of every statement that changed rows (in a transaction too, committed or not: the listener errs towards a change). */
export function watchWrites(client: Client, listener: WriteListener): Client {
  return new Proxy(client, {
    get(target, name) {
      if (name === "execute") {
        return async (statement: InStatement, args?: InArgs) => {
          const result = await (args === undefined ? target.execute(statement) : target.execute(statement as string, args));
          note(listener, statement, result);
          return result;
        };
      }
      if (name === "batch") {
        return async (statements: BatchStatement[], mode?: TransactionMode) => {
          const results = await target.batch(statements, mode);
          statements.forEach((statement, index) => note(listener, statement, results[index]));
          return results;
        };
      }
      if (name === "transaction") {
        return async (mode?: TransactionMode) => watchTransaction(await target.transaction(mode), listener);
      }
      if (name === "migrate" || name === "executeMultiple") {
        return async (...args: unknown[]) => {
          const result: unknown = await (target[name] as (...args: unknown[]) => Promise<unknown>)(...args);
          listener(null);
          return result;
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

function watchTransaction(transaction: Transaction, listener: WriteListener): Transaction {
  return new Proxy(transaction, {
    get(target, name) {
      if (name === "execute") {
        return async (statement: InStatement) => {
          const result = await target.execute(statement);
          note(listener, statement, result);
          return result;
        };
      }
      if (name === "batch") {
        return async (statements: InStatement[]) => {
          const results = await target.batch(statements);
          statements.forEach((statement, index) => note(listener, statement, results[index]));
          return results;
        };
      }
      if (name === "executeMultiple") {
        return async (sql: string) => {
          await target.executeMultiple(sql);
          listener(null);
        };
      }
      const value: unknown = Reflect.get(target, name, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
