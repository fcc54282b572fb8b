import { Link } from "react-router";
import { formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type RecentCar } from "~/lib/search/recent-cars";

/** The row of small tiles (nothing when there is no car to show). */
export function RecentCars({ cars }: { cars: RecentCar[] }) {
  if (cars.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading">
      <h2 id="recently-viewed-heading" className="recent-heading">
        Recently viewed
      </h2>
      <ul className="recent-row">
        {cars.slice(0, 8).map((car) => (
          <li key={car._id}>
            <Link to={pathTo(PATHS.car, { id: car._id })} discover="none" className="recent-car">
              <img src={car.image} alt="" width={160} height={100} loading="lazy" />
              <span>{car.productName}</span>
              <strong>{car.isPaid ? "Sold" : formatPrice(car.resalePrice)}</strong>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
