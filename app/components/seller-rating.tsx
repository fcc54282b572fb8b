import { type SellerRating } from "~/lib/types";

/**
 * A seller's average rating and review count ("★ 4.6 · 12 reviews"), read the same by screen readers
 * ("4.6 out of 5, 12 reviews"). With no reviews it shows `empty` (nothing by default, as on cards).
 */
export function SellerRatingSummary({ rating, empty = null }: { rating: SellerRating; empty?: React.ReactNode }) {
  if (rating.average === null) return empty;
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <span aria-hidden="true" className="text-warning-700">
        ★
      </span>
      <span className="font-semibold">{rating.average.toFixed(1)}</span>
      <span className="sr-only">out of 5,</span>
      <span className="text-slate-600">
        <span aria-hidden="true">· </span>
        {rating.count === 1 ? "1 review" : `${rating.count} reviews`}
      </span>
    </span>
  );
}
