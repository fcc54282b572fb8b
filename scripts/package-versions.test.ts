import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One package per job, at one version (decision record 40), read from the lockfile, which is what
// every install gets. The one exception is ESLint's own Ajv 6: its rules' option schemas are
// draft-04, which Ajv 8 no longer reads, and ESLint has chosen to stay on Ajv 6.

const ROOT = path.resolve(import.meta.dirname, "..");
const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string }>;
};

/** Every copy of a package in the tree: where it is installed, and its version. */
function copiesOf(name: string): string[] {
  return Object.entries(lock.packages)
    .filter(([place]) => place === `node_modules/${name}` || place.endsWith(`/node_modules/${name}`))
    .map(([place, { version }]) => `${place} ${version}`);
}

describe("package versions", () => {
  it("checks JSON Schema and OpenAPI with Ajv 8 alone, beside ESLint's own Ajv", () => {
    expect(copiesOf("ajv")).toEqual([
      expect.stringMatching(/^node_modules\/ajv 8\./),
      expect.stringMatching(/^node_modules\/eslint\/node_modules\/ajv 6\./),
    ]);
    expect(copiesOf("@seriousme/openapi-schema-validator")).toEqual([]);
  });

  it("runs axe from one package at one version", () => {
    expect(copiesOf("@axe-core/playwright")).toHaveLength(1);
    expect(copiesOf("axe-core")).toEqual([expect.stringMatching(/^node_modules\/axe-core 4\./)]);
  });
});
