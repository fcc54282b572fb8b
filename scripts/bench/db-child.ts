// Child process: the local libSQL server on one database file. It runs apart from the load
// generator because SQLite calls block the event loop, which would distort autocannon's clock.
// Parent protocol (IPC): we send { ready, url, authToken }; "count" → { count } (pipeline requests so far).
import { startLibsqlServer } from "../libsql-server/server.ts";

const file = process.argv[2];
if (!file || !process.send) {
  console.error("Usage: fork scripts/bench/db-child.ts <db file> (with an IPC channel)");
  process.exit(2);
}

const server = await startLibsqlServer({ file });
process.send({ ready: true, url: server.url, authToken: server.authToken });

process.on("message", (message) => {
  if (message === "count") process.send!({ count: server.requestCount() });
});
// The parent going away (normally or not) ends this process.
process.on("disconnect", () => {
  void server.close().finally(() => process.exit(0));
});
