import { type SellerRating } from "~/lib/schemas/types";

/**
 * A seller's average rating and review count ("★ 4.6 · 12 reviews"), read the same by screen readers
 * ("4.6 out of 5, 12 reviews"): the star and the dot are app.css's `.seller-rating`. With no reviews
 * it shows `empty` (nothing by default, as on cards).
 */
export function SellerRatingSummary({ rating, empty = null }: { rating: SellerRating; empty?: React.ReactNode }) {
  if (rating.average === null) return empty;
  return (
    <span className="seller-rating">
      <b>{rating.average.toFixed(1)}</b>
      <span className="sr-only">out of 5,</span>
      <span>{rating.count === 1 ? "1 review" : `${rating.count} reviews`}</span>
    </span>
  );
}
