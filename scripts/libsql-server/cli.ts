// Usage: node scripts/libsql-server/cli.ts --file .data/dev.db [--port 8880] [--host 127.0.0.1] [--verbose]
// Starts the local Hrana-over-HTTP libSQL server and prints its URL and its auth token (new on
// every start; clients pass it as `authToken`, the Worker as DATABASE_AUTH_TOKEN).
import { parseArgs } from "node:util";
import { startLibsqlServer } from "./server.ts";

const usage = "Usage: node scripts/libsql-server/cli.ts --file <db file> [--port 8880] [--host 127.0.0.1] [--verbose]";

let values;
try {
  ({ values } = parseArgs({
    options: {
      file: { type: "string", short: "f" },
      port: { type: "string", short: "p", default: "8880" },
      host: { type: "string", default: "127.0.0.1" },
      verbose: { type: "boolean", short: "v", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  }));
} catch (e) {
  console.error(`${(e as Error).message}\n${usage}`);
  process.exit(2);
}

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const port = Number(values.port);
if (!values.file || !Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(usage);
  process.exit(2);
}

const server = await startLibsqlServer({
  file: values.file, // the parent folder is created if missing
  port,
  host: values.host,
  log: values.verbose ? ({ streamRequests }) => console.log(`pipeline: ${streamRequests} stream request(s)`) : undefined,
});
console.log(`libsql server listening on ${server.url} (database: ${values.file})`);
console.log(`auth token: ${server.authToken}`);

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) process.exit(1); // second signal: give up waiting
  stopping = true;
  console.log(`${signal} received, stopping libsql server`);
  await server.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
