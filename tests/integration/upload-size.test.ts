import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildDirectory } from "../../scripts/built-worker.ts";

// The built Worker deploys on the Workers Free plan, whose limit is 3 MiB of compressed upload.
// Wrangler's dry run (offline) packs the build as `wrangler deploy` would and reports the gzipped
// size it would upload.

const FREE_PLAN_LIMIT_KIB = 3 * 1024;
const ROOT = path.resolve(import.meta.dirname, "../..");

async function dryRunReport(): Promise<string> {
  const outdir = await mkdtemp(path.join(os.tmpdir(), "upload-size-"));
  try {
    // The build's own deploy config (the Cloudflare Vite plugin writes it), not the shared redirect under .wrangler/.
    const config = path.join(buildDirectory(), "server", "wrangler.json");
    const { stdout } = await promisify(execFile)(
      path.join(ROOT, "node_modules/.bin/wrangler"),
      ["deploy", "--dry-run", "--outdir", outdir, "--config", config],
      { cwd: ROOT, env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
    return stdout;
  } finally {
    await rm(outdir, { recursive: true, force: true });
  }
}

describe("the Worker's upload", () => {
  it("stays under the free plan's 3 MiB compressed", async () => {
    const report = await dryRunReport();
    const sizes = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(report);
    expect(sizes, report).not.toBeNull();
    const [total, gzip] = [Number(sizes![1]), Number(sizes![2])];
    console.log(`Worker upload: ${total.toFixed(0)} KiB, ${gzip.toFixed(0)} KiB gzipped (free plan limit: ${FREE_PLAN_LIMIT_KIB} KiB)`);
    expect(gzip).toBeGreaterThan(0);
    expect(gzip).toBeLessThan(FREE_PLAN_LIMIT_KIB);
  });
});
