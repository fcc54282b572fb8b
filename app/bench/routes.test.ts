import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RENDER_ONLY_PREFIX, renderOnlyPages } from "./routes";

type Entry = { path?: string; file: string; children?: Entry[] };
const flatten = (entries: Entry[]): Entry[] => entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);

describe("the bench's render-only pages", () => {
  it("give each measured page its copy under /__render-only, from a file that exists", () => {
    const pages = flatten(renderOnlyPages as Entry[]);
    expect(pages.map((entry) => entry.path)).toEqual([
      RENDER_ONLY_PREFIX,
      `${RENDER_ONLY_PREFIX}/category/:id`,
      `${RENDER_ONLY_PREFIX}/cars`,
      `${RENDER_ONLY_PREFIX}/cars/:id`,
      `${RENDER_ONLY_PREFIX}/sellers/:id`,
    ]);
    for (const entry of pages) expect(existsSync(path.join(import.meta.dirname, "..", entry.file))).toBe(true);
  });
});
