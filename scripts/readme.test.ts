import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The README is a newcomer's first page: short, every file or document it names exists, and its
// picture shows every job the Worker runs on a schedule or from a queue, so a move of code or docs,
// or a new job, that forgets it fails here.

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");
const readme = read("README.md");

/** The schedules and the consumed queues wrangler.toml gives the Worker. */
function triggers() {
  const wrangler = read("wrangler.toml");
  const crons = [.../^crons\s*=\s*\[([^\]]*)\]/m.exec(wrangler)![1].matchAll(/"([^"]+)"/g)].map((match) => match[1]);
  const queues = [...wrangler.matchAll(/^\[\[queues\.consumers\]\]\s*\nqueue\s*=\s*"([^"]+)"/gm)].map((match) => match[1]);
  return { crons, queues };
}

/**
 * The jobs workers/app.ts's scheduled() and queue() handlers run: every function of the app's own
 * modules they await (alone or in a Promise.all), through the helpers the file declares. Imported
 * functions called without waiting (making a context, reading a message) are not jobs.
 */
function workerJobs(): string[] {
  const file = ts.createSourceFile("app.ts", read("workers/app.ts"), ts.ScriptTarget.Latest, true);
  const imported = new Set<string>();
  const helpers = new Map<string, ts.FunctionDeclaration>();
  let handlers: ts.ObjectLiteralExpression | undefined;
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement) && /^[~.]\//.test((statement.moduleSpecifier as ts.StringLiteral).text)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) for (const { name } of bindings.elements) imported.add(name.text);
    }
    if (ts.isFunctionDeclaration(statement) && statement.name) helpers.set(statement.name.text, statement);
    if (ts.isExportAssignment(statement)) {
      const exported = ts.isSatisfiesExpression(statement.expression) ? statement.expression.expression : statement.expression;
      if (ts.isObjectLiteralExpression(exported)) handlers = exported;
    }
  }
  const awaited = (call: ts.CallExpression) =>
    ts.isAwaitExpression(call.parent) ||
    (ts.isArrayLiteralExpression(call.parent) &&
      ts.isCallExpression(call.parent.parent) &&
      call.parent.parent.expression.getText(file) === "Promise.all");
  const jobs = new Set<string>();
  const followed = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text;
      const helper = helpers.get(name);
      if (helper && !followed.has(name)) {
        followed.add(name);
        visit(helper);
      }
      if (imported.has(name) && awaited(node)) jobs.add(name);
    }
    ts.forEachChild(node, visit);
  };
  for (const handler of handlers?.properties ?? []) {
    if (ts.isMethodDeclaration(handler) && ["scheduled", "queue"].includes(handler.name.getText(file))) visit(handler);
  }
  return [...jobs];
}

describe("README", () => {
  it("is at most 150 lines", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(150);
  });

  it("links only to documents that exist", () => {
    const links = [...readme.matchAll(/\]\(([^)#]+)\)|src="([^"]+)"/g)].map((match) => match[1] ?? match[2]);
    expect(links.length).toBeGreaterThan(5);
    for (const link of links.filter((target) => !/^https?:/.test(target))) {
      expect(existsSync(path.join(ROOT, link)), link).toBe(true);
    }
  });

  it("asks for the Node.js that package.json's engines asks for", () => {
    const engines = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
    const named = /You need Node\.js ([\d.]+) or later/.exec(readme)?.[1];
    expect(engines).toBe(`>=${named}`);
  });

  it("draws every Cron and Queue job in its picture of how it fits together", () => {
    const picture = /## How it fits together\n+```\n([\s\S]*?)```/.exec(readme)![1];
    const { crons, queues } = triggers();
    const jobs = workerJobs();
    expect(crons).not.toEqual([]);
    expect(queues).not.toEqual([]);
    expect(jobs.length).toBeGreaterThan(5);
    expect([...crons, ...queues, ...jobs].filter((name) => !picture.includes(name))).toEqual([]);
  });

  it("names only paths of this repository that exist", () => {
    const paths = [...readme.matchAll(/`((?:app|workers|scripts|tests|docs|migrations)\/[^`<*\s]*)`/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(10);
    for (const named of paths) expect(existsSync(path.join(ROOT, named)), named).toBe(true);
  });
});
