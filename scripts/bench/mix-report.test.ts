import { describe, expect, it } from "vitest";
import { medianWorkerCpu, renderMixReport, type SizeResult, summarize } from "./mix-report.ts";
import { timingOutcome } from "./mix-traffic.ts";

const sample = (kind: "home" | "api-search", ms: number, extra: { status?: number; pageCache?: string; searchCounts?: string } = {}) => ({
  kind,
  ms,
  status: extra.status ?? 200,
  ...extra,
});

describe("the mix's summary", () => {
  it("counts each kind's answers, latencies, failures and cache outcomes", () => {
    const stats = summarize([
      sample("home", 10, { pageCache: "hit" }),
      sample("home", 30, { pageCache: "miss" }),
      sample("home", 20, { pageCache: "hit", status: 500 }),
      sample("api-search", 5, { searchCounts: "counted" }),
      sample("api-search", 6, { searchCounts: "kept" }),
      sample("api-search", 4, { searchCounts: "stale" }),
      sample("api-search", 7, { status: 0 }),
    ]);
    const home = stats.find((s) => s.kind === "home")!;
    expect(home).toMatchObject({ count: 3, p50: 20, p99: 30, failed: 1, page: { hit: 2, miss: 1 }, search: { hit: 0, miss: 0 } });
    expect(stats.find((s) => s.kind === "api-search")).toMatchObject({ count: 4, failed: 1, search: { hit: 2, miss: 1 } });
  });

  it("reads the caches' outcomes from Server-Timing", () => {
    expect(timingOutcome("page-cache;desc=hit", "page-cache")).toBe("hit");
    expect(timingOutcome("search-counts;desc=counted, page-cache;desc=bypass", "page-cache")).toBe("bypass");
    expect(timingOutcome("search-counts;desc=counted, page-cache;desc=bypass", "search-counts")).toBe("counted");
    expect(timingOutcome("my-page-cache;desc=hit", "page-cache")).toBeUndefined();
    expect(timingOutcome(null, "page-cache")).toBeUndefined();
  });
});

function result(size: SizeResult["size"], homeP99: number, searchP99: number, cpu: [number, number]): SizeResult {
  return {
    size,
    products: size === "demo" ? 120 : 100_000,
    seconds: 60,
    mix: { requests: 1000, rps: 16.7, workerCpuMs: 6, dbCpuMs: 2 },
    kinds: [
      {
        kind: "home",
        count: 300,
        p50: 10,
        p99: homeP99,
        failed: 0,
        page: { hit: 90, miss: 10 },
        search: { hit: 0, miss: 0 },
        solo: { rps: 100, workerCpuMs: cpu[0], dbCpuMs: 1, dbTrips: 2 },
      },
      {
        kind: "api-search",
        count: 700,
        p50: 10,
        p99: searchP99,
        failed: 0,
        page: { hit: 0, miss: 0 },
        search: { hit: 1, miss: 3 },
        solo: { rps: 100, workerCpuMs: cpu[1], dbCpuMs: 1, dbTrips: 1 },
      },
    ],
    perWrite: { workerCpuMs: 20, dbCpuMs: 9.5, dbTrips: 3 },
    coldSearch: { rps: 20, p50: 100, p99: 200, workerCpuMs: 5, dbCpuMs: size === "demo" ? 2 : 30, dbTrips: 1 },
    cachedHome: size === "100k" ? { rps: 500, baselineRps: 10_000 } : undefined,
  };
}

describe("the mix's report", () => {
  it("weights each kind's CPU by its requests for the median", () => {
    expect(medianWorkerCpu(result("100k", 100, 100, [12, 3]))).toBe(3);
    expect(medianWorkerCpu(result("100k", 100, 100, [3, 12]))).toBe(12);
  });

  it("marks every goal of the mix and counts the misses", () => {
    const { text, failures } = renderMixReport({
      title: ["A title"],
      sizes: [
        result("demo", 80, 40, [8, 2]),
        result("100k", 100, 160, [12, 3]),
        { ...result("1M", 250, 400, [12, 5]), size: "1M", products: 1_000_000 },
      ],
    });
    expect(text).toContain("A title");
    expect(text).toMatch(
      /GET \/ \(Home\)\s+300\s+10\s+100\s+0\s+90% of 100\s+—\s+12\.00\s+1\.00\s+2\.00\s+≤150 PASS, 1\.25× demo ≤1\.5 PASS/,
    );
    expect(text).toMatch(/GET \/api\/products\?… \(search\)\s+700 .*≤150 FAIL, 4\.00× demo ≤1\.5 FAIL/);
    expect(text).toMatch(/GET \/ \(Home\)\s+300 .*≤300 PASS/);
    expect(text).toMatch(/search\)\s+700 .*≤300 FAIL/);
    expect(text).toContain("page cache 90% of 100, stored search counts 25% of 4");
    expect(text).toContain("a write (listing, price, sale; the writer alone): Worker CPU 20.00 ms, DB CPU 9.50 ms, DB trips 3.00");
    expect(text).toContain("median Worker CPU per request 3.00 ms: ≤4 PASS");
    expect(text).toContain("median Worker CPU per request 5.00 ms: ≤4 FAIL");
    expect(text).toMatch(/cold search \(no cache\): .*DB CPU 30\.00 ms, DB trips 1\.00: DB CPU ≤10 FAIL/);
    expect(text).toContain("Home alone from the page cache: 500 req/s, 5% of the baseline's 10000: ≥40% FAIL");
    // search ≤150, search growth, search ≤300, 1M median CPU, cold search DB CPU, cached Home.
    expect(failures).toBe(6);
    expect(text).toContain("6 goal(s) missed");
  });
});
