import { describe, expect, it } from "vitest";
import { candidatesByRule, chooseComparables, type ComparableFacts, comparableRules, distinctMakes } from "./comparables";

// The rules the price analysis applies in SQL, applied here in memory (the stored ratings' refresh).
// tests/integration/price-analysis.test.ts checks the two agree on the whole demo catalogue.

const car: ComparableFacts = {
  id: "car",
  make: "Toyota",
  model: "Corolla",
  categoryId: "sedans",
  purchaseYear: 2017,
  mileageKm: 60_000,
  createdAt: "2026-01-01T00:00:00.000Z",
};
let next = 0;
const other = (fields: Partial<ComparableFacts>): ComparableFacts => ({ ...car, id: `other-${++next}`, ...fields });
const choose = (cars: ComparableFacts[]) => chooseComparables(car, candidatesByRule([car, ...cars]));

describe("chooseComparables", () => {
  it("takes the same model, ignoring case, within 2 years and the mileage band, never the car itself", () => {
    const close = [other({ model: "COROLLA", purchaseYear: 2015 }), other({ purchaseYear: 2019, mileageKm: 84_000 }), other({})];
    const outside = [other({ purchaseYear: 2014 }), other({ mileageKm: 85_000 }), other({ mileageKm: null }), other({ model: "Axio" })];
    const chosen = choose([...outside, ...close])!;
    expect(chosen.rule.model).toBe("Corolla");
    expect(chosen.comparables.map((comparable) => comparable.id).sort()).toEqual(close.map((comparable) => comparable.id).sort());
  });

  it("widens to the same model within 4 years, mileage aside, only when fewer than 3 are close; never another model of the make", () => {
    const close = [other({}), other({})];
    const wider = [other({ purchaseYear: 2013 }), other({ mileageKm: 300_000 })];
    const otherModels = [other({ model: "RAV4" }), other({ model: "Harrier" }), other({ model: null }), other({ model: "Axio" })];
    const chosen = choose([...close, ...wider, ...otherModels, other({ purchaseYear: 2012 })])!;
    expect(chosen.rule).toEqual({ model: "Corolla", years: [2013, 2021], mileage: null });
    expect(chosen.comparables.map((comparable) => comparable.id).sort()).toEqual(
      [...close, ...wider].map((comparable) => comparable.id).sort(),
    );
    expect(choose([...close, other({})])!.rule.years).toEqual([2015, 2019]);
    // Four cars of the same make and category, none of the model: nothing to compare with.
    expect(choose(otherModels)!.comparables).toEqual([]);
  });

  it("keeps the 50 closest by year, then the newest, then by id", () => {
    const older = Array.from({ length: 30 }, () => other({ purchaseYear: 2015 }));
    const same = Array.from({ length: 30 }, (_, i) => other({ createdAt: `2026-02-${String(i + 1).padStart(2, "0")}T00:00:00.000Z` }));
    const chosen = choose([...older, ...same])!.comparables;
    expect(chosen).toHaveLength(50);
    expect(chosen.slice(0, 30)).toEqual(same.toReversed());
    expect(chosen.slice(30).map((comparable) => comparable.id)).toEqual(
      older
        .map((comparable) => comparable.id)
        .sort()
        .slice(0, 20),
    );
  });

  it("has nothing to go by without a make or a model", () => {
    expect(comparableRules({ ...car, make: null })).toEqual([]);
    expect(comparableRules({ ...car, model: null })).toEqual([]);
    expect(chooseComparables({ ...car, make: null }, () => [other({})])).toBeNull();
  });
});

describe("distinctMakes", () => {
  it("names each make once, ignoring case, without empty ones", () => {
    expect(distinctMakes(["Toyota", null, "TOYOTA", "", "Honda", undefined])).toEqual(["TOYOTA", "Honda"]);
  });
});
