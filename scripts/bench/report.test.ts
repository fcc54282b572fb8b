import { describe, expect, it } from "vitest";
import { withLatestRun } from "./report.ts";

const doc = (block: string) => `# Performance\n\n<!-- bench:latest -->\n${block}<!-- /bench:latest -->\n\nAfter.\n`;

describe("the latest-run block of docs/performance.md", () => {
  it("keeps the other part's latest report when one part is written", () => {
    const routes = withLatestRun(doc("\n(none yet)\n"), "routes report", "routes");
    expect(routes).toContain("Each route alone (`npm run bench`):\n\n```text\nroutes report\n```");
    expect(routes).not.toContain("(none yet)");
    const both = withLatestRun(routes, "mix report", "mix");
    expect(both).toContain("```text\nroutes report\n```");
    expect(both).toContain("Mixed traffic (`npm run bench -- --mix`):\n\n```text\nmix report\n```");
    expect(both.indexOf("routes report")).toBeLessThan(both.indexOf("mix report"));
    const again = withLatestRun(both, "routes report 2", "routes");
    expect(again).toContain("routes report 2");
    expect(again).not.toContain("routes report\n");
    expect(again).toContain("mix report");
    expect(again.endsWith("<!-- /bench:latest -->\n\nAfter.\n")).toBe(true);
  });

  it("reads a block written before the parts as the routes' report", () => {
    const old = doc("\n```text\nold routes report\n```\n\n");
    const updated = withLatestRun(old, "mix report", "mix");
    expect(updated).toContain("Each route alone (`npm run bench`):\n\n```text\nold routes report\n```");
    expect(updated).toContain("mix report");
  });

  it("refuses a document without its markers", () => {
    expect(() => withLatestRun("# Performance\n", "report")).toThrow(/markers/);
  });
});
