// `npm run bench`: builds the app, serves the built Worker on workerd (Miniflare, no wrangler
// dev proxy) against a 100,000-car catalogue and the demo catalogue, and measures each route
// against a fixed-page baseline Worker on the same runtime. BENCH_SKIP_BUILD=1 reuses build/ (or
// BUILD_DIR, which also names where to build);
// BENCH_SECONDS=2 makes a quick smoke run (the numbers then mean little); BENCH_ONLY=<text> measures
// only the routes whose name contains it (BENCH_ONLY=/api/products? for the searches; `a|b`: either).
// `npm run bench -- --mix [--seconds 60] [--solo-seconds 5] [--sizes demo,100k,1M]` replays mixed
// traffic instead (mix-run.ts).
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { privateServerBuild } from "./build.ts";
import { prepareDatabases } from "./databases.ts";
import { startDbServer, type DbServer } from "./db-server.ts";
import { LOAD, measure, type Measurement } from "./load.ts";
import { catalogueOf, renderReport, saveReport, type Catalogue, type RouteResult } from "./report.ts";
import { routeSpecs, signInAll } from "./routes.ts";
import { parseMixArgs, runMix } from "./mix-run.ts";
import { LARGE } from "./seed-large.ts";
import { BASELINE, startRuntime } from "./workerd.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORK = path.join(ROOT, ".bench/bench-work");

// Everything started, stopped in reverse order at the end, on errors and on Ctrl-C.
const cleanups: (() => Promise<void>)[] = [];
async function cleanup() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error("bench: cleanup step failed:", error);
    }
  }
}
let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    // tsx relays the signal the terminal already sent: a second one must not cut the cleanup short.
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench: ${signal}, stopping everything it started`);
    void cleanup().finally(() => process.exit(130));
  });
}

const startedAt = Date.now();
const log = (message: string) => console.error(`bench +${Math.round((Date.now() - startedAt) / 1000)}s: ${message}`);
const loadAverage = () => os.loadavg()[0].toFixed(1);

async function waitHealthy(url: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const status = await fetch(`${url}/api/health`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/api/health did not answer 200 within 30 s`);
}

async function main() {
  const args = process.argv.slice(2);
  const mix = args.includes("--mix") ? parseMixArgs(args) : undefined;
  if (!mix && args.length > 0) throw new Error(`Unknown arguments ${args.join(" ")} (only --mix and its options)`);
  const serverDir = path.join(WORK, "server");
  privateServerBuild(ROOT, serverDir, log);
  if (mix) {
    cleanups.push(async () => rmSync(WORK, { recursive: true, force: true }));
    return runMix(ROOT, WORK, serverDir, mix, log);
  }

  log("seeding the demo and the large databases…");
  // The databases (~115 MB) and the build copy are only this run's: gone at the end.
  cleanups.push(async () => rmSync(WORK, { recursive: true, force: true }));
  const data = await prepareDatabases(path.join(WORK, "db"));

  const dbs = {} as Record<Catalogue, DbServer>;
  for (const d of ["large", "small"] as const) {
    dbs[d] = await startDbServer(data[d].file);
    cleanups.push(dbs[d].stop);
  }
  const runtime = await startRuntime(
    serverDir,
    (["large", "small", "large-cold", "small-cold"] as const).map((name) => {
      const db = dbs[catalogueOf(name)];
      return { name, databaseUrl: db.url, databaseAuthToken: db.authToken, cache: !name.endsWith("-cold") };
    }),
  );
  cleanups.push(runtime.dispose);
  await Promise.all([waitHealthy(runtime.urls.large), waitHealthy(runtime.urls.small)]);

  const loadAtStart = loadAverage();
  log("signing in (page session, API tokens, fresh buyers' tokens)…");
  const signedIn = { large: await signInAll(runtime.urls.large, data.large), small: await signInAll(runtime.urls.small, data.small) };
  // The cold workers read the same databases with the same secret: the same data and credentials serve.
  const creds = { ...signedIn, "large-cold": signedIn.large, "small-cold": signedIn.small };
  const datasets = { ...data, "large-cold": data.large, "small-cold": data.small };
  const skipped: string[] = [];
  const specs: ReturnType<typeof routeSpecs> = [];
  const only = process.env.BENCH_ONLY;
  for (const spec of routeSpecs(datasets, creds)) {
    if (only && !only.split("|").some((part) => spec.name.includes(part))) continue;
    if (spec.optional) {
      const plan = spec.plan("small");
      const status = await fetch(`${runtime.urls.small}${plan.path}`, { headers: plan.headers }).then((r) => r.status);
      if (status === 404) {
        skipped.push(`${spec.name}: not measured, ${plan.path} answers 404 (not built yet).`);
        log(skipped.at(-1)!);
        continue;
      }
    }
    specs.push(spec);
  }
  log("measuring…");

  const runs = specs.reduce((n, spec) => n + spec.datasets.length, 0) * 2 + 1;
  let done = 0;
  const progress = (label: string, m: Measurement) =>
    log(`[${++done}/${runs}] ${label}: ${m.rps.toFixed(0)} req/s, p99 ${m.p99} ms, non-2xx ${m.non2xx}, errors ${m.errors}`);
  const baseline = async () => {
    const m = await measure(runtime.urls[BASELINE], { path: "/" }, { workerPid: runtime.pid });
    progress("baseline", m);
    return m;
  };

  // Baseline runs alternate with the routes, so drift (heat, other load) hits both alike.
  const baselines = [await baseline()];
  const routes: RouteResult[] = [];
  for (const spec of specs) {
    for (const d of spec.datasets) {
      const result = await measure(runtime.urls[spec.onBaseline ? BASELINE : d], spec.plan(d), {
        requestCount: dbs[catalogueOf(d)].requestCount,
        workerPid: runtime.pid,
        dbPid: dbs[catalogueOf(d)].pid,
      });
      progress(`${spec.name} [${d}]`, result);
      const after = await baseline();
      routes.push({
        route: spec.name,
        kind: spec.kind,
        data: d,
        result,
        baselineRps: (baselines.at(-1)!.rps + after.rps) / 2,
        p99GoalMs: catalogueOf(d) === "large" ? spec.p99GoalMs : undefined,
        cpuGoalMs: catalogueOf(d) === "large" ? spec.cpuGoalMs : undefined,
        copyOf: spec.copyOf,
      });
      baselines.push(after);
    }
  }

  const { text } = renderReport({
    title: [
      `Auto Reseller bench, ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
        `load average ${loadAtStart} at the start and ${loadAverage()} at the end (anything above ~0.5 is other work sharing the CPUs).`,
      `Built Worker on workerd via Miniflare (no wrangler dev proxy); libSQL server over HTTP; ${LOAD.connections} connections × ${LOAD.seconds} s per run after ${LOAD.warmupSeconds} s warm-up.`,
      `large: ${data.large.cars.toLocaleString("en")} products, ${LARGE.categories} categories, ${LARGE.users.toLocaleString("en")} users, ` +
        `${LARGE.bookings.toLocaleString("en")} bookings, ${LARGE.reports.toLocaleString("en")} reports. small: the demo data (${data.small.cars} products, ${data.small.categoryIds.length} categories).`,
      ...skipped,
    ],
    baselines,
    routes,
  });
  console.log(`\n${text}`);
  log(`report written to ${path.relative(ROOT, saveReport(ROOT, text))}`);
}

try {
  await main();
} catch (error) {
  console.error("bench failed:", error);
  process.exitCode = 1;
} finally {
  await cleanup();
}
