import { useEffect } from "react";
import { localList } from "~/lib/shared/local-list";
import { type RecentCar } from "~/lib/search/recent-cars";
import { RecentCars } from "./recent-cars-row";

/** A visitor's recently viewed cars when nobody is signed in: in the browser only, so cached pages stay the same for all. */
const browserRecentCars = localList<RecentCar>("ar-recently-viewed", 8);

/** A visitor's recently viewed cars, from the browser; a car page's visit is added to them, first and once. */
export default function BrowserRecentlyViewed({ current }: { current?: RecentCar }) {
  const cars = browserRecentCars.useItems() ?? [];
  useEffect(() => {
    if (!current) return;
    // Only what the row shows is kept (the car page has much more).
    const { _id, productName: carName, image, resalePrice, isPaid } = current;
    const others = browserRecentCars.read().filter((car) => car._id !== _id);
    browserRecentCars.write([{ _id, productName: carName, image, resalePrice, isPaid }, ...others]);
  }, [current]);
  return <RecentCars cars={cars.filter((car) => car._id !== current?._id)} />;
}
