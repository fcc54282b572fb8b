import { describe, expect, it } from "vitest";
import { adjustedPrice, estimatePrice, rateAgainst } from "./price-rating";

const car = { purchaseYear: 2017, mileageKm: 60_000 };
const same = (price: number) => ({ price, purchaseYear: 2017, mileageKm: 60_000 });

describe("estimatePrice", () => {
  it("is the median of comparables like the car", () => {
    expect(estimatePrice(car, [same(9000), same(10_000), same(30_000)])).toBe(10_000);
    expect(estimatePrice(car, [same(9000), same(10_000), same(11_000), same(12_000)])).toBe(10_500);
  });

  it("needs at least 3 comparables", () => {
    expect(estimatePrice(car, [same(9000), same(10_000)])).toBeNull();
    expect(estimatePrice(car, [])).toBeNull();
  });

  it("counts sold cars at the price they sold for, like any other", () => {
    // The caller passes a sold car's sale price; nothing else tells them apart.
    expect(estimatePrice(car, [same(8000), same(8200), same(20_000)])).toBe(8200);
  });
});

describe("adjustedPrice", () => {
  it("raises an older comparable's price to the car's year and lowers a newer one's", () => {
    expect(adjustedPrice({ price: 10_000, purchaseYear: 2016, mileageKm: null }, car)).toBeCloseTo(10_800);
    expect(adjustedPrice({ price: 10_800, purchaseYear: 2018, mileageKm: null }, car)).toBeCloseTo(10_000);
  });

  it("raises a comparable that has run further (2 % per 10,000 km), within ±20 %", () => {
    expect(adjustedPrice({ price: 10_000, purchaseYear: 2017, mileageKm: 80_000 }, car)).toBeCloseTo(10_400);
    expect(adjustedPrice({ price: 10_000, purchaseYear: 2017, mileageKm: 40_000 }, car)).toBeCloseTo(9600);
    expect(adjustedPrice({ price: 10_000, purchaseYear: 2017, mileageKm: 900_000 }, car)).toBeCloseTo(12_000);
  });

  it("leaves mileage out when either car's is unknown", () => {
    expect(adjustedPrice({ price: 10_000, purchaseYear: 2017, mileageKm: 200_000 }, { ...car, mileageKm: null })).toBe(10_000);
  });
});

describe("rateAgainst", () => {
  it.each([
    [10_000, "fair"],
    [8500, "great"],
    [9000, "great"],
    [9500, "good"],
    [10_800, "fair"],
    [11_500, "high"],
  ] as const)("rates %i against an estimate of 10,000 as %s", (price, rating) => {
    expect(rateAgainst(price, 10_000)).toBe(rating);
  });
});
