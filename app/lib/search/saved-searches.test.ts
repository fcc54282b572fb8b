import { describe, expect, it } from "vitest";
import { normalizeSearchQuery, savedSearchName } from "./saved-searches";

describe("normalizeSearchQuery", () => {
  it("keeps known, non-default parameters in a fixed order", () => {
    expect(normalizeSearchQuery("?maxPrice=20000&page=3&limit=5&make=Toyota&sort=newest&utm_source=x")).toMatchObject({
      ok: true,
      query: "make=Toyota&maxPrice=20000",
    });
    expect(normalizeSearchQuery("sort=price_asc&location=Dhaka&q=%20hybrid%20")).toMatchObject({
      ok: true,
      query: "q=hybrid&location=Dhaka&sort=price_asc",
    });
  });

  it("gives the same string for the same search written differently", () => {
    const a = normalizeSearchQuery("location=Dhaka&make=Honda");
    const b = normalizeSearchQuery("make=Honda&location=Dhaka&page=1");
    expect(a.ok && b.ok && a.query === b.query).toBe(true);
  });

  it("refuses what GET /api/products refuses, naming the parameter", () => {
    expect(normalizeSearchQuery("make=Toyota&maxPrice=cheap")).toMatchObject({
      ok: false,
      issues: [{ path: "query.maxPrice", message: "maxPrice must be a whole number" }],
    });
    expect(normalizeSearchQuery("minPrice=500&maxPrice=100")).toMatchObject({
      ok: false,
      message: "minPrice must not be more than maxPrice",
    });
    expect(normalizeSearchQuery("location=Mars")).toMatchObject({ ok: false });
  });

  it("refuses a search without any filter", () => {
    expect(normalizeSearchQuery("")).toMatchObject({ ok: false });
    expect(normalizeSearchQuery("sort=price_asc&page=2")).toMatchObject({ ok: false });
  });
});

describe("savedSearchName", () => {
  it("names a search by its filters", () => {
    expect(savedSearchName("make=Toyota&maxPrice=20000&location=Dhaka")).toBe("Toyota under $20,000 in Dhaka");
    expect(savedSearchName("make=Honda&model=Civic&minPrice=5000&maxPrice=9000")).toBe("Honda Civic $5,000–$9,000");
    expect(savedSearchName("minPrice=10000")).toBe("Cars over $10,000");
    expect(savedSearchName("fuel=hybrid&transmission=automatic&q=single%20owner&minYear=2015")).toBe(
      "Automatic hybrid cars matching “single owner”, from 2015",
    );
    expect(savedSearchName("minYear=2012&maxYear=2018&maxMileage=80000&condition=Good")).toBe(
      "Cars, 2012–2018, under 80,000 km, in good condition",
    );
  });

  it("spells a category out when it can", () => {
    expect(savedSearchName("categoryId=c1&make=Toyota", (id) => (id === "c1" ? "SUV" : undefined))).toBe("Toyota SUV");
    expect(savedSearchName("categoryId=c9")).toBe("cars in one category");
  });
});
