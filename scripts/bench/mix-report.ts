// The mixed-traffic bench's report: a table per catalogue size (one row per kind of request), the
// caches' hit rates, and the mix's goals (MIX_GOALS) marked PASS/FAIL.
import { KIND_LABELS, type MixKind, percentile, weightedMedian } from "./mix.ts";
import { table } from "./report.ts";

export type MixSize = "demo" | "100k" | "1M";

/** What the app's answers of one kind showed during the mix. */
export interface KindStats {
  kind: MixKind;
  count: number;
  p50?: number;
  p99?: number;
  /** Answers that were not 2xx (a redirect counts as an error here: none is expected), and failed connections. */
  failed: number;
  page: { hit: number; miss: number };
  search: { hit: number; miss: number };
}

/** The kind measured alone (in the same changing catalogue): CPU and round trips per request. */
export interface SoloStats {
  rps: number;
  workerCpuMs?: number;
  dbCpuMs?: number;
  dbTrips?: number;
}

export interface SizeResult {
  size: MixSize;
  products: number;
  seconds: number;
  /** The whole mix: req/s, and CPU per request of every request it sent (writes included). */
  mix: { requests: number; rps: number; workerCpuMs?: number; dbCpuMs?: number };
  kinds: (KindStats & { solo?: SoloStats })[];
  /** The writer alone: CPU and round trips per write (the mix of the three kinds). */
  perWrite?: Omit<SoloStats, "rps">;
  /** Searches of the mix on a Worker with no cache: every one reads the database. */
  coldSearch?: SoloStats & { p50?: number; p99?: number };
  /** Home from the page cache alone, and the fixed-page baseline, at 10 connections. */
  cachedHome?: { rps: number; baselineRps: number };
}

/** Per-kind counts, latencies and cache outcomes of the mix's samples. */
export function summarize(
  samples: readonly { kind: MixKind; ms: number; status: number; pageCache?: string; searchCounts?: string }[],
): KindStats[] {
  const byKind = new Map<MixKind, typeof samples>();
  for (const sample of samples) byKind.set(sample.kind, [...(byKind.get(sample.kind) ?? []), sample]);
  return [...byKind.entries()].map(([kind, list]) => {
    const times = list.map((sample) => sample.ms);
    const count = (key: "pageCache" | "searchCounts", ...values: string[]) =>
      list.filter((sample) => values.includes(sample[key] ?? "")).length;
    return {
      kind,
      count: list.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      failed: list.filter((sample) => sample.status < 200 || sample.status >= 300).length,
      page: { hit: count("pageCache", "hit"), miss: count("pageCache", "miss") },
      // Stored counts (kept by triggers, fresh, or stale and refreshed after the answer) are hits; counted before answering, a miss.
      search: { hit: count("searchCounts", "kept", "fresh", "stale"), miss: count("searchCounts", "counted") },
    };
  });
}

export const MIX_GOALS = {
  p99At100kMs: 150,
  p99GrowthFromDemo: 1.5,
  p99At1MMs: 300,
  medianWorkerCpuMs: 4,
  coldSearchDbCpuMs: 10,
  cachedHomeShare: 0.4,
};

const ms = (value: number | undefined, digits = 0) => (value === undefined ? "?" : value.toFixed(digits));
const rate = (outcome: { hit: number; miss: number }) => {
  const total = outcome.hit + outcome.miss;
  return total === 0 ? "—" : `${Math.round((outcome.hit / total) * 100)}% of ${total}`;
};
const sum = (outcomes: { hit: number; miss: number }[]) => ({
  hit: outcomes.reduce((n, o) => n + o.hit, 0),
  miss: outcomes.reduce((n, o) => n + o.miss, 0),
});

/** The median Worker CPU per request over the mix: each kind's CPU measured alone, weighted by its requests in the mix. */
export function medianWorkerCpu(result: SizeResult): number | undefined {
  const items = result.kinds.flatMap((k) => (k.solo?.workerCpuMs === undefined ? [] : [{ value: k.solo.workerCpuMs, weight: k.count }]));
  return weightedMedian(items);
}

export function renderMixReport(options: { title: string[]; sizes: SizeResult[] }): { text: string; failures: number } {
  let failures = 0;
  const check = (ok: boolean, goal: string) => {
    if (!ok) failures++;
    return `${goal} ${ok ? "PASS" : "FAIL"}`;
  };
  const demo = options.sizes.find((s) => s.size === "demo");
  const sections: string[] = [];
  for (const result of options.sizes) {
    const rows = result.kinds.map((k) => {
      const goals: string[] = [];
      if (result.size === "100k" && k.p99 !== undefined) {
        goals.push(check(k.p99 <= MIX_GOALS.p99At100kMs, `≤${MIX_GOALS.p99At100kMs}`));
        const before = demo?.kinds.find((d) => d.kind === k.kind)?.p99;
        if (before)
          goals.push(
            check(k.p99 <= before * MIX_GOALS.p99GrowthFromDemo, `${(k.p99 / before).toFixed(2)}× demo ≤${MIX_GOALS.p99GrowthFromDemo}`),
          );
      }
      if (result.size === "1M" && k.p99 !== undefined) goals.push(check(k.p99 <= MIX_GOALS.p99At1MMs, `≤${MIX_GOALS.p99At1MMs}`));
      if (k.failed > 0) failures++;
      return [
        KIND_LABELS[k.kind],
        String(k.count),
        ms(k.p50),
        ms(k.p99),
        String(k.failed),
        rate(k.page),
        rate(k.search),
        ms(k.solo?.workerCpuMs, 2),
        ms(k.solo?.dbCpuMs, 2),
        ms(k.solo?.dbTrips, 2),
        goals.join(", ") || "—",
      ];
    });
    const median = medianWorkerCpu(result);
    const lines = [
      `${result.size}: ${result.products.toLocaleString("en")} cars, ${result.seconds} s of mixed traffic, ${result.mix.requests.toLocaleString("en")} requests ` +
        `(${result.mix.rps.toFixed(0)} req/s), mean CPU per request over the whole mix: Worker ${ms(result.mix.workerCpuMs, 2)} ms, database ${ms(result.mix.dbCpuMs, 2)} ms.`,
      table(
        [
          "Kind of request",
          "requests",
          "p50 ms",
          "p99 ms",
          "failed",
          "page cache hits",
          "stored search counts hits",
          "Worker CPU",
          "DB CPU",
          "DB trips",
          "p99 goal",
        ],
        rows,
      ),
      `Cache hit rates over the mix: page cache ${rate(sum(result.kinds.map((k) => k.page)))}, stored search counts ${rate(sum(result.kinds.map((k) => k.search)))}.`,
    ];
    const goals: string[] = [];
    if (result.perWrite)
      goals.push(
        `a write (listing, price, sale; the writer alone): Worker CPU ${ms(result.perWrite.workerCpuMs, 2)} ms, DB CPU ${ms(result.perWrite.dbCpuMs, 2)} ms, DB trips ${ms(result.perWrite.dbTrips, 2)}`,
      );
    if (result.size !== "demo")
      goals.push(
        `median Worker CPU per request ${ms(median, 2)} ms: ${check(median !== undefined && median <= MIX_GOALS.medianWorkerCpuMs, `≤${MIX_GOALS.medianWorkerCpuMs}`)}`,
      );
    if (result.coldSearch) {
      const cold = result.coldSearch;
      const text = `cold search (no cache): p50 ${ms(cold.p50)} ms, p99 ${ms(cold.p99)} ms, Worker CPU ${ms(cold.workerCpuMs, 2)} ms, DB CPU ${ms(cold.dbCpuMs, 2)} ms, DB trips ${ms(cold.dbTrips, 2)}`;
      goals.push(
        result.size === "100k"
          ? `${text}: ${check(cold.dbCpuMs !== undefined && cold.dbCpuMs <= MIX_GOALS.coldSearchDbCpuMs, `DB CPU ≤${MIX_GOALS.coldSearchDbCpuMs}`)}`
          : text,
      );
    }
    if (result.cachedHome) {
      const share = result.cachedHome.rps / result.cachedHome.baselineRps;
      goals.push(
        `Home alone from the page cache: ${result.cachedHome.rps.toFixed(0)} req/s, ${Math.round(share * 100)}% of the baseline's ${result.cachedHome.baselineRps.toFixed(0)}: ` +
          check(share >= MIX_GOALS.cachedHomeShare, `≥${MIX_GOALS.cachedHomeShare * 100}%`),
      );
    }
    sections.push([...lines, ...goals.map((goal) => `- ${goal}`)].join("\n"));
  }
  const text = [
    ...options.title,
    "",
    sections.join("\n\n"),
    "",
    "requests, p50/p99 (ms, from the client: 10 connections sending back to back), failed (not 2xx, or no answer) and the cache",
    "hits (the app's Server-Timing entries: hits ÷ requests that asked the cache) are the mix's own. One workerd process serves",
    "every kind, so Worker CPU, DB CPU (ms per request, of the workerd and libSQL server processes) and DB trips (libSQL",
    "requests per request) come from each kind replayed alone right after the mix, with the writer still writing once a second",
    "(so the caches see what they see in the mix), less the writes' cost measured with the writer alone. The median Worker CPU",
    "weights each kind's by its requests in the mix. CPU is read from /proc in 10 ms ticks: a kind that sent few requests in its",
    "time alone is measured coarsely (20 requests: to 0.5 ms). Writes go through the public API: a verified seller's",
    "POST /api/products/add with an uploaded photo, the owner's PATCH of the price, a buyer's booking paid with the",
    "simulator's card (a sale's row times its POST /api/payment).",
    failures === 0 ? "All goals met." : `${failures} goal(s) missed (goals, not tests).`,
  ].join("\n");
  return { text, failures };
}
