import { Link } from "react-router";
import { VERIFIED_SELLERS_PATH } from "~/lib/shared/paths";

/** What the badge means, in the only terms that are true here: an admin verifies sellers in the dashboard. */
export const VERIFIED_MEANING = "Verified sellers have had their account reviewed and approved by an Auto Reseller admin.";

/**
 * The verified check with its words (the check is app.css's `.verified-badge`), and one line saying
 * what verified means. `compact` (a car card's seller line) is the check and its words in smaller
 * type, without the explanation.
 */
export function VerifiedBadge({ compact = false }: { compact?: boolean }) {
  const badge = (
    <p className={compact ? "verified-badge verified-badge-compact" : "verified-badge"}>
      <Link to={VERIFIED_SELLERS_PATH}>Verified seller</Link>
    </p>
  );
  if (compact) return badge;
  return (
    <div className="flex flex-col gap-1">
      {badge}
      <p className="text-sm text-slate-600">{VERIFIED_MEANING}</p>
    </div>
  );
}
