import { lazy, Suspense } from "react";
import { type RecentCar } from "~/lib/search/recent-cars";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { RecentCars } from "./recent-cars-row";

// A visitor's list lives in the browser: its code loads after hydration, not with the page.
const BrowserRecentlyViewed = lazy(() => import("./browser-recently-viewed"));

/**
 * "Recently viewed", on Home and car pages. `cars` comes from the account when someone is signed
 * in; null means nobody is, and then the list is the browser's own, shown after hydration (so the
 * page the edge cache keeps is the same for every visitor); undefined, that a signed-in visitor's
 * list is on its way (app/lib/site/personal-page-data.tsx), and nothing is shown meanwhile. `current`: the car whose page this is
 * (an anonymous visit adds it to the browser's list; it is never listed on its own page).
 */
export function RecentlyViewed({ cars, current }: { cars: RecentCar[] | null | undefined; current?: RecentCar }) {
  const hydrated = useHydrated();
  if (cars === undefined) return null;
  if (cars) return <RecentCars cars={cars.filter((car) => car._id !== current?._id)} />;
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <BrowserRecentlyViewed current={current} />
    </Suspense>
  );
}
