import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// docs/deploy.md is what an operator reads to configure the Worker: every variable and binding it
// can be given (wrangler.toml's bindings and vars, .dev.vars.example's secrets) is named there, so a
// new setting that forgets its line fails here.

const ROOT = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function configuration(): string[] {
  const wrangler = read("wrangler.toml");
  const bindings = [...wrangler.matchAll(/^binding = "([A-Z_0-9]+)"/gm)].map((match) => match[1]);
  const vars = [...(/^\[vars\]\n([\s\S]*?)(?:\n\[|$)/m.exec(wrangler)?.[1] ?? "").matchAll(/^([A-Z_0-9]+)\s*=/gm)].map((match) => match[1]);
  const secrets = [...read(".dev.vars.example").matchAll(/^#?\s*([A-Z_0-9]+)=/gm)].map((match) => match[1]);
  return [...new Set([...bindings, ...vars, ...secrets])];
}

describe("docs/deploy.md", () => {
  it("names every configuration variable and binding the Worker is given", () => {
    const names = configuration();
    expect(names).toEqual(expect.arrayContaining(["PHOTOS", "EMAIL_QUEUE", "APP_ENV", "PLATFORM_FEE_BPS", "RELEASE_AFTER_HOURS"]));
    const deploy = read("docs/deploy.md");
    expect(names.filter((name) => !deploy.includes(`\`${name}\``))).toEqual([]);
  });
});
