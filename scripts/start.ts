// `npm start`: builds the app and serves it with the local libSQL server, local R2 and demo data.
import { execSync } from "node:child_process";
import { saveAuthToken } from "./libsql-server/token-file.ts";
import { startLocalStack } from "./local-stack.ts";
import { startBanner } from "./start-banner.ts";

const appPort = Number(process.env.PORT ?? 8787);
const dbPort = Number(process.env.DB_PORT ?? 8880);

execSync("npx react-router build", { stdio: "inherit" });
const stack = await startLocalStack({ stateDir: ".data", appPort, dbPort, appEnv: "development" });
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
