import { lazy, Suspense } from "react";
import { PATHS } from "~/lib/shared/paths";
import { useHydrated } from "~/lib/shared/use-hydrated";

// The toggle's code loads once the page has hydrated, not with every page of cards (Home's budget:
// for the same reason the link is written here rather than with ~/lib/catalog/compare).
const CompareToggleLive = lazy(() => import("./compare-toggle-live"));

/**
 * Compare on cards and car pages: in the server's HTML (and so without JavaScript) a plain link to
 * the compare page with this car; once the page runs JavaScript, a toggle that keeps up to four.
 */
export function CompareToggle({ carId, carName }: { carId: string; carName: string }) {
  const hydrated = useHydrated();
  const link = (
    <a href={`${PATHS.compare}?ids=${encodeURIComponent(carId)}`} className="compare-toggle" aria-label={`Compare ${carName}`}>
      Compare
    </a>
  );
  if (!hydrated) return link;
  return (
    <Suspense fallback={link}>
      <CompareToggleLive carId={carId} carName={carName} />
    </Suspense>
  );
}
