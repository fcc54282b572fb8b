import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// docs/deploy.md is what an operator reads to configure the Worker: every variable and binding it
// can be given (wrangler.toml's bindings and vars, .dev.vars.example's secrets) and every one its
// code reads is named there, and it names nothing the Worker no longer has, so a new setting that
// forgets its line, or a removed one that leaves it, fails here.

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function configuration(): string[] {
  const wrangler = read("wrangler.toml");
  const bindings = [...wrangler.matchAll(/^binding = "([A-Z_0-9]+)"/gm)].map((match) => match[1]);
  const vars = [...(/^\[vars\]\n([\s\S]*?)(?:\n\[|$)/m.exec(wrangler)?.[1] ?? "").matchAll(/^([A-Z_0-9]+)\s*=/gm)].map((match) => match[1]);
  const secrets = [...read(".dev.vars.example").matchAll(/^#?\s*([A-Z_0-9]+)=/gm)].map((match) => match[1]);
  return [...new Set([...bindings, ...vars, ...secrets])];
}

const VARIABLE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;
/** What holds the Worker's env where it is read: `env`, `c.env`, a settings object handed it (`vars`). */
const ENV_HOLDER = /(?:^|\.)(?:env|vars)$/;
/** Read while building, by Vite and Node, not by the running Worker. */
const BUILD_TIME = /^(?:import\.meta|process)\.env$/;

/** Parsing every file takes seconds, so only the files that could read the env are parsed. */
const MAY_READ = /\b(?:env|vars)\b|\bobject\(/;

/** The Worker's own source files (app/ and workers/, tests left out). */
function workerSources(): string[] {
  return ["app", "workers"].flatMap((folder) =>
    readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => path.join(folder, name)),
  );
}

/**
 * The variables and bindings the Worker's code reads: `env.NAME` (or `vars.NAME`, `env["NAME"]`),
 * names destructured from it (`const { NAME } = env`), and the keys of a Valibot schema the env
 * is checked with.
 */
function workerReads(): string[] {
  const names = new Set<string>();
  const fromEnv = (holder: ts.Expression, file: ts.SourceFile) => {
    const text = holder.getText(file);
    return ENV_HOLDER.test(text) && !BUILD_TIME.test(text);
  };
  for (const fileName of workerSources()) {
    const source = read(fileName);
    if (!MAY_READ.test(source)) continue;
    const file = ts.createSourceFile(
      fileName,
      source,
      ts.ScriptTarget.Latest,
      true,
      fileName.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAccessExpression(node) && fromEnv(node.expression, file)) names.add(node.name.text);
      if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression) && fromEnv(node.expression, file)) {
        names.add(node.argumentExpression.text);
      }
      if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && fromEnv(node.initializer, file)) {
        for (const element of node.name.elements) names.add((element.propertyName ?? element.name).getText(file));
      }
      if (ts.isCallExpression(node) && /(?:^|\.)object$/.test(node.expression.getText(file))) {
        const [shape] = node.arguments;
        if (shape && ts.isObjectLiteralExpression(shape))
          for (const property of shape.properties) names.add(property.name?.getText(file) ?? "");
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return [...names].filter((name) => VARIABLE.test(name));
}

describe("docs/deploy.md", () => {
  const deploy = read("docs/deploy.md");
  const reads = workerReads();
  const named = (name: string) => deploy.includes(`\`${name}\``);

  it("names every configuration variable and binding the Worker is given", () => {
    const names = configuration();
    expect(names).toEqual(expect.arrayContaining(["PHOTOS", "EMAIL_QUEUE", "APP_ENV", "PLATFORM_FEE_BPS", "RELEASE_AFTER_HOURS"]));
    expect(names.filter((name) => !named(name))).toEqual([]);
  });

  it("names every variable and binding the Worker's code reads", () => {
    expect(reads).toEqual(expect.arrayContaining(["DATABASE_URL", "PHOTOS", "PLATFORM_FEE_BPS", "R2_ACCESS_KEY_ID", "GOOGLE_CLIENT_ID"]));
    expect(reads.filter((name) => !named(name))).toEqual([]);
  });

  it("lists in its table only variables the Worker is given or reads", () => {
    const table = /## Configuration\n([\s\S]*?)\n\n/.exec(deploy)![1];
    const rows = table
      .split("\n")
      .slice(2)
      .flatMap((row) => [...row.split("|")[1].matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]));
    const known = new Set([...configuration(), ...reads]);
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((name) => !known.has(name))).toEqual([]);
  });
});
