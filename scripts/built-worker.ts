import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Builds the app as this machine runs it (npm start, tests, bench, Lighthouse, screenshots): with
 * the local R2 stand-in built in (vite.config.ts). `npm run build`, which deploys, leaves it out.
 */
export const LOCAL_BUILD = "LOCAL_BUILD=1 npx react-router build";

/** The root of the build React Router wrote: build/, or $BUILD_DIR (a measurement or test build beside it). */
export function buildDirectory(root = path.resolve(import.meta.dirname, "..")): string {
  return path.resolve(root, process.env.BUILD_DIR ?? "build");
}

/**
 * Miniflare's options for the built Worker (build/server), as `wrangler dev` would derive them
 * from the build's wrangler.json: its modules, compatibility settings, R2 bucket name, queues and
 * static assets. Bindings, sockets and persistence are the caller's.
 */
export function builtWorker(serverDir: string) {
  const config = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as {
    compatibility_date: string;
    compatibility_flags?: string[];
    r2_buckets?: { binding: string; bucket_name: string }[];
    assets?: { directory: string };
    queues?: {
      producers?: { binding: string; queue: string }[];
      consumers?: { queue: string; max_batch_size?: number; max_batch_timeout?: number; max_retries?: number }[];
    };
  };
  const compat = { compatibilityDate: config.compatibility_date, compatibilityFlags: config.compatibility_flags ?? [] };
  return {
    modules: listModules(serverDir),
    modulesRoot: serverDir,
    ...compat,
    bucket: config.r2_buckets?.find((b) => b.binding === "PHOTOS")?.bucket_name ?? "auto-reseller-photos",
    // The email queue: this Worker sends to it and consumes it, as under `wrangler dev`.
    queueProducers: Object.fromEntries((config.queues?.producers ?? []).map((p) => [p.binding, { queueName: p.queue }])),
    queueConsumers: Object.fromEntries(
      (config.queues?.consumers ?? []).map((c) => [
        c.queue,
        { maxBatchSize: c.max_batch_size, maxBatchTimeout: c.max_batch_timeout, maxRetries: c.max_retries },
      ]),
    ),
    // Files in the client build are served before the Worker runs, as on Cloudflare.
    assets: config.assets && {
      directory: path.resolve(serverDir, config.assets.directory),
      routerConfig: { has_user_worker: true },
      assetConfig: { compatibility_date: compat.compatibilityDate, compatibility_flags: compat.compatibilityFlags },
    },
  };
}

/**
 * Every ES module of the build, the entry first. This Miniflare cannot convert v4 `modulesRules`
 * to its v5 options, so the build's rule (wrangler.json "rules": ESModule for **\/*.js, **\/*.mjs)
 * is applied here: the entry imports the chunks under assets/, some only dynamically.
 */
function listModules(serverDir: string) {
  const chunks = readdirSync(serverDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.m?js$/.test(file) && file !== "index.js")
    .sort();
  return ["index.js", ...chunks].map((file) => ({ type: "ESModule" as const, path: path.join(serverDir, file) }));
}
