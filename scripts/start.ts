// `npm start`: builds the app and serves it with the local libSQL server, local R2 and demo data.
import { execSync } from "node:child_process";
import { saveAuthToken } from "./libsql-server/token-file.ts";
import { startLocalStack } from "./local-stack.ts";
import { DEMO_PASSWORD, DEMO_USERS } from "./seed/demo-data.ts";

const appPort = Number(process.env.PORT ?? 8787);
const dbPort = Number(process.env.DB_PORT ?? 8880);

execSync("npx react-router build", { stdio: "inherit" });
const stack = await startLocalStack({ stateDir: ".data", appPort, dbPort, appEnv: "development" });
saveAuthToken(stack.dbAuthToken); // for `npm run admin` against this database
console.log(`\nAuto Reseller is running at http://localhost:${appPort} (database ${stack.dbUrl}). Ctrl-C stops it.`);
const firstOf = (role: string) => DEMO_USERS.find((user) => user.role === role)?.email;
console.log(
  `Demo sign-ins (password ${DEMO_PASSWORD}): ${["admin", "seller", "buyer"].map((role) => `${firstOf(role)} (${role})`).join(", ")}.`,
);
console.log("Other ports: PORT=<app> DB_PORT=<database> npm start.\n");

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
