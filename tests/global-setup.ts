import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type TestProject } from "vitest/node";
import { startLocalStack } from "../scripts/local-stack.ts";
import { startFakeOAuthProvider } from "./fakes/oauth-provider.ts";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    dbUrl: string;
    oauthUrl: string;
  }
}

/** Starts the built Worker in workerd with a fresh libSQL database and R2 bucket for the test run. */
export default async function setup(project: TestProject) {
  const stateDir = mkdtempSync(path.join(tmpdir(), "auto-reseller-test-"));
  // The outside services the Worker talks to are fakes at the network edge, on this machine.
  const oauth = await startFakeOAuthProvider();
  const stack = await startLocalStack({
    stateDir,
    appPort: await freePort(),
    dbPort: await freePort(),
    appEnv: "test",
    quiet: true,
    vars: {
      SESSION_SECRET: "test-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
      GOOGLE_CLIENT_ID: "google-test-client",
      GOOGLE_CLIENT_SECRET: "google-test-secret",
      GITHUB_CLIENT_ID: "github-test-client",
      GITHUB_CLIENT_SECRET: "github-test-secret",
      OAUTH_PROVIDER_BASE_URL: oauth.baseUrl,
    },
  });
  project.provide("appUrl", stack.appUrl);
  project.provide("dbUrl", stack.dbUrl);
  project.provide("oauthUrl", oauth.baseUrl);
  return async () => {
    await stack.stop();
    await oauth.close();
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
