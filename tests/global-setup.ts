import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type TestProject } from "vitest/node";
import { startLocalStack } from "../scripts/local-stack.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    dbUrl: string;
  }
}

/** Starts the built Worker in workerd with a fresh libSQL database and R2 bucket for the test run. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), "auto-reseller-test-"));
  const stack = await startLocalStack({
    stateDir,
    appPort: await freePort(),
    dbPort: await freePort(),
    appEnv: "test",
    quiet: true,
  });
  project.provide("appUrl", stack.appUrl);
  project.provide("dbUrl", stack.dbUrl);
  return async () => {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
