import { describe, expect, it } from "vitest";
import { floorSpecs, type RouteSpec } from "./routes.ts";

describe("the framework-floor rows", () => {
  it("sit beside each rendered page, on its own URLs under /__floor (never its placeholder path)", () => {
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
    const floors = floorSpecs(pages);
    expect(floors.map((floor) => [floor.name, floor.floorOf, floor.kind, floor.datasets])).toEqual([
      ["floor: GET /category/:id", "GET /category/:id (SSR, signed in)", "floor", ["large"]],
      ["floor: GET /", "GET / (Home, SSR)", "floor", ["large"]],
    ]);
    const category = floors[0].plan("large");
    expect(category.headers).toEqual({ cookie: "s=1" });
    const paths = [category.path, ...Array.from({ length: 6 }, () => category.next!().path)];
    expect(paths).toEqual([
      "/__floor/category/1",
      "/__floor/category/2",
      "/__floor/category/3",
      "/__floor/category/4",
      "/__floor/category/5",
      "/__floor/category/1",
      "/__floor/category/2",
    ]);
    const home = floors[1].plan("large");
    expect([home.path, home.next!().path]).toEqual(["/__floor", "/__floor"]);
  });
});
