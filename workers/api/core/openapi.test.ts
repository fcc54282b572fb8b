import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { api } from "../index";
import { apiDocument } from "./openapi";

// A second tool's opinion of the generated document: Redocly's recommended rules (redocly.yaml).
describe("the OpenAPI document", () => {
  it("passes `redocly lint` with no errors or warnings", { timeout: 60_000 }, async () => {
    const directory = await mkdtemp(path.join(tmpdir(), "openapi-"));
    const file = path.join(directory, "openapi.json");
    try {
      await writeFile(file, JSON.stringify(await apiDocument(api)));
      const redocly = path.resolve("node_modules/.bin/redocly");
      const result = await promisify(execFile)(redocly, ["lint", file, "--config", path.resolve("redocly.yaml"), "--format", "json"]).catch(
        (error: { stdout: string }) => error,
      );
      const { totals, problems } = JSON.parse(result.stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string }[];
      };
      expect(problems.map(({ ruleId, message }) => `${ruleId}: ${message}`)).toEqual([]);
      expect(totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
