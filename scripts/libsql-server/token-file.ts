// The running local server's token, for tools started beside `npm start` or `npm run dev`
// (`npm run admin`, drizzle-kit). It sits in the state folder (.data/, ignored by git) and only
// this user may read it; web pages cannot read files, which is all the token must keep out.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const LOCAL_STATE_DIR = ".data"; // where `npm start` and `npm run dev` keep the database

const tokenFile = (stateDir: string) => path.join(stateDir, "libsql-auth-token");

export function saveAuthToken(token: string, stateDir = LOCAL_STATE_DIR): void {
  const file = tokenFile(stateDir);
  rmSync(file, { force: true }); // `mode` applies only to a file that is being created
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
}

/** The token saved by the last start, if any (a stopped server's token is merely useless). */
export function readAuthToken(stateDir = LOCAL_STATE_DIR): string | undefined {
  try {
    return readFileSync(tokenFile(stateDir), "utf8").trim() || undefined;
  } catch {
    return undefined;
  }
}
