import { Link } from "react-router";
import { VERIFIED_SELLERS_PATH } from "~/lib/paths";

/** What the badge means, in the only terms that are true here: an admin verifies sellers in the dashboard. */
export const VERIFIED_MEANING = "Verified sellers have had their account reviewed and approved by an Auto Reseller admin.";

/**
 * The verified check with its words, and one line saying what verified means. `compact` (a car
 * card's seller line) is the check and its words in smaller type, without the explanation.
 */
export function VerifiedBadge({ explain = true, compact = false }: { explain?: boolean; compact?: boolean }) {
  const size = compact ? 16 : 20;
  return (
    <div className="flex flex-col gap-1">
      <p className={`inline-flex items-center gap-1 font-semibold text-brand-700 ${compact ? "text-caption" : ""}`}>
        <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" className="shrink-0">
          <path
            fill="currentColor"
            d="M12 1l3 2.2 3.7-.1 1.1 3.5 3 2.2-1.2 3.5 1.2 3.5-3 2.2-1.1 3.5-3.7-.1L12 23l-3-2.2-3.7.1-1.1-3.5-3-2.2L2.4 12 1.2 8.8l3-2.2 1.1-3.5 3.7.1z"
          />
          <path fill="none" stroke="white" strokeWidth="2.2" d="M7.5 12.5l3 3 6-6.5" />
        </svg>
        <Link to={VERIFIED_SELLERS_PATH} className="underline-offset-2 hover:underline">
          Verified seller
        </Link>
      </p>
      {explain && !compact && <p className="text-sm text-slate-600">{VERIFIED_MEANING}</p>}
    </div>
  );
}
