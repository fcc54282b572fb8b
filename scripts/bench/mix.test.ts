import { describe, expect, it } from "vitest";
import {
  kindPicker,
  percentile,
  readShares,
  READ_KINDS,
  searchQueries,
  seededRandom,
  weightedMedian,
  writeKindAt,
  writeTimes,
  zipfSampler,
} from "./mix.ts";

describe("the Zipf sampler", () => {
  it("draws rank r about 1 / (r + 1) as often as rank 0, and the tail past 100 about 43 % of the time over 5,000", () => {
    const draw = zipfSampler(5000, 1, seededRandom(1));
    const counts = new Map<number, number>();
    const draws = 200_000;
    for (let i = 0; i < draws; i++) {
      const rank = draw();
      counts.set(rank, (counts.get(rank) ?? 0) + 1);
    }
    const share = (rank: number) => (counts.get(rank) ?? 0) / draws;
    const harmonic = Array.from({ length: 5000 }, (_, r) => 1 / (r + 1)).reduce((a, b) => a + b, 0);
    expect(share(0)).toBeCloseTo(1 / harmonic, 2);
    expect(share(1) / share(0)).toBeCloseTo(0.5, 1);
    expect(share(9) / share(0)).toBeCloseTo(0.1, 1);
    const tail = [...counts].filter(([rank]) => rank >= 100).reduce((n, [, c]) => n + c, 0) / draws;
    expect(tail).toBeGreaterThan(0.41);
    expect(tail).toBeLessThan(0.45);
    expect(Math.min(...counts.keys())).toBe(0);
    expect(Math.max(...counts.keys())).toBeLessThan(5000);
  });

  it("draws every rank with equal chance when s = 0, and refuses an empty range", () => {
    const draw = zipfSampler(4, 0, seededRandom(2));
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[draw()]++;
    for (const count of counts) expect(count / 40_000).toBeCloseTo(0.25, 1);
    expect(() => zipfSampler(0, 1, Math.random)).toThrow(/at least one rank/);
  });

  it("maps the extremes of the uniform draw to the first and the last rank", () => {
    expect(zipfSampler(10, 1, () => 0)()).toBe(0);
    expect(zipfSampler(10, 1, () => 0.999_999_999)()).toBe(9);
  });
});

describe("the searches", () => {
  it("are 5,000 distinct, valid-looking query strings, the same on every run", () => {
    const queries = searchQueries(5000);
    expect(new Set(queries).size).toBe(5000);
    expect(searchQueries(5000)).toEqual(queries);
    for (const query of queries) expect(query).toMatch(/^[a-zA-Z]+=[^&]+(&[a-zA-Z]+=[^&]+)*$/);
    expect(queries.some((q) => q.startsWith("q="))).toBe(true);
    expect(queries.some((q) => q.includes("sort="))).toBe(true);
  });
});

describe("the mix's schedule", () => {
  it("splits every page 70 / 30 between anonymous and signed-in visitors, each signed-in page with its parts, and the shares sum to 1", () => {
    const shares = readShares();
    expect(Object.keys(shares).sort()).toEqual([...READ_KINDS].sort());
    expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(shares["home-signed-in"] / (shares.home + shares["home-signed-in"])).toBeCloseTo(0.3, 10);
    expect(shares["car-page-signed-in"] / shares["car-page"]).toBeCloseTo(3 / 7, 10);
    expect(shares["visitor-parts"]).toBeCloseTo(
      shares["home-signed-in"] + shares["search-page-signed-in"] + shares["car-page-signed-in"],
      10,
    );
  });

  it("picks kinds in proportion to their shares, never one without a share", () => {
    const pick = kindPicker({ a: 3, b: 1, c: 0 }, seededRandom(3));
    const counts: Record<string, number> = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 40_000; i++) counts[pick()]++;
    expect(counts.a / 40_000).toBeCloseTo(0.75, 1);
    expect(counts.c).toBe(0);
    expect(() => kindPicker({ a: 0 }, Math.random)).toThrow(/No kind/);
  });

  it("writes once a second, two listings and two price edits for every sale", () => {
    expect(writeTimes(3)).toEqual([500, 1500, 2500]);
    expect(writeTimes(0.4)).toEqual([]);
    const cycle = Array.from({ length: 10 }, (_, n) => writeKindAt(n));
    expect(cycle.filter((k) => k === "sale")).toHaveLength(2);
    expect(cycle.filter((k) => k === "new-listing")).toHaveLength(4);
    expect(cycle.filter((k) => k === "price-edit")).toHaveLength(4);
  });
});

describe("percentiles", () => {
  it("take the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });

  it("weigh each value by the requests it stands for", () => {
    expect(
      weightedMedian([
        { value: 10, weight: 1 },
        { value: 1, weight: 3 },
      ]),
    ).toBe(1);
    expect(
      weightedMedian([
        { value: 10, weight: 3 },
        { value: 1, weight: 1 },
      ]),
    ).toBe(10);
    expect(weightedMedian([{ value: 5, weight: 0 }])).toBeUndefined();
  });
});
