import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Measurement } from "./load.ts";

/**
 * "ssr-cached": an anonymous page served from the page cache (workers/page-cache.ts); "ceiling": a
 * fixed answer of the baseline Worker that shows what the runtime itself allows (no goal); "render-only":
 * a page rendered by the app from fixed data with no database (what the framework alone costs, no goal of its own).
 */
export type RouteKind = "ssr" | "ssr-cached" | "api-read" | "api-write" | "ceiling" | "render-only";
/**
 * The catalogue a run reads, and whether the Worker keeps search answers in its cache: the "-cold"
 * ones run the same Worker with the Cache API switched off, so every search reads the database.
 */
export type Dataset = "large" | "small" | "large-cold" | "small-cold";
export type Catalogue = "large" | "small";
export const catalogueOf = (data: Dataset): Catalogue => (data.startsWith("large") ? "large" : "small");

export interface RouteResult {
  route: string;
  kind: RouteKind;
  data: Dataset;
  result: Measurement;
  /** Mean req/s of the baseline runs just before and just after this one. */
  baselineRps: number;
  /** A latency goal of the route's own (the search's: p99 ≤ 100 ms at 100,000 cars). */
  p99GoalMs?: number;
  /** A Worker CPU goal, ms a request at 100,000 cars. */
  cpuGoalMs?: number;
  /** A render-only row: the page it copies. */
  copyOf?: string;
}

/** The bench's goals: a share of the baseline's req/s, p99 growth with data, round trips. */
export const TARGETS = {
  ratio: { ssr: 0.35, "ssr-cached": 0.4, "api-read": 0.5 } as Partial<Record<RouteKind, number>>,
  p99Growth: 1.5,
  dbTrips: 3,
  /** A page's Worker CPU at most this many times its render-only copy's. */
  overRenderOnly: 1.3,
};

const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
const fixed = (n: number, digits = 0) => n.toFixed(digits);
const percent = (n: number) => `${Math.round(n * 100)}%`;

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i].length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  return [line(header), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map(line)].join("\n");
}

export function renderReport(options: { title: string[]; baselines: Measurement[]; routes: RouteResult[] }): {
  text: string;
  failures: number;
} {
  let failures = 0;
  const check = (ok: boolean) => {
    if (!ok) failures++;
    return verdict(ok);
  };

  const base = options.baselines;
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const baseRps = base.map((b) => b.rps);
  const cpu = (ms: number | undefined) => (ms === undefined ? "?" : fixed(ms, 2));
  const rows: string[][] = [
    [
      `baseline: fixed HTML (${base.length} runs, ${fixed(Math.min(...baseRps))}–${fixed(Math.max(...baseRps))} req/s)`,
      "—",
      fixed(mean(baseRps)),
      fixed(mean(base.map((b) => b.p50)), 1),
      fixed(mean(base.map((b) => b.p99)), 1),
      "100%",
      "—",
      cpu(base.every((b) => b.workerCpuMs !== undefined) ? mean(base.map((b) => b.workerCpuMs!)) : undefined),
      "—",
      String(base.reduce((n, b) => n + b.non2xx + b.errors, 0)),
      "",
      "",
      "",
      "",
    ],
  ];
  for (const r of options.routes) {
    const ratio = r.result.rps / r.baselineRps;
    const goal = TARGETS.ratio[r.kind];
    const trips = r.result.dbTrips;
    rows.push([
      r.route,
      r.data,
      fixed(r.result.rps),
      fixed(r.result.p50, 1),
      fixed(r.result.p99, 1),
      percent(ratio),
      trips === undefined ? "?" : fixed(trips, 2),
      cpu(r.result.workerCpuMs),
      cpu(r.result.dbCpuMs),
      String(r.result.non2xx + r.result.errors),
      goal === undefined ? "—" : `≥${percent(goal)} ${check(ratio >= goal)}`,
      r.kind === "ceiling" || r.kind === "render-only"
        ? "—"
        : trips === undefined
          ? "?"
          : `≤${TARGETS.dbTrips} ${check(trips <= TARGETS.dbTrips + 0.05)}`,
      r.p99GoalMs === undefined ? "—" : `≤${r.p99GoalMs} ${check(r.result.p99 <= r.p99GoalMs)}`,
      r.cpuGoalMs === undefined || r.result.workerCpuMs === undefined
        ? "—"
        : `≤${r.cpuGoalMs} ${check(r.result.workerCpuMs <= r.cpuGoalMs)}`,
    ]);
    if (r.result.non2xx + r.result.errors > 0) failures++;
  }
  const main = table(
    [
      "Route",
      "Data",
      "req/s",
      "p50 ms",
      "p99 ms",
      "vs base",
      "DB trips",
      "Worker CPU",
      "DB CPU",
      "non-2xx",
      "req/s goal",
      "trips goal",
      "p99 goal",
      "CPU goal",
    ],
    rows,
  );

  const growth: string[][] = [];
  for (const large of options.routes.filter((r) => catalogueOf(r.data) === "large")) {
    const small = options.routes.find((r) => r.data === large.data.replace("large", "small") && r.route === large.route);
    if (!small) continue;
    const p99Growth = large.result.p99 / small.result.p99;
    const cpuGrowth = (large.result.workerCpuMs ?? NaN) / (small.result.workerCpuMs ?? NaN);
    growth.push([
      large.data === "large" ? large.route : `${large.route} [${large.data.replace("large-", "")}]`,
      fixed(large.result.rps / small.result.rps, 2),
      fixed(p99Growth, 2),
      Number.isFinite(cpuGrowth) ? fixed(cpuGrowth, 2) : "?",
      `≤${TARGETS.p99Growth} ${check(p99Growth <= TARGETS.p99Growth)}`,
    ]);
  }
  const growthTable = table(["Route (large ÷ small)", "req/s ratio", "p99 ratio", "Worker CPU ratio", "p99 goal"], growth);

  const copies: string[][] = [];
  for (const copy of options.routes.filter((r) => r.copyOf !== undefined)) {
    const page = options.routes.find((r) => r.route === copy.copyOf && r.data === copy.data);
    if (!page) continue;
    const cpuRatio = (page.result.workerCpuMs ?? NaN) / (copy.result.workerCpuMs ?? NaN);
    copies.push([
      `${page.route} [${page.data}]`,
      cpu(page.result.workerCpuMs),
      cpu(copy.result.workerCpuMs),
      Number.isFinite(cpuRatio) ? fixed(cpuRatio, 2) : "?",
      fixed(copy.result.rps / page.result.rps, 2),
      Number.isFinite(cpuRatio) ? `≤${TARGETS.overRenderOnly} ${check(cpuRatio <= TARGETS.overRenderOnly)}` : "?",
    ]);
  }
  const renderOnlyTable = table(
    ["Page beside its render-only copy", "page CPU", "copy CPU", "CPU ratio", "copy's req/s ÷ page's", "goal"],
    copies,
  );

  const text = [
    ...options.title,
    "",
    main,
    "",
    "How cost grows with data (large catalogue ÷ demo catalogue):",
    growthTable,
    "",
    ...(copies.length === 0
      ? []
      : [
          "Each page beside its render-only copy (the same page rendered by the app from its first answer's data, no database):",
          renderOnlyTable,
          "",
        ]),
    "vs base: req/s ÷ the mean of the baseline runs just before and after. DB trips: libSQL pipeline requests per",
    "request sent, counted once the database is idle. Worker CPU / DB CPU: CPU ms per request of the workerd process",
    "and of the local libSQL server process (it shares the machine; Turso would not). non-2xx: non-2xx answers plus",
    "connection errors (any makes the run suspect). p50/p99 are autocannon's latencies in ms.",
    failures === 0 ? "All goals met." : `${failures} goal(s) missed (goals, not tests).`,
  ].join("\n");
  return { text, failures };
}

/** The two reports the latest-run block holds: each route alone (`npm run bench`), and the mix (`-- --mix`). */
export type ReportPart = "routes" | "mix";
const PART_FILES: Record<ReportPart, string> = { routes: "bench", mix: "bench-mix" };

/**
 * Writes the report under .bench/ (gitignored) and into docs/performance.md's latest-run block, beside
 * the other part's latest report; returns the .bench file's path.
 */
export function saveReport(root: string, text: string, part: ReportPart = "routes"): string {
  const dir = path.join(root, ".bench");
  mkdirSync(dir, { recursive: true });
  const name = PART_FILES[part];
  const file = path.join(dir, `${name}-${new Date().toISOString().replaceAll(":", "-").slice(0, 19)}.txt`);
  writeFileSync(file, `${text}\n`);
  writeFileSync(path.join(dir, `${name}-latest.txt`), `${text}\n`);
  const doc = path.join(root, "docs/performance.md");
  writeFileSync(doc, withLatestRun(readFileSync(doc, "utf8"), text, part));
  return file;
}

const LATEST_START = "<!-- bench:latest -->";
const LATEST_END = "<!-- /bench:latest -->";
const PART_HEADINGS: Record<ReportPart, string> = {
  routes: "Each route alone (`npm run bench`):",
  mix: "Mixed traffic (`npm run bench -- --mix`):",
};

/** The report of one part in a latest-run block's text, if the block holds one. */
function partIn(block: string, part: ReportPart): string | undefined {
  const heading = block.indexOf(PART_HEADINGS[part]);
  if (heading < 0) return undefined;
  const open = block.indexOf("```text\n", heading);
  const close = block.indexOf("\n```", open + 8);
  return open < 0 || close < 0 ? undefined : block.slice(open + 8, close);
}

/**
 * The document with its latest-run block holding this run's report for `part` and the latest report
 * of the other part as it was (a block written before the parts, one bare report, counts as the routes').
 */
export function withLatestRun(document: string, report: string, part: ReportPart = "routes"): string {
  const start = document.indexOf(LATEST_START);
  const end = document.indexOf(LATEST_END);
  if (start < 0 || end < start) throw new Error(`docs/performance.md has lost its ${LATEST_START} … ${LATEST_END} markers`);
  const block = document.slice(start + LATEST_START.length, end);
  const bare =
    !block.includes(PART_HEADINGS.routes) && !block.includes(PART_HEADINGS.mix)
      ? partIn(`${PART_HEADINGS.routes}\n${block}`, "routes")
      : undefined;
  const reports: Record<ReportPart, string | undefined> = {
    routes: partIn(block, "routes") ?? bare,
    mix: partIn(block, "mix"),
    // A table's last column is padded: no line ends in spaces, which Prettier would strip (npm run lint).
    [part]: report.replace(/[ \t]+$/gm, ""),
  };
  const sections = (["routes", "mix"] as const).flatMap((p) =>
    reports[p] === undefined ? [] : [`${PART_HEADINGS[p]}\n\n\`\`\`text\n${reports[p]}\n\`\`\`\n\n`],
  );
  return document.slice(0, start) + `${LATEST_START}\n\n` + sections.join("") + document.slice(end);
}
