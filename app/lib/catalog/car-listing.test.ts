import { describe, expect, it } from "vitest";
import { carSummary, dropSentence, latestDrop, priceChanges } from "./car-listing";
import { type Car } from "../schemas/types";

const history = (...prices: number[]) =>
  prices.map((price, day) => ({ price, changedAt: `2026-11-${String(day + 10).padStart(2, "0")}T08:00:00.000Z` }));

describe("price changes", () => {
  it("give each asking price its change against the one before, the first none", () => {
    expect(priceChanges(history(19000, 18700, 18900)).map((entry) => entry.change)).toEqual([null, -300, 200]);
  });

  it("announce the latest change only when it lowered the price", () => {
    expect(latestDrop(priceChanges(history(19000)))).toBeNull();
    expect(latestDrop(priceChanges(history(19000, 18000, 18500)))).toBeNull();
    const drop = latestDrop(priceChanges(history(19000, 18700, 17500)))!;
    expect(dropSentence(drop)).toBe("Price dropped $1,200 on 2026-11-12");
  });
});

describe("a car's summary", () => {
  const car = {
    productName: "Toyota Corolla 2017",
    location: "Dhaka",
    resalePrice: 17500,
    purchaseYear: 2017,
    mileageKm: 85000,
    transmission: "automatic",
    fuel: "petrol",
    condition: "Good",
    isPaid: false,
  } as Car;

  it("names the price, the place and the facts, within 160 characters", () => {
    expect(carSummary(car)).toBe(
      "Used Toyota Corolla 2017 in Dhaka for $17,500: bought 2017, 85,000 km, automatic, petrol, good condition. Book it on Auto Reseller.",
    );
    expect(carSummary({ ...car, productName: "X".repeat(200) }).length).toBe(160);
  });

  it("says a sold car is sold and asks no one to book it", () => {
    expect(carSummary({ ...car, isPaid: true })).toBe(
      "Toyota Corolla 2017, bought 2017, 85,000 km, automatic, petrol, good condition: sold on Auto Reseller.",
    );
  });
});
