import { PATHS } from "../shared/paths";
import { PRICE_RATINGS } from "./price-rating";
import { CONDITIONS } from "../schemas/catalog";
import { type Car } from "../schemas/types";

// Comparing cars side by side: the cars' ids travel in the URL (/compare?ids=a,b,c), so a
// comparison is a link anyone can keep or share, and the page needs no state of its own.

export const MAX_COMPARED = 4;

/**
 * The ids a compare URL names, in order and once each: `ids=a,b` and repeated `ids=a&ids=b` (what a
 * GET form of checkboxes sends) alike. `tooMany`: more than four were named (the first four are kept).
 */
export function comparedIds(params: URLSearchParams): { ids: string[]; tooMany: boolean } {
  const named = [
    ...new Set(
      params
        .getAll("ids")
        .flatMap((value) => value.split(","))
        .map((id) => id.trim()),
    ),
  ].filter(Boolean);
  return { ids: named.slice(0, MAX_COMPARED), tooMany: named.length > MAX_COMPARED };
}

/** The compare page for these cars (the page itself when none). */
export function compareUrl(ids: readonly string[]): string {
  return ids.length === 0 ? PATHS.compare : `${PATHS.compare}?ids=${ids.map(encodeURIComponent).join(",")}`;
}

/** The ids with this car added (at the end) or taken out, whichever it is not now. */
export function toggleCompared(ids: readonly string[], id: string): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id];
}

/** The facts a comparison marks the best of, each scored so that more is better (null: nothing to score). */
const SCORES = {
  price: (car) => (car.isPaid ? null : -car.resalePrice),
  priceRating: (car) => (car.priceRating ? -PRICE_RATINGS.indexOf(car.priceRating) : null),
  year: (car) => car.purchaseYear,
  mileage: (car) => (car.mileageKm === null ? null : -car.mileageKm),
  condition: (car) => {
    const rank = (CONDITIONS as readonly string[]).indexOf(car.condition);
    return rank < 0 ? null : -rank;
  },
} satisfies Record<string, (car: ComparedCar) => number | null>;

export type ComparedFact = keyof typeof SCORES;
type ComparedCar = Pick<Car, "_id" | "isPaid" | "resalePrice" | "priceRating" | "purchaseYear" | "mileageKm" | "condition">;

/**
 * For each fact, the ids of the cars with its best value (the lowest price, the best price rating,
 * the newest year, the lowest mileage, the best condition), ties all included. A sold car has no
 * price to compare. Nothing is marked where fewer than two cars have the fact or all have the same
 * value: none stands out.
 */
export function bestValues(cars: readonly ComparedCar[]): Record<ComparedFact, Set<string>> {
  const best = (score: (car: ComparedCar) => number | null) => {
    const scored = cars.flatMap((car) => {
      const value = score(car);
      return value === null ? [] : [{ id: car._id, value }];
    });
    const top = Math.max(...scored.map((entry) => entry.value));
    if (scored.length < 2 || scored.every((entry) => entry.value === top)) return new Set<string>();
    return new Set(scored.filter((entry) => entry.value === top).map((entry) => entry.id));
  };
  return Object.fromEntries(Object.entries(SCORES).map(([fact, score]) => [fact, best(score)])) as Record<ComparedFact, Set<string>>;
}
