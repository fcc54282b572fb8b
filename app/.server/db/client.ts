import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import { watchWrites, type WriteListener } from "./watched-writes";

export type Database = ReturnType<typeof createDatabase>;

/**
 * One libSQL-over-HTTP client per request: Turso in production, the local libSQL server in development.
 * Without the schema: every query names its tables, and Drizzle would otherwise work out the whole
 * schema's relations again on every request (decision record 21). `onWrite` hears of every
 * statement that changed rows (db/watched-writes.ts).
 */
export function createDatabase(url: string, authToken?: string, onWrite?: WriteListener) {
  const client = createClient({ url, authToken: authToken || undefined });
  return drizzle(onWrite ? watchWrites(client, onWrite) : client);
}
