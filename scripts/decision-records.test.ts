import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A decision record is history, but a reader follows the files and services it names to today's
// code: each must exist, or the record must say, dated, what became of it, in the paragraph that
// names it ("amended YYYY-MM-DD: …") or on a line of its own that names it again ("Since then
// (YYYY-MM-DD): …"). What exists is read when the test runs, so a moved file fails here until the
// records that name it say so.

const ROOT = path.resolve(import.meta.dirname, "..");
const RECORDS = "docs/decisions";
/** Made by tools or holding no sources (with the root's own dot-folders: git's, local data, caches). */
const NOT_SOURCES = new Set(["node_modules", "build", "dist", "coverage"]);

/** Every file and folder of the checkout (relative, with `/`), folders ending in `/`. */
function repositoryPaths(folder = ""): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const named = `${folder}${entry.name}`;
    if (!entry.isDirectory()) return [named];
    if (NOT_SOURCES.has(entry.name) || entry.name.startsWith("build-") || (!folder && entry.name.startsWith(".") && entry.name !== ".ci"))
      return [];
    return [`${named}/`, ...repositoryPaths(`${named}/`)];
  });
}

const FILE = /\.(?:ts|tsx|js|mjs|cjs|md|sql|json|jsonc|toml|yaml|css|html)$/;

/**
 * The names in backticks that mean a file or folder of this repository: a path from its root, a
 * path's tail (`services/deals/payments.ts`, `db/`) or a file's name (`money-moves.ts`). URLs,
 * packages, placeholders (`<key>`, `…`) and code are not places.
 */
function pathsNamed(block: string, topLevel: Set<string>): string[] {
  return [...block.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1])
    .filter((name) => !/[<>*…{}:@~?=]/.test(name) && !name.startsWith("/") && !name.startsWith("."))
    .filter((name) => topLevel.has(name.split("/")[0]) || FILE.test(name) || (name.endsWith("/") && name.length > 1));
}

/** Whether a named path exists: from the root as written, or as the tail of a path or a file's name anywhere. */
function pathExists(named: string, paths: string[], topLevel: Set<string>): boolean {
  if (topLevel.has(named.split("/")[0])) return paths.includes(named) || paths.includes(`${named}/`);
  return paths.some((known) => known.endsWith(`/${named}`));
}

const SERVICES = "app/.server/services/";

/** Services named as such ("the `payouts` service"): a module or a domain folder among the services. */
function servicesNamed(block: string): string[] {
  return [...block.matchAll(/`([a-z][a-z0-9-]*)` services?\b/g)].map((match) => match[1]);
}

function serviceExists(name: string, paths: string[]): boolean {
  return paths.some((known) => known.startsWith(SERVICES) && (known.endsWith(`/${name}.ts`) || known === `${SERVICES}${name}/`));
}

/** A dated note of what changed after the record was written: "Since then (YYYY-MM-DD):" or "amended YYYY-MM-DD". */
const LATER = /\bSince then \(\d{4}-\d{2}-\d{2}\):|\bamended\s+\d{4}-\d{2}-\d{2}/i;

/** A record's paragraphs, list items and table rows, each on one line. */
function blocksOf(record: string): string[] {
  return record.split(/\n\s*\n|\n(?=\s*(?:[-*]|\d+\.) |\|)/).map((block) => block.replace(/\s*\n\s*/g, " "));
}

describe("decision records", () => {
  const paths = repositoryPaths();
  const topLevel = new Set(paths.filter((known) => !known.slice(0, -1).includes("/")).map((known) => known.replace(/\/$/, "")));
  const records = readdirSync(path.join(ROOT, RECORDS)).filter((name) => /^\d{4}-.*\.md$/.test(name));

  it("name only files and services that exist, or say, dated, what became of them", () => {
    const missing: string[] = [];
    let checked = 0;
    for (const record of records) {
      const blocks = blocksOf(readFileSync(path.join(ROOT, RECORDS, record), "utf8"));
      const notes = blocks.filter((block) => LATER.test(block)).join(" ");
      for (const block of blocks) {
        const named = [
          ...pathsNamed(block, topLevel).map((place) => ({ place, found: pathExists(place, paths, topLevel) })),
          ...servicesNamed(block).map((service) => ({ place: service, found: serviceExists(service, paths) })),
        ];
        checked += named.length;
        const accounted = (place: string) => LATER.test(block) || notes.includes(`\`${place}\``);
        for (const { place, found } of named) if (!found && !accounted(place)) missing.push(`${record}: ${place}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });
});
