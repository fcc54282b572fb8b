// `npm run bench -- --mix`: mixed traffic on the demo catalogue, 100,000 cars and 1,000,000 cars,
// one catalogue at a time (its own libSQL server and workerd), reported by mix-report.ts.
import { copyFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuSeconds } from "./cpu.ts";
import { describeDatabase, prepareDatabases } from "./databases.ts";
import { startDbServer, type DbServer } from "./db-server.ts";
import { LOAD, measure } from "./load.ts";
import { type MixKind, READ_KINDS, type ReadKind, kindPicker, readShares, searchQueries, seededRandom, writeTimes } from "./mix.ts";
import { type MixSize, type SizeResult, renderMixReport, summarize } from "./mix-report.ts";
import { POPULAR, prepareTraffic, type Sample, type Traffic } from "./mix-traffic.ts";
import { saveReport } from "./report.ts";
import { growToMillion, MILLION } from "./seed-million.ts";
import { BASELINE, startRuntime, type BenchRuntime } from "./workerd.ts";

export interface MixOptions {
  sizes: MixSize[];
  /** The mix's length per size; its goals are set for 60 s. */
  seconds: number;
  /** Each kind replayed alone for its CPU and round trips. */
  soloSeconds: number;
}

export const MIX_SIZES: readonly MixSize[] = ["demo", "100k", "1M"];

/** `--mix [--seconds 60] [--solo-seconds 5] [--sizes demo,100k,1M]` → options; throws on anything else. */
export function parseMixArgs(args: readonly string[]): MixOptions {
  const options: MixOptions = { sizes: [...MIX_SIZES], seconds: 60, soloSeconds: 5 };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split("=", 2);
    const value = () => inline ?? args[++i];
    const seconds = () => {
      const n = Number(value());
      if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} takes a number of seconds above 0`);
      return n;
    };
    if (name === "--mix") continue;
    else if (name === "--seconds") options.seconds = seconds();
    else if (name === "--solo-seconds") options.soloSeconds = seconds();
    else if (name === "--sizes") {
      const sizes = (value() ?? "").split(",");
      const unknown = sizes.filter((size) => !MIX_SIZES.includes(size as MixSize));
      if (unknown.length > 0 || sizes.length === 0)
        throw new Error(`--sizes takes some of ${MIX_SIZES.join(",")}, not ${unknown.join(",")}`);
      options.sizes = MIX_SIZES.filter((size) => sizes.includes(size));
    } else throw new Error(`Unknown option ${args[i]} (the mix takes --seconds, --solo-seconds and --sizes)`);
  }
  return options;
}

const CONNECTIONS = LOAD.connections;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Probe {
  runtime: BenchRuntime;
  db: DbServer;
}

/** CPU seconds of workerd and the libSQL server, and the server's round trips so far. */
async function reading({ runtime, db }: Probe) {
  return { worker: cpuSeconds(runtime.pid), db: cpuSeconds(db.pid), trips: await db.requestCount() };
}

/** Per request sent between two readings: ms of CPU of each process, and round trips. */
function perRequest(before: Awaited<ReturnType<typeof reading>>, after: Awaited<ReturnType<typeof reading>>, requests: number) {
  const ms = (a?: number, b?: number) => (a === undefined || b === undefined || requests === 0 ? undefined : ((b - a) * 1000) / requests);
  return {
    workerCpuMs: ms(before.worker, after.worker),
    dbCpuMs: ms(before.db, after.db),
    dbTrips: requests === 0 ? undefined : (after.trips - before.trips) / requests,
  };
}

/**
 * `seconds` of traffic: CONNECTIONS loops sending reads back to back, drawn by `next`, and the writer
 * once a second beside them (its writes numbered from `writes.next`).
 */
async function drive(
  traffic: Traffic,
  origin: string,
  seconds: number,
  next: () => ReadKind,
  writes: { next: number },
  connections = CONNECTIONS,
) {
  const samples: Sample[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  const loops = Array.from({ length: connections }, async () => {
    while (performance.now() < end) samples.push(await traffic.read(next(), origin));
  });
  const writer = (async () => {
    for (const at of writeTimes(seconds)) {
      await sleep(Math.max(0, started + at - performance.now()));
      samples.push(await traffic.write(writes.next++));
    }
  })();
  await Promise.all([...loops, writer]);
  return { samples, elapsed: (performance.now() - started) / 1000 };
}

async function runSize(
  size: MixSize,
  file: string,
  serverDir: string,
  options: MixOptions,
  log: (message: string) => void,
): Promise<SizeResult> {
  const data = describeDatabase(file);
  const db = await startDbServer(file);
  const stops: (() => Promise<void>)[] = [db.stop];
  try {
    const runtime = await startRuntime(serverDir, [
      { name: "app", databaseUrl: db.url, databaseAuthToken: db.authToken },
      { name: "cold", databaseUrl: db.url, databaseAuthToken: db.authToken, cache: false },
    ]);
    stops.push(runtime.dispose);
    const origin = runtime.urls.app;
    const probe = { runtime, db };
    const random = seededRandom(20261127);
    log(`${size}: signing in the visitors, sellers and buyers…`);
    const traffic = await prepareTraffic(origin, data, searchQueries(POPULAR.queries), random);
    const writes = { next: 0 };

    log(`${size}: ${options.seconds} s of mixed traffic…`);
    const before = await reading(probe);
    const mix = await drive(traffic, origin, options.seconds, kindPicker(readShares(), random), writes);
    const after = await reading(probe);
    const whole = perRequest(before, after, mix.samples.length);
    const stats = summarize(mix.samples);

    // The writer alone first: its CPU and round trips per write, taken off each kind measured alone below.
    const writerStart = await reading(probe);
    const writerAlone = await drive(traffic, origin, options.soloSeconds, () => "home", writes, 0);
    const perWrite = perRequest(writerStart, await reading(probe), writerAlone.samples.length);
    log(`${size}: the writer alone: Worker CPU ${perWrite.workerCpuMs?.toFixed(1)} ms, DB CPU ${perWrite.dbCpuMs?.toFixed(1)} ms a write`);
    /** A kind's share of what a run cost, once the writer's writes during it are taken off. */
    const alone = async (kindOrigin: string, kind: ReadKind) => {
      const start = await reading(probe);
      const run = await drive(traffic, kindOrigin, options.soloSeconds, () => kind, writes);
      const end = await reading(probe);
      const reads = run.samples.filter((s) => s.kind === kind);
      const written = run.samples.length - reads.length;
      const all = perRequest(start, end, reads.length);
      const less = (total?: number, write?: number) =>
        total === undefined || write === undefined ? undefined : total - (write * written) / reads.length;
      const solo = {
        rps: reads.length / run.elapsed,
        workerCpuMs: less(all.workerCpuMs, perWrite.workerCpuMs),
        dbCpuMs: less(all.dbCpuMs, perWrite.dbCpuMs),
        dbTrips: less(all.dbTrips, perWrite.dbTrips),
      };
      return { solo, reads };
    };

    const kinds: SizeResult["kinds"] = [];
    for (const kind of [...READ_KINDS, "new-listing", "price-edit", "sale"] as MixKind[]) {
      const kindStats = stats.find((s) => s.kind === kind);
      if (!kindStats) continue;
      if (!(READ_KINDS as readonly string[]).includes(kind)) {
        kinds.push(kindStats);
        continue;
      }
      const { solo } = await alone(origin, kind as ReadKind);
      log(
        `${size}: ${kind} alone: ${solo.rps.toFixed(0)} req/s, Worker CPU ${solo.workerCpuMs?.toFixed(2)} ms, DB CPU ${solo.dbCpuMs?.toFixed(2)} ms`,
      );
      kinds.push({ ...kindStats, solo });
    }

    const cold = await alone(runtime.urls.cold, "api-search");
    const [coldStats] = summarize(cold.reads);
    const coldSearch = { ...cold.solo, p50: coldStats?.p50, p99: coldStats?.p99 };

    let cachedHome: SizeResult["cachedHome"];
    if (size === "100k") {
      const home = await measure(origin, { path: "/" });
      const baseline = await measure(runtime.urls[BASELINE], { path: "/" });
      cachedHome = { rps: home.rps, baselineRps: baseline.rps };
    }
    return {
      size,
      products: data.cars,
      seconds: options.seconds,
      mix: { requests: mix.samples.length, rps: mix.samples.length / mix.elapsed, workerCpuMs: whole.workerCpuMs, dbCpuMs: whole.dbCpuMs },
      kinds,
      perWrite,
      coldSearch,
      cachedHome,
    };
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

/** Seeds what the sizes need, runs each, prints and saves the report. */
export async function runMix(root: string, work: string, serverDir: string, options: MixOptions, log: (message: string) => void) {
  log("seeding the demo and the 100,000-car databases…");
  const seedStarted = Date.now();
  const data = await prepareDatabases(path.join(work, "db"));
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const files: Record<MixSize, string> = { demo: data.small.file, "100k": data.large.file, "1M": path.join(work, "db", "million.db") };
  let millionSeconds: number | undefined;
  if (options.sizes.includes("1M")) {
    // Copied before any mix writes to the 100,000-car file.
    const started = Date.now();
    copyFileSync(data.large.file, files["1M"]);
    growToMillion(files["1M"], (message) => log(`1M seed: ${message}`), MILLION);
    millionSeconds = (Date.now() - started) / 1000;
    log(`1M seed: ${millionSeconds.toFixed(0)} s`);
  }
  const loadAtStart = os.loadavg()[0].toFixed(1);
  const sizes: SizeResult[] = [];
  for (const size of options.sizes) sizes.push(await runSize(size, files[size], serverDir, options, log));
  const { text } = renderMixReport({
    title: [
      `Auto Reseller mixed-traffic bench, ${new Date().toISOString()}: Node ${process.version}, ${os.cpus().length} CPUs, load average ${loadAtStart} at the start and ${os.loadavg()[0].toFixed(1)} at the end.`,
      `Built Worker on workerd via Miniflare; libSQL server over HTTP; ${CONNECTIONS} connections; each kind alone ${options.soloSeconds} s after the mix.`,
      `Reads: searches from ${POPULAR.queries.toLocaleString("en")} distinct queries and cars from the ${POPULAR.cars.toLocaleString("en")} first for sale, each drawn by Zipf (s = 1); ` +
        `shares: ${Object.entries(readShares())
          .map(([kind, share]) => `${kind} ${Math.round(share * 1000) / 10}%`)
          .join(", ")} (30% of page views signed in, 20 buyers). Writes: one a second (listing, price, sale, listing, price).`,
      `Seeding: the demo and the 100,000-car databases from scratch in ${seedSeconds.toFixed(0)} s` +
        (millionSeconds === undefined
          ? "."
          : `; the 1M one, that copy grown to ${MILLION.toLocaleString("en")} cars inside SQLite, in ${millionSeconds.toFixed(0)} s more (${(seedSeconds + millionSeconds).toFixed(0)} s in all).`),
    ],
    sizes,
  });
  console.log(`\n${text}`);
  log(`report written to ${path.relative(root, saveReport(root, text, "mix"))}`);
}
