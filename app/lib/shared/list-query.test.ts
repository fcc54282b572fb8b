import { describe, expect, it } from "vitest";
import * as v from "valibot";
import { listQuerySchema, nextSort, pageFromUrl, parseListQueryLeniently, totalPages } from "./list-query";
import { pagerItems } from "./pager";

const sellersQuery = listQuerySchema(["name", "email"] as const, "name");

describe("list query", () => {
  it("defaults to page 1, 5 per page, the default column ascending", () => {
    expect(v.parse(sellersQuery, {})).toEqual({ page: 1, limit: 5, sort: "name", order: "asc" });
  });

  it("refuses unknown sorts and orders and out-of-range pages and limits", () => {
    for (const bad of [
      { sort: "password" },
      { order: "up" },
      { page: "0" },
      { page: "-1" },
      { page: "1.5" },
      { page: "x" },
      { limit: "0" },
      { limit: "51" },
    ]) {
      expect(v.safeParse(sellersQuery, bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(v.parse(sellersQuery, { page: "3", limit: "50", sort: "email", order: "desc" })).toEqual({
      page: 3,
      limit: 50,
      sort: "email",
      order: "desc",
    });
  });

  it("lets pages fall back to defaults for bad values, keeping the good ones", () => {
    const query = parseListQueryLeniently(sellersQuery, new URLSearchParams("page=abc&sort=email&order=sideways&limit=999"));
    expect(query).toEqual({ page: 1, limit: 5, sort: "email", order: "asc" });
  });
});

describe("sort toggle", () => {
  it("flips the order of the sorted column and sorts another column ascending", () => {
    expect(nextSort({ sort: "name", order: "asc" }, "name")).toEqual({ sort: "name", order: "desc" });
    expect(nextSort({ sort: "name", order: "desc" }, "name")).toEqual({ sort: "name", order: "asc" });
    expect(nextSort({ sort: "name", order: "desc" }, "email")).toEqual({ sort: "email", order: "asc" });
  });
});

describe("page math", () => {
  it("counts pages of 5 for 0, 1, 5, 6 and 11 rows", () => {
    expect([0, 1, 5, 6, 11].map((rows) => totalPages(rows, 5))).toEqual([0, 1, 1, 2, 3]);
  });
});

describe("pager", () => {
  const labels = (current: number, total: number) => pagerItems(current, total).map((item) => (item.kind === "page" ? item.page : "…"));

  it("shows every page when there are few", () => {
    expect(labels(1, 0)).toEqual([]);
    expect(labels(1, 1)).toEqual([1]);
    expect(labels(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it("shows 2 margin pages and 5 around the current one, with gaps", () => {
    expect(labels(1, 20)).toEqual([1, 2, 3, 4, 5, "…", 19, 20]);
    expect(labels(10, 20)).toEqual([1, 2, "…", 8, 9, 10, 11, 12, "…", 19, 20]);
    expect(labels(20, 20)).toEqual([1, 2, "…", 16, 17, 18, 19, 20]);
  });
});

describe("pageFromUrl", () => {
  it("reads a sane page number and falls back to 1", () => {
    expect(pageFromUrl("http://x/c?page=3")).toBe(3);
    for (const bad of ["", "?page=0", "?page=-2", "?page=1e308", "?page=abc", "?page=1234567890"])
      expect(pageFromUrl(`http://x/c${bad}`)).toBe(1);
  });
});
