// The fair-price estimate behind a car's price rating (decision record 17): the median of its
// comparables' prices, each first adjusted to the car's own year and mileage.

export const PRICE_RATINGS = ["great", "good", "fair", "high"] as const;
export type PriceRating = (typeof PRICE_RATINGS)[number];

/** A car priced, as the estimate sees it: sold cars at the price they sold for. */
export interface PricedCar {
  price: number;
  purchaseYear: number;
  mileageKm: number | null;
}

/** The price a comparable counts at: a sold one's sale here (its payment, in cents), else its asking price. */
export function countedPrice(car: { resalePrice: number; isPaid: boolean }, saleCents: number | null | undefined): number {
  return car.isPaid && saleCents ? saleCents / 100 : car.resalePrice;
}

/** Fewer comparables than this: no estimate, the rating is "unknown". */
export const MIN_COMPARABLES = 3;

// A car a year newer is worth this much more (and one older this much less), compounded.
const YEARLY_DEPRECIATION = 0.08;
// Each 10,000 km fewer is worth this share more; the whole mileage adjustment stays within ±20%.
const PER_10000_KM = 0.02;
const MILEAGE_ADJUSTMENT_LIMIT = 0.2;

/**
 * The ratings by the car's price ÷ the estimate: at most 0.90 "great", at most 0.97 "good", at
 * most 1.08 "fair", above that "high". A car at the estimate is fair; 15 % under, great; 15 % over, high.
 */
const RATING_BANDS: [number, PriceRating][] = [
  [0.9, "great"],
  [0.97, "good"],
  [1.08, "fair"],
];

/** A comparable's price as if it were the car's own year and mileage. */
export function adjustedPrice(comparable: PricedCar, car: Omit<PricedCar, "price">): number {
  const byYear = comparable.price * (1 + YEARLY_DEPRECIATION) ** (car.purchaseYear - comparable.purchaseYear);
  if (car.mileageKm === null || comparable.mileageKm === null) return byYear;
  const share = ((comparable.mileageKm - car.mileageKm) / 10_000) * PER_10000_KM;
  return byYear * (1 + Math.max(-MILEAGE_ADJUSTMENT_LIMIT, Math.min(MILEAGE_ADJUSTMENT_LIMIT, share)));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The fair price, rounded to whole dollars; null under MIN_COMPARABLES comparables. */
export function estimatePrice(car: Omit<PricedCar, "price">, comparables: PricedCar[]): number | null {
  if (comparables.length < MIN_COMPARABLES) return null;
  return Math.round(median(comparables.map((comparable) => adjustedPrice(comparable, car))));
}

export function rateAgainst(price: number, estimate: number): PriceRating {
  const ratio = price / estimate;
  return RATING_BANDS.find(([limit]) => ratio <= limit)?.[1] ?? "high";
}
