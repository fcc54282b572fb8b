import { execSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { LOCAL_BUILD } from "../built-worker.ts";

/**
 * Builds the app (unless BENCH_SKIP_BUILD) and copies the server build to `serverDir`, a private
 * copy: other work on this checkout may rebuild or delete build/ at any time. If it vanished in
 * between, builds once more.
 */
export function privateServerBuild(root: string, serverDir: string, log: (message: string) => void) {
  for (let attempt = 1; ; attempt++) {
    if (!process.env.BENCH_SKIP_BUILD) {
      log("building the app…");
      // With the render-only pages (app/bench/routes.ts): only the bench's builds have them.
      execSync(LOCAL_BUILD, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, BENCH_RENDER_ONLY: "1" } });
    }
    rmSync(serverDir, { recursive: true, force: true });
    const built = path.join(root, process.env.BUILD_DIR ?? "build", "server");
    if (existsSync(path.join(built, "index.js")) && existsSync(path.join(built, "wrangler.json"))) {
      cpSync(built, serverDir, { recursive: true });
      return;
    }
    if (process.env.BENCH_SKIP_BUILD) throw new Error("BENCH_SKIP_BUILD is set but build/server is missing: build first or unset it");
    if (attempt >= 2) throw new Error("build/server/index.js is missing after building twice (removed by another build?)");
  }
}
