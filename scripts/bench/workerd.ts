import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { spawn } from "node:child_process";
import { builtWorker } from "../built-worker.ts";
import { childPid } from "./cpu.ts";

export interface AppWorker {
  /** Worker name, also the key of `urls`. */
  name: string;
  databaseUrl: string;
  databaseAuthToken: string;
  /** False switches the Cache API off for this worker (every cached search misses). */
  cache?: boolean;
}

export interface BenchRuntime {
  /** Each worker's own origin, e.g. { baseline: "http://127.0.0.1:41234", ... }. */
  urls: Record<string, string>;
  /** The workerd process running every worker (for its CPU time). */
  pid: number | undefined;
  dispose(): Promise<void>;
}

export const BASELINE = "baseline";
/** The baseline Worker's fixed page of Home's size (~64 KB). */
export const HOME_SIZED_PATH = "/home-sized";
/** The same page kept in the Cache API, read as a page cache hit reads Home: the page and two versions. */
export const HOME_SIZED_FROM_CACHE_PATH = "/home-sized-from-cache";
const HOME_SIZED_CARDS = 100;
const SESSION_SECRET = "bench-session-secret-0123456789-abcdefghijklmnop";

// The machine's ceiling: the cheapest Worker that still answers a small HTML page. One more answer
// shows what a cached page cannot beat on this runtime: a fixed page of Home's size (its markup
// repeated, with Home's 27 script and link elements).
const BASELINE_SCRIPT = `
const PAGE = "<!doctype html><html lang=en><head><meta charset=utf-8><title>Baseline</title></head>" +
  "<body><main><h1>Auto Reseller</h1><p>A fixed page: the cost of the runtime itself.</p></main></body></html>";
const CARD = '<article class="card car-card"><a class="car-card-photo" href="/cars/0e6dd761"><img src="/images/2b65450b.jpg" width="800" height="500" alt="Photo of Honda Civic 2019" loading="lazy"></a>' +
  '<div class="car-card-body"><h3><a href="/cars/0e6dd761">Honda Civic 2019</a></h3><p><span class="sr-only">Resale price </span>$18,900</p>' +
  '<ul class="flex flex-wrap gap-2"><li><span class="chip">2019</span></li><li><span class="chip">86,400 km</span></li></ul>' +
  '<p>Two owners so far, both in Chittagong. Silver, automatic, with turbo engine. Interior smells new and...</p></div></article>';
const HOME_SIZED = "<!doctype html><html lang=en><head><meta charset=utf-8><title>Home-sized</title>" +
  '<link rel="modulepreload" href="/assets/chunk.js">'.repeat(22) +
  '<script>window.x = 1;</script>'.repeat(5) +
  "</head><body><main>" + CARD.repeat(${HOME_SIZED_CARDS}) + "</main></body></html>";
const html = (body, headers = {}) => new Response(body, { headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const kept = { "cache-control": "max-age=86400" };
// As workers/page-cache.ts reads a hit on Home: the stored page, the generation and the car lists' version, at once.
async function fromCache(url) {
  const cache = await caches.open("pages");
  const keys = [url.href, url.origin + "/__page-cache/every-page", url.origin + "/__page-cache/car-lists"];
  const [page, ...versions] = await Promise.all(keys.map((key) => cache.match(key)));
  if (page && versions.every(Boolean)) {
    await Promise.all(versions.map((version) => version.text()));
    return new Response(page.body, { headers: page.headers });
  }
  await Promise.all([cache.put(keys[0], html(HOME_SIZED, kept)), ...keys.slice(1).map((key) => cache.put(key, new Response("v", { headers: kept })))]);
  return html(HOME_SIZED);
}
export default {
  fetch(request) {
    const url = new URL(request.url);
    if (url.pathname === "${HOME_SIZED_PATH}") return html(HOME_SIZED);
    if (url.pathname === "${HOME_SIZED_FROM_CACHE_PATH}") return fromCache(url);
    return html(PAGE);
  },
};`;

/**
 * The built Worker on workerd through Miniflare directly: no `wrangler dev` proxy in front.
 * Every worker gets its own socket (a "direct socket"), so requests skip Miniflare's entry
 * worker too and reach the Worker the way Cloudflare's edge hands them over.
 */
export async function startRuntime(
  serverDir: string,
  apps: AppWorker[],
  options: { /** Opens workerd's DevTools inspector on this port (the profiler's). */ inspectorPort?: number } = {},
): Promise<BenchRuntime> {
  // The bench measures the Worker alone: no static assets in front of it.
  const { modules, modulesRoot, compatibilityDate, compatibilityFlags, bucket } = builtWorker(serverDir);
  const compat = { compatibilityDate, compatibilityFlags };
  const directSocket = [{ host: "127.0.0.1", port: 0 }];

  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      inspectorPort: options.inspectorPort,
      logRequests: false,
      // The app logs one JSON line per request (as in production); the bench has no use for them.
      handleStructuredLogs: () => {},
      workers: [
        ...apps.map((app) => ({
          name: app.name,
          modules,
          modulesRoot,
          ...compat,
          bindings: { APP_ENV: "development", DATABASE_URL: app.databaseUrl, DATABASE_AUTH_TOKEN: app.databaseAuthToken, SESSION_SECRET },
          r2Buckets: { PHOTOS: bucket },
          cacheAPI: app.cache ?? true,
          unsafeDirectSockets: directSocket,
        })),
        { name: BASELINE, script: BASELINE_SCRIPT, modules: true, ...compat, cacheAPI: true, unsafeDirectSockets: directSocket },
      ],
    }),
  );
  try {
    await mf.ready;
    const urls: Record<string, string> = {};
    for (const name of [...apps.map((app) => app.name), BASELINE]) {
      urls[name] = (await mf.unsafeGetDirectURL(name)).origin;
    }
    const pid = childPid("workerd");
    const guard = pid === undefined ? undefined : startGuard(pid);
    return {
      urls,
      pid,
      dispose: async () => {
        guard?.send("stand down");
        await mf.dispose();
      },
    };
  } catch (error) {
    await mf.dispose();
    throw error;
  }
}

// workerd outlives a bench process that is SIGKILLed (tsx does that to a child slow to answer
// Ctrl-C), so a tiny watcher ends it when the bench's IPC channel closes without a "stand down".
const GUARD = `
const pid = Number(process.argv[1]);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => {});
process.on("message", (message) => { if (message === "stand down") process.exit(0); });
process.on("disconnect", () => { try { process.kill(pid, "SIGTERM"); } catch {} process.exit(0); });`;

function startGuard(pid: number) {
  const guard = spawn(process.execPath, ["-e", GUARD, String(pid)], { stdio: ["ignore", "ignore", "inherit", "ipc"] });
  guard.unref();
  guard.channel?.unref();
  return guard;
}
