/** A rating as five stars, filled up to it ("★★★★☆"), read by screen readers as "4 out of 5 stars". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="stars">
      {"★".repeat(rating)}
      <span>{"☆".repeat(5 - rating)}</span>
    </span>
  );
}
