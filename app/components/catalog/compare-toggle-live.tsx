import { Link } from "react-router";
import { compareUrl, MAX_COMPARED, toggleCompared } from "~/lib/catalog/compare";
import { localList } from "~/lib/shared/local-list";
import { showToast } from "../ui/toast";

/** The cars picked for comparing, in the browser (the compare page itself takes them from its URL). */
const compared = localList<string>("ar-compare", MAX_COMPARED);

/** Compare once the page runs JavaScript: a toggle that keeps up to four cars, and a link to them once this one is picked. */
export default function CompareToggleLive({ carId, carName }: { carId: string; carName: string }) {
  const ids = compared.useItems() ?? [];
  const picked = ids.includes(carId);
  return (
    <span className="compare-picked">
      <button
        type="button"
        aria-pressed={picked}
        aria-label={`Compare ${carName}`}
        className="compare-toggle"
        onClick={() => {
          if (!picked && ids.length >= MAX_COMPARED)
            return showToast({ type: "error", message: `You can compare up to ${MAX_COMPARED} cars: remove one first.` });
          compared.write(toggleCompared(ids, carId));
        }}
      >
        Compare
      </button>
      {picked && (
        <Link to={compareUrl(ids)} discover="none">
          {ids.length === 1 ? "Pick another to compare" : `See ${ids.length} side by side`}
        </Link>
      )}
    </span>
  );
}
