import { describe, expect, it } from "vitest";
import { renderOnlySpecs, type RouteSpec } from "./routes.ts";

describe("the render-only rows", () => {
  it("sit beside each rendered page, on its own URLs under /__render-only (never its placeholder path)", () => {
    let n = 0;
    const pages: RouteSpec[] = [
      {
        name: "GET /category/:id (SSR, signed in)",
        kind: "ssr",
        datasets: ["large", "small"],
        plan: () => ({ path: "/category/x", headers: { cookie: "s=1" }, next: () => ({ path: `/category/${++n}` }) }),
      },
      { name: "GET / (Home, SSR)", kind: "ssr", datasets: ["large"], plan: () => ({ path: "/" }) },
      { name: "GET /api/products/:id", kind: "api-read", datasets: ["large"], plan: () => ({ path: "/api/products/1" }) },
    ];
    const copies = renderOnlySpecs(pages);
    expect(copies.map((copy) => [copy.name, copy.copyOf, copy.kind, copy.datasets])).toEqual([
      ["render-only: GET /category/:id", "GET /category/:id (SSR, signed in)", "render-only", ["large"]],
      ["render-only: GET /", "GET / (Home, SSR)", "render-only", ["large"]],
    ]);
    const category = copies[0].plan("large");
    expect(category.headers).toEqual({ cookie: "s=1" });
    const paths = [category.path, ...Array.from({ length: 6 }, () => category.next!().path)];
    expect(paths).toEqual([
      "/__render-only/category/1",
      "/__render-only/category/2",
      "/__render-only/category/3",
      "/__render-only/category/4",
      "/__render-only/category/5",
      "/__render-only/category/1",
      "/__render-only/category/2",
    ]);
    const home = copies[1].plan("large");
    expect([home.path, home.next!().path]).toEqual(["/__render-only", "/__render-only"]);
  });
});
