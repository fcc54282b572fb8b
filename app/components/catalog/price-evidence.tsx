import { Suspense } from "react";
import { Await, Link } from "react-router";
import { PriceRatingBadge } from "~/components/catalog/price-rating-badge";
import { mileageWords } from "~/lib/catalog/car-listing";
import { formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type PriceAnalysis } from "~/lib/schemas/types";

/**
 * A car's "Why this rating" panel (decision record 17): the estimate, the cars it was made from as
 * links, and how they were chosen. The analysis streams in after the rest of the page (deferred
 * data: the same response, without JavaScript too); until then the panel says it is on its way.
 */
export function PriceEvidence({ analysis, price, className }: { analysis: Promise<PriceAnalysis>; price: number; className: string }) {
  return (
    <section id="price-rating" aria-labelledby="price-rating-heading" className={`${className} flex flex-col gap-3`}>
      <h2 id="price-rating-heading" className="text-heading">
        Why this rating
      </h2>
      <Suspense fallback={<p className="text-ink-muted">Comparing this car with similar ones…</p>}>
        <Await resolve={analysis} errorElement={<p>The price comparison could not be loaded. Reload the page to try again.</p>}>
          {(answer) => <Evidence analysis={answer} price={price} />}
        </Await>
      </Suspense>
    </section>
  );
}

function Evidence({ analysis, price }: { analysis: PriceAnalysis; price: number }) {
  const { rating, estimate, comparables, basis } = analysis;
  return (
    <>
      {rating === "unknown" || estimate === null ? (
        <p>There is no price rating for this car: too few similar cars to compare it with.</p>
      ) : (
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <PriceRatingBadge rating={rating} />
            <span>
              Fair price estimate: <span className="font-semibold tabular-nums">{formatPrice(estimate)}</span>
            </span>
          </p>
          <p className="text-ink-muted">{distanceInWords(price, estimate)}</p>
        </div>
      )}
      <p>{basis}</p>
      {comparables.length > 0 && (
        <ul className="flex flex-col divide-y divide-line text-caption">
          {comparables.map((car) => (
            <li key={car._id} className="flex flex-wrap justify-between gap-x-4 py-1.5">
              <Link
                to={pathTo(PATHS.car, { id: car._id })}
                className="min-w-0 break-words font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {car.productName}
              </Link>
              <span className="tabular-nums">
                {[car.purchaseYear, mileageWords(car.mileageKm)].filter(Boolean).join(" · ")} ·{" "}
                <span className="font-semibold">
                  {car.isPaid ? `Sold for ${formatPrice(car.resalePrice)}` : formatPrice(car.resalePrice)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** "This car's price is 12 % under the estimate." */
function distanceInWords(price: number, estimate: number): string {
  const percent = Math.round((price / estimate - 1) * 100);
  if (percent === 0) return "This car's price is at the estimate.";
  return `This car's price is ${Math.abs(percent)} % ${percent < 0 ? "under" : "over"} the estimate.`;
}
