/** A rating as five stars, filled up to it ("★★★★☆"), read by screen readers as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="tracking-wider text-warning-700">
      {"★".repeat(rating)}
      <span className="text-slate-400">{"☆".repeat(5 - rating)}</span>
    </span>
  );
}
