import { createClient } from "@libsql/client/web";
import { drizzle } from "drizzle-orm/libsql/web";
import * as schema from "./schema";

export type Database = ReturnType<typeof createDatabase>;

/** One libSQL-over-HTTP client per request: Turso in production, the local libSQL server in development. */
export function createDatabase(url: string, authToken?: string) {
  const client = createClient({ url, authToken: authToken || undefined });
  return drizzle(client, { schema });
}
