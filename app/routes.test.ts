import { afterEach, describe, expect, it, vi } from "vitest";
import routes from "./routes";

type Entry = { path?: string; file: string; children?: Entry[] };
const flatten = (entries: Entry[]): Entry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
const benchFiles = (entries: Entry[]) => flatten(entries).filter((entry) => entry.file.startsWith("bench/"));

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the route table", () => {
  it("holds only the product's pages in a build without BENCH_RENDER_ONLY, as `npm run build` makes", () => {
    expect(process.env.BENCH_RENDER_ONLY).toBeUndefined();
    expect(benchFiles(routes as Entry[])).toEqual([]);
  });

  it("takes in the bench's render-only pages, inside the public layout, in the bench's build", async () => {
    vi.stubEnv("BENCH_RENDER_ONLY", "1");
    vi.resetModules();
    const benchTable = (await import("./routes")).default as Entry[];
    const publicLayout = benchTable.find((entry) => entry.file === "routes/site/public-layout.tsx")!;
    expect(benchFiles(publicLayout.children!).map((entry) => entry.file)).toEqual([
      "bench/home.tsx",
      "bench/category.tsx",
      "bench/search.tsx",
      "bench/car.tsx",
      "bench/seller.tsx",
    ]);
    // and nothing else: the app's pages are the same.
    expect(flatten(benchTable).length - flatten(routes as Entry[]).length).toBe(5);
  });
});
