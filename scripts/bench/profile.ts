// `npm run profile`: where a request's Worker CPU goes. Builds the app with source
// maps into build-profile/ (or $BUILD_DIR; BENCH_SKIP_BUILD=1 reuses it), seeds the bench's two catalogues, serves the built Worker on workerd
// with its DevTools inspector open, and for each route takes a CPU profile (V8's sampling profiler)
// while autocannon drives it. Prints, per route, the CPU per request and the self time by origin
// (our code by folder, each package by name, V8's own: GC, compile) and the costliest functions,
// mapped back to their sources through the build's source maps. Writes each profile to
// .bench/profiles/<route>.cpuprofile (open it in Chrome DevTools' Performance panel) beside the answer it profiled.
// The Worker runs without the Cache API, so pages and searches are rendered and read every time (the
// work a cache hit skips); PROFILE_CACHE=1 profiles it with the cache, as visitors mostly meet it.
// PROFILE_DATA=small profiles the demo catalogue (quicker to seed); PROFILE_ONLY=<text> picks routes.
import autocannon from "autocannon";
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { freePorts } from "../free-ports.ts";
import { DEMO_PASSWORD } from "../seed/demo-data.ts";
import { accessToken, sessionCookie } from "./auth.ts";
import { privateServerBuild } from "./build.ts";
import { prepareDatabases } from "./databases.ts";
import { startDbServer } from "./db-server.ts";
import { searchQueries } from "./mix.ts";
import { startRuntime } from "./workerd.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
// Each run's own databases and build copy: two runs at once must not share them.
const WORK = path.join(ROOT, `.bench/profile-work-${process.pid}`);
const OUT = path.join(ROOT, ".bench/profiles");
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 5);
const CONNECTIONS = 4;
const TOP_FUNCTIONS = Number(process.env.PROFILE_TOP ?? 12);
const SAMPLING_INTERVAL_US = 200;
const BUYER = "buyer@autoreseller.test";

const startedAt = Date.now();
const log = (message: string) => console.error(`profile +${Math.round((Date.now() - startedAt) / 1000)}s: ${message}`);

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A DevTools protocol session over the inspector's WebSocket. */
async function inspect(webSocketUrl: string) {
  const socket = new WebSocket(webSocketUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    if (message.error) throw new Error(`inspector: ${message.error.message}`);
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => pending.set(id, resolve as (result: unknown) => void));
    },
    close: () => socket.close(),
  };
}

/** Maps a frame of the built Worker back to its source: "app/routes/site/home.tsx" or "node_modules/react-dom/…". */
function sourceMapper(serverDir: string) {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = path.join(serverDir, url.replace(/^file:\/\//, "").replace(/^\/+/, ""));
      const mapFile = `${file}.map`;
      maps.set(url, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
    }
    return maps.get(url)!;
  };
  return (frame: CallFrame): { source: string; name: string } => {
    if (!frame.url) return { source: frame.functionName || "(anonymous)", name: frame.functionName };
    const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
    const original = entry && "originalSource" in entry ? entry : undefined;
    const source = original ? original.originalSource.replace(/^.*?(node_modules\/|\/app\/|\/workers\/)/, "$1") : frame.url;
    const line = original ? original.originalLine + 1 : frame.lineNumber + 1;
    // The build is minified: the source map's name (Node gives it, its types do not say so) beats the frame's.
    const originalName = (original as { name?: string } | undefined)?.name;
    return { source: `${source}:${line}`, name: originalName || frame.functionName || "(anonymous)" };
  };
}

/** What a source belongs to: a package by name, a folder of ours, or V8's own work. */
function originOf(source: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1];
  const ours = /^(app\/(?:\.server\/[^/]+|[^/]+)|workers)/.exec(source.replace(/^\//, ""));
  if (ours) return ours[1];
  return source.replace(/:\d+$/, "");
}

function summarize(profile: CpuProfile, requests: number, map: ReturnType<typeof sourceMapper>) {
  const selfMs = new Map<number, number>();
  profile.samples.forEach((node, i) => selfMs.set(node, (selfMs.get(node) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const byOrigin = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    if (ms === 0 || node.callFrame.functionName === "(idle)") continue;
    busy += ms;
    const { source, name } = map(node.callFrame);
    const origin = originOf(source);
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + ms);
    const key = `${name} (${source})`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const perRequest = (ms: number) => (ms / requests).toFixed(3);
  const share = (ms: number) => `${Math.round((ms / busy) * 100)}%`.padStart(4);
  const top = (entries: Map<string, number>, n: number) => [...entries].sort((a, b) => b[1] - a[1]).slice(0, n);
  return [
    `  sampled JS CPU per request: ${perRequest(busy)} ms (${requests} requests)`,
    "  by origin (self time per request):",
    ...top(byOrigin, 10).map(([origin, ms]) => `    ${share(ms)}  ${perRequest(ms)} ms  ${origin}`),
    "  costliest functions (self time per request):",
    ...top(byFunction, TOP_FUNCTIONS).map(([fn, ms]) => `    ${share(ms)}  ${perRequest(ms)} ms  ${fn}`),
  ].join("\n");
}

async function main() {
  const serverDir = path.join(WORK, "server");
  // Its own build, beside build/, carries source maps (vite.config.ts): without them no function in
  // the profile has its name, and build/ (what `npm start` serves) keeps none.
  process.env.BUILD_SOURCEMAPS ??= "1";
  process.env.BUILD_DIR ??= "build-profile";
  privateServerBuild(ROOT, serverDir, log);
  log("seeding the catalogues…");
  const data = await prepareDatabases(path.join(WORK, "db"));
  const dataset = process.env.PROFILE_DATA === "small" ? data.small : data.large;
  const db = await startDbServer(dataset.file);
  const [inspectorPort] = await freePorts(1);
  const runtime = await startRuntime(
    serverDir,
    [{ name: "app", databaseUrl: db.url, databaseAuthToken: db.authToken, cache: process.env.PROFILE_CACHE === "1" }],
    { inspectorPort },
  );
  try {
    const origin = runtime.urls.app;
    const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
      title?: string;
      id?: string;
      webSocketDebuggerUrl?: string;
    }[];
    const target = targets.find((t) => t.webSocketDebuggerUrl && `${t.title}${t.id}`.includes("app")) ?? targets[0];
    if (!target?.webSocketDebuggerUrl) throw new Error(`no inspector target for the app: ${JSON.stringify(targets)}`);
    const session = await inspect(target.webSocketDebuggerUrl);

    const carId = dataset.bookableCarIds[0];
    const sellerId = (await (await fetch(`${origin}/api/products/${carId}`)).json()) as { sellerId: string };
    // Category pages and their API are for signed-in users (the spec).
    const signedIn = { cookie: await sessionCookie(origin, BUYER, DEMO_PASSWORD) };
    const bearer = { authorization: `Bearer ${await accessToken(origin, BUYER, DEMO_PASSWORD)}` };
    // The mix's searches (its first 500 in its order, scripts/bench/mix.ts), one after another: most
    // are counted or recounted, as in the mix, where one repeated search is served its stored counts.
    const mixSearches = searchQueries(500).map((query) => `/api/products?${query}`);
    const routes: [string, string, Record<string, string>?, string[]?][] = [
      ["home", "/"],
      ["cars", "/cars"],
      ["cars-filtered", "/cars?make=Toyota&maxPrice=20000&sort=price_asc"],
      ["category", `/category/${dataset.categoryIds[0]}`, signedIn],
      ["car", `/cars/${carId}`],
      // A signed-in car page's own parts, asked for after hydration (decision record 31).
      ["visitor-parts", `/visitor-parts?cars=${carId}&car=${carId}`, signedIn],
      ["seller", `/sellers/${sellerId.sellerId}`],
      ["api-advertisement", "/api/products/advertisement"],
      ["api-category", `/api/categories/${dataset.categoryIds[0]}`, bearer],
      ["api-product", `/api/products/${carId}`],
      ["api-search", "/api/products?make=Toyota&location=Dhaka"],
      ["api-search-mix", mixSearches[0], undefined, mixSearches],
    ];
    mkdirSync(OUT, { recursive: true });
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: SAMPLING_INTERVAL_US });
    const only = process.env.PROFILE_ONLY;
    for (const [name, url, headers, paths] of routes) {
      if (only && !name.includes(only)) continue;
      const body = await (await fetch(`${origin}${url}`, { headers })).text();
      writeFileSync(path.join(OUT, `${name}.${url.startsWith("/api/") ? "json" : "html"}`), body);
      // Warm-up: JIT and connection pools, as a long-running isolate has them.
      const load = { url: `${origin}${url}`, headers, connections: CONNECTIONS, requests: paths?.map((path) => ({ path })) };
      await autocannon({ ...load, duration: 1 });
      await session.send("Profiler.start");
      const result = await autocannon({ ...load, duration: SECONDS });
      const { profile } = await session.send<{ profile: CpuProfile }>("Profiler.stop");
      writeFileSync(path.join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
      const requests = (result.requests as { sent?: number }).sent ?? result.requests.total;
      console.log(
        `${name}  GET ${url}  (${(body.length / 1024).toFixed(1)} KB, ${result.non2xx} non-2xx)\n${summarize(profile, requests, sourceMapper(serverDir))}\n`,
      );
    }
    session.close();
  } finally {
    await runtime.dispose();
    await db.stop();
    rmSync(WORK, { recursive: true, force: true });
  }
}

await main();
