import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { readConfig } from "~/.server/config";
import { type AppContext } from "~/.server/context";
import { createDatabase } from "~/.server/db/client";
import { subscribe } from "~/.server/services/events";
import { SUBSCRIBERS } from "~/.server/services/subscribers";
import { migrateDatabase } from "../../scripts/db/migrate.ts";
import { startLibsqlServer } from "../../scripts/libsql-server/server.ts";

/**
 * A migrated database on the project's libSQL server, reached over HTTP like in production,
 * and an AppContext around it for service-level tests. The clock can be moved.
 */
export async function startTestDatabase() {
  subscribe(SUBSCRIBERS);
  const dir = mkdtempSync(path.join(tmpdir(), "auto-reseller-unit-"));
  const server = await startLibsqlServer({ file: path.join(dir, "db.sqlite") });
  await migrateDatabase(server.url, server.authToken);
  let now = new Date("2026-11-22T10:00:00Z");
  const context = (overrides: Partial<AppContext> = {}): AppContext => ({
    appEnv: "test",
    db: createDatabase(server.url, server.authToken),
    photos: undefined as unknown as R2Bucket,
    email: { send: async () => {} },
    emailQueue: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
    listingsQueue: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
    viewsQueue: { send: async () => {}, sendBatch: async () => {} } as unknown as Queue,
    payments: null,
    now: () => now,
    origin: "http://localhost",
    publicOrigin: "http://localhost",
    clientIp: "203.0.113.7",
    sessionSecret: new TextEncoder().encode("unit-test-secret-unit-test-secret-0123"),
    config: readConfig({ APP_ENV: "test" } as Env),
    requestId: "test-request",
    cache: new Map(),
    sharedPage: null,
    changedPages: new Set(),
    defer: (work) => void work.catch(() => {}),
    ...overrides,
  });
  return {
    url: server.url,
    context,
    /** Database round trips (pipeline requests) answered so far. */
    roundTrips: () => server.requestCount(),
    setNow(date: Date) {
      now = date;
    },
    async stop() {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
