import { localList } from "./local-list";

/** A car as the "Recently viewed" row shows it (from the account, or kept in the browser). */
export interface RecentCar {
  _id: string;
  productName: string;
  image: string;
  resalePrice: number;
  isPaid: boolean;
}

/** A visitor's recently viewed cars when nobody is signed in: in the browser only, so cached pages stay the same for all. */
export const browserRecentCars = localList<RecentCar>("ar-recently-viewed", 8);

/** The list with this car first (once), the oldest falling off the end. */
export function withVisit(cars: readonly RecentCar[], car: RecentCar): RecentCar[] {
  return [car, ...cars.filter((other) => other._id !== car._id)];
}
