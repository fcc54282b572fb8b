import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import routes, { benchFloorRoutes, FLOOR_PREFIX } from "./routes";

type Entry = { path?: string; file: string; children?: Entry[] };
const flatten = (entries: Entry[]): Entry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

describe("the framework-floor pages (bench builds only)", () => {
  it("are not in the route table of a build without BENCH_FLOOR, as `npm run build` makes", () => {
    expect(process.env.BENCH_FLOOR).toBeUndefined();
    const entries = flatten(routes as Entry[]);
    expect(entries.some((entry) => entry.path?.startsWith(FLOOR_PREFIX) || entry.file.includes("bench-floor"))).toBe(false);
    expect(benchFloorRoutes(false)).toEqual([]);
  });

  it("give each measured page its floor under /__floor when asked", () => {
    const floors = flatten(benchFloorRoutes(true) as Entry[]);
    expect(floors.map((entry) => entry.path)).toEqual([
      FLOOR_PREFIX,
      `${FLOOR_PREFIX}/category/:id`,
      `${FLOOR_PREFIX}/cars`,
      `${FLOOR_PREFIX}/cars/:id`,
      `${FLOOR_PREFIX}/sellers/:id`,
    ]);
    for (const entry of floors) expect(existsSync(path.join(import.meta.dirname, entry.file))).toBe(true);
  });
});
