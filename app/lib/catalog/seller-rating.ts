import { type SellerRating } from "../schemas/types";

/** A seller's rating from the count and sum the database keeps: the average to one decimal, null with no reviews. */
export function sellerRating(count: number, total: number): SellerRating {
  return { average: count > 0 ? Math.round((total / count) * 10) / 10 : null, count };
}
