import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README is a newcomer's first page: short, and every file or document it names exists, so a
// move of code or docs that forgets it fails here.

const ROOT = path.resolve(import.meta.dirname, "..");
const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");

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

  it("names only paths of this repository that exist", () => {
    const paths = [...readme.matchAll(/`((?:app|workers|scripts|tests|docs|migrations)\/[^`<*\s]*)`/g)].map((match) => match[1]);
    expect(paths.length).toBeGreaterThan(10);
    for (const named of paths) expect(existsSync(path.join(ROOT, named)), named).toBe(true);
  });
});
