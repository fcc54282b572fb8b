import { describe, expect, it } from "vitest";
import { renderReport, withLatestRun } from "./report.ts";

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

  it("writes no line ending in spaces (Prettier would strip them)", () => {
    const written = withLatestRun(doc("\n"), "Route   goal  \nbaseline  —   \nGET /     PASS", "routes");
    expect(written).toContain("```text\nRoute   goal\nbaseline  —\nGET /     PASS\n```");
  });

  it("refuses a document without its markers", () => {
    expect(() => withLatestRun("# Performance\n", "report")).toThrow(/markers/);
  });
});

describe("the routes' report", () => {
  const result = (workerCpuMs: number, rps: number) => ({
    rps,
    p50: 5,
    p99: 10,
    completed: 100,
    non2xx: 0,
    errors: 0,
    dbTrips: 1,
    workerCpuMs,
    dbCpuMs: 1,
  });
  const baseline = { rps: 1000, p50: 1, p99: 2, completed: 1000, non2xx: 0, errors: 0, workerCpuMs: 0.1 };

  it("sets each page beside its render-only copy and marks the 1.3× goal", () => {
    const { text, failures } = renderReport({
      title: ["t"],
      baselines: [baseline],
      routes: [
        { route: "GET / (Home, SSR)", kind: "ssr", data: "large", result: result(12, 100), baselineRps: 1000 },
        { route: "GET /cars/:id (car page, SSR)", kind: "ssr", data: "large", result: result(5, 200), baselineRps: 1000 },
        {
          route: "render-only: GET /",
          kind: "render-only",
          data: "large",
          result: result(8, 150),
          baselineRps: 1000,
          copyOf: "GET / (Home, SSR)",
        },
        {
          route: "render-only: GET /cars/:id",
          kind: "render-only",
          data: "large",
          result: result(4, 250),
          baselineRps: 1000,
          copyOf: "GET /cars/:id (car page, SSR)",
        },
      ],
    });
    expect(text).toMatch(/GET \/ \(Home, SSR\) \[large\]\s+12\.00\s+8\.00\s+1\.50\s+1\.50\s+≤1\.3 FAIL/);
    expect(text).toMatch(/GET \/cars\/:id \(car page, SSR\) \[large\]\s+5\.00\s+4\.00\s+1\.25\s+1\.25\s+≤1\.3 PASS/);
    // The Home page's goal beside its copy, and the two pages' req/s goals (≥35 % of the baseline).
    expect(failures).toBe(3);
  });
});
