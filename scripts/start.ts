// `npm start`: builds the app and serves it with the local libSQL server, local R2 and demo data.
// Quiet by default (start-output.ts); `npm start -- --verbose` or VERBOSE=1 prints everything.
import { spawnSync } from "node:child_process";
import { LOCAL_BUILD } from "./built-worker.ts";
import { saveAuthToken } from "./libsql-server/token-file.ts";
import { startLocalStack } from "./local-stack.ts";
import { startBanner } from "./start-banner.ts";
import { buildSummary } from "./start-output.ts";

const appPort = Number(process.env.PORT ?? 8787);
const dbPort = Number(process.env.DB_PORT ?? 8880);

const verbose = process.argv.includes("--verbose") || process.env.VERBOSE === "1";

const buildStarted = performance.now();
const build = spawnSync(LOCAL_BUILD, { shell: true, stdio: verbose ? "inherit" : "pipe", encoding: "utf8" });
if (build.status !== 0) {
  if (!verbose) process.stderr.write(`${build.stdout}${build.stderr}`);
  process.exit(build.status ?? 1);
}
console.log(buildSummary((performance.now() - buildStarted) / 1000));
const stack = await startLocalStack({ stateDir: ".data", appPort, dbPort, appEnv: "development", verbose });
saveAuthToken(stack.dbAuthToken); // for `npm run admin` against this database
console.log(`\n${startBanner(appPort, stack.dbUrl)}\n`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
