import { Link } from "react-router";
import { FavouriteButton } from "~/components/search/favourite-button";
import { CompareToggle } from "~/components/catalog/compare-toggle";
import { PriceRatingBadge } from "~/components/catalog/price-rating-badge";
import { VerifiedBadge } from "~/components/catalog/seller-badge";
import { SellerRatingSummary } from "~/components/catalog/seller-rating";
import { ChipList } from "~/components/ui/chip";
import { formatMileage, formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { photoSources } from "~/lib/shared/photo";
import { type CarCardData } from "~/lib/catalog/car-card-data";
import { postedDate, yearsUsed } from "~/lib/catalog/car-derived";

/**
 * A car for sale (spec point 2), photo first: the photo, the price, its facts as chips, then the
 * spec's other card fields and the seller. `actions` holds Book Now and the More actions menu;
 * `saved` is whether the signed-in user saved it (the heart), from the page's loader. `sizes` is
 * the photo's width in the page's grid, so a narrow slot takes the small copy; `eager` fetches the
 * photo at once and first (the first visible card), the others when scrolled near. Its looks are
 * app.css's .car-card classes, so Home's JavaScript carries their names rather than their lists.
 */
export function CarCard({
  car,
  now,
  sizes,
  eager = false,
  saved = false,
  actions,
}: {
  car: CarCardData;
  now: Date;
  sizes: string;
  eager?: boolean;
  saved?: boolean;
  actions?: React.ReactNode;
}) {
  const carPage = pathTo(PATHS.car, { id: car._id });
  const chips = [
    { label: "Year", value: car.purchaseYear },
    ...(car.mileageKm === null ? [] : [{ label: "Mileage", value: formatMileage(car.mileageKm) }]),
    { label: "Location", value: car.location },
    { label: "Condition", value: car.condition },
  ];
  return (
    <article aria-labelledby={`product-${car._id}`} className="card car-card">
      {/* The title is the card's one link for keyboards and screen readers (and for React Router's route
          discovery); the photo repeats it for pointers. */}
      <Link to={carPage} aria-hidden="true" tabIndex={-1} discover="none" className="car-card-photo">
        <img
          {...photoSources(car.photo)}
          sizes={sizes}
          alt={`Photo of ${car.productName}`}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
        />
      </Link>
      <div className="car-card-body">
        <div className="car-card-title">
          <h3 id={`product-${car._id}`}>
            <Link to={carPage}>{car.productName}</Link>
          </h3>
          <FavouriteButton carId={car._id} carName={car.productName} saved={saved} />
        </div>
        <div className="car-card-price">
          <p>
            <span className="sr-only">Resale price </span>
            {formatPrice(car.resalePrice)}
          </p>
          {/* What it cost new, not a discount: never struck through. */}
          <p className="car-card-new">{`Price new ${formatPrice(car.originalPrice)}`}</p>
          <PriceRatingBadge rating={car.priceRating} />
        </div>
        <ChipList chips={chips} />
        <p className="car-card-overview">{car.overview}</p>
        <dl className="car-card-facts">
          <dt>Contact</dt>
          <dd>
            <a href={`tel:${car.mobile.replace(/[^\d+]/g, "")}`}>{car.mobile}</a>
          </dd>
          <dt>Years used</dt>
          <dd>{yearsUsed(car.purchaseYear, now)}</dd>
          <dt>Posted</dt>
          <dd>
            <time dateTime={car.createdDate}>{postedDate(car.createdDate)}</time>
          </dd>
        </dl>
        <div className="car-card-seller">
          <p>
            Seller: <strong>{car.seller}</strong>
          </p>
          {car.sellerVerified && <VerifiedBadge compact />}
          <SellerRatingSummary rating={car.sellerRating} />
        </div>
        <CompareToggle carId={car._id} carName={car.productName} />
        {actions && <div className="car-card-actions">{actions}</div>}
      </div>
    </article>
  );
}
