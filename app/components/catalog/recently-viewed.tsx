import { useEffect } from "react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/format";
import { PATHS, pathTo } from "~/lib/paths";
import { browserRecentCars, type RecentCar, withVisit } from "~/lib/recent-cars";

/**
 * "Recently viewed", on Home and car pages. `cars` comes from the account when someone is signed
 * in; null means nobody is, and then the list is the browser's own, shown after hydration (so the
 * page the edge cache keeps is the same for every visitor). `current`: the car whose page this is,
 * which an anonymous visit adds to the browser's list and which is never listed on its own page.
 */
export function RecentlyViewed({ cars, current }: { cars: RecentCar[] | null; current?: RecentCar }) {
  const inBrowser = browserRecentCars.useItems();
  const anonymous = cars === null;
  useEffect(() => {
    if (anonymous && current) browserRecentCars.write(withVisit(browserRecentCars.read(), current));
    // Once per car page visited (the car's other fields do not change the visit).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [anonymous, current?._id]);
  const shown = (cars ?? inBrowser ?? []).filter((car) => car._id !== current?._id).slice(0, 8);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed-heading">
      <h2 id="recently-viewed-heading" className="recent-heading">
        Recently viewed
      </h2>
      <ul className="recent-row">
        {shown.map((car) => (
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
