import { describe, expect, it } from "vitest";
import { bestValues, comparedIds, compareUrl, toggleCompared } from "./compare";

describe("compared cars in the URL", () => {
  it("reads comma lists and repeated parameters, once each, in order", () => {
    expect(comparedIds(new URLSearchParams("ids=a,b,,a&ids=c"))).toEqual({ ids: ["a", "b", "c"], tooMany: false });
    expect(comparedIds(new URLSearchParams(""))).toEqual({ ids: [], tooMany: false });
    expect(comparedIds(new URLSearchParams("ids= a , b "))).toEqual({ ids: ["a", "b"], tooMany: false });
  });

  it("keeps the first four and says when more were named", () => {
    expect(comparedIds(new URLSearchParams("ids=a,b,c,d,e"))).toEqual({ ids: ["a", "b", "c", "d"], tooMany: true });
    expect(comparedIds(new URLSearchParams("ids=a,b,c,d")).tooMany).toBe(false);
  });

  it("writes the URL back and toggles one car", () => {
    expect(compareUrl(["a", "b c"])).toBe("/compare?ids=a,b%20c");
    expect(compareUrl([])).toBe("/compare");
    expect(toggleCompared(["a", "b"], "a")).toEqual(["b"]);
    expect(toggleCompared(["a"], "b")).toEqual(["a", "b"]);
  });
});

describe("the best value of each fact", () => {
  const car = (id: string, facts: Partial<Parameters<typeof bestValues>[0][number]> = {}) => ({
    _id: id,
    isPaid: false,
    resalePrice: 10_000,
    priceRating: "fair" as const,
    purchaseYear: 2015,
    mileageKm: 90_000 as number | null,
    condition: "Good" as const,
    ...facts,
  });
  const ids = (set: Set<string>) => [...set].sort();

  it("marks the lowest price, the best price rating, the newest year, the lowest mileage and the best condition", () => {
    const best = bestValues([
      car("a", { resalePrice: 9_000, purchaseYear: 2014, condition: "Fair" }),
      car("b", { priceRating: "great", mileageKm: 40_000, condition: "Excellent" }),
      car("c", { purchaseYear: 2019, priceRating: "high" }),
    ]);
    expect(ids(best.price)).toEqual(["a"]);
    expect(ids(best.priceRating)).toEqual(["b"]);
    expect(ids(best.year)).toEqual(["c"]);
    expect(ids(best.mileage)).toEqual(["b"]);
    expect(ids(best.condition)).toEqual(["b"]);
  });

  it("marks every car tied for the best, and none where all are the same or only one car has the fact", () => {
    const best = bestValues([
      car("a", { resalePrice: 8_000, mileageKm: null, priceRating: null }),
      car("b", { resalePrice: 8_000, mileageKm: null }),
      car("c", { mileageKm: 50_000, priceRating: null }),
    ]);
    expect(ids(best.price)).toEqual(["a", "b"]);
    expect(ids(best.year)).toEqual([]);
    expect(ids(best.mileage)).toEqual([]);
    expect(ids(best.priceRating)).toEqual([]);
  });

  it("leaves a sold car's price out", () => {
    const best = bestValues([car("a", { resalePrice: 5_000, isPaid: true }), car("b"), car("c", { resalePrice: 12_000 })]);
    expect(ids(best.price)).toEqual(["b"]);
  });
});
