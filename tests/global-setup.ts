import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type TestProject } from "vitest/node";
import { prepareTemplate } from "./support/template.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated, seeded state every test file's own stack starts from (tests/support/file-stack.ts). */
    stackTemplate: string;
  }
}

/** Seeds the demo data once for the run; each integration and browser test file starts its own stack from a copy. */
export default async function setup(project: TestProject) {
  const template = mkdtempSync(path.join(tmpdir(), "auto-reseller-template-"));
  await prepareTemplate(template);
  project.provide("stackTemplate", template);
  return () => rmSync(template, { recursive: true, force: true });
}
