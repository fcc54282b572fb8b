import { describe, expect, it } from "vitest";
import { activeFilters, canonicalSearchPath, filterLabel, parseSearchLeniently, searchHeadline, searchHref } from "./search-params";

const parse = (search: string, fixed = {}) => parseSearchLeniently(new URLSearchParams(search), fixed);

describe("reading a search page's URL", () => {
  it("keeps good values, drops bad ones and fixes the page size", () => {
    const query = parse("make=Toyota&minPrice=abc&sort=bogus&page=0&location=Mars&maxMileage=80000&limit=50&sellerId=x");
    expect(query).toMatchObject({ make: "Toyota", maxMileage: 80000, sort: "newest", page: 1, limit: 24 });
    expect(query.minPrice).toBeUndefined();
    expect(query.location).toBeUndefined();
    expect(query.sellerId).toBeUndefined();
    expect(activeFilters(query)).toEqual(["make", "maxMileage"]);
  });

  it("drops a minimum above its maximum and keeps the maximum", () => {
    const query = parse("minPrice=9000&maxPrice=5000&minYear=2020&maxYear=2010");
    expect(query).toMatchObject({ maxPrice: 5000, maxYear: 2010 });
    expect([query.minPrice, query.minYear]).toEqual([undefined, undefined]);
  });

  it("lets the page's fixed values win over the URL's", () => {
    expect(parse("categoryId=other&make=Kia", { categoryId: "suv" })).toMatchObject({ categoryId: "suv", make: "Kia" });
  });
});

describe("writing it back", () => {
  const query = parse("make=Toyota&maxPrice=20000&sort=price_asc&page=3&categoryId=suv");

  it("leaves out defaults, removed values and what the path fixes", () => {
    expect(searchHref("/cars", query, { maxPrice: undefined, page: undefined })).toBe("/cars?categoryId=suv&make=Toyota&sort=price_asc");
    expect(searchHref("/category/suv", query, { sort: "newest" }, ["categoryId"])).toBe("/category/suv?make=Toyota&maxPrice=20000&page=3");
    expect(searchHref("/cars", parse(""))).toBe("/cars");
  });

  it("names filters for chips", () => {
    expect(filterLabel("maxPrice", query)).toBe("Max price $20,000");
    expect(filterLabel("categoryId", query, () => "SUV")).toBe("Category SUV");
    expect(filterLabel("q", parse("q=hybrid"))).toBe("Keywords “hybrid”");
    expect(filterLabel("maxMileage", parse("maxMileage=80000"))).toBe("Max mileage 80,000 km");
  });
});

describe("what search engines see", () => {
  it("indexes a make's or category's pages and points every other state at them or at /cars", () => {
    expect(canonicalSearchPath(parse("make=Toyota&page=2"))).toBe("/cars?make=Toyota&page=2");
    expect(canonicalSearchPath(parse("categoryId=suv"))).toBe("/cars?categoryId=suv");
    expect(canonicalSearchPath(parse("make=Toyota&maxPrice=20000&page=2"))).toBe("/cars?make=Toyota");
    expect(canonicalSearchPath(parse("make=Toyota&sort=price_asc"))).toBe("/cars?make=Toyota");
    expect(canonicalSearchPath(parse("q=hybrid&location=Dhaka&page=4"))).toBe("/cars");
    expect(searchHeadline("Toyota", "SUV")).toBe("Used Toyota SUV cars for sale");
    expect(searchHeadline(undefined, undefined)).toBe("Used cars for sale");
  });
});
