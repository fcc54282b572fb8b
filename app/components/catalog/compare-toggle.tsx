import { Link } from "react-router";
import { compareUrl, MAX_COMPARED, toggleCompared } from "~/lib/compare";
import { localList } from "~/lib/local-list";
import { showToast } from "../ui/toast";

/** The cars picked for comparing, in the browser (the compare page itself takes them from its URL). */
const compared = localList<string>("ar-compare", MAX_COMPARED);

/**
 * Compare on cards, car pages and favourites: without JavaScript (and until the page hydrates) a
 * link to the compare page with this car; with it, a toggle that keeps up to four cars in the
 * browser and, once this car is picked, a link to all of them side by side.
 */
export function CompareToggle({ productId, productName }: { productId: string; productName: string }) {
  const ids = compared.useItems();
  if (!ids)
    return (
      <Link to={compareUrl([productId])} discover="none" className="compare-toggle" aria-label={`Compare ${productName}`}>
        Compare
      </Link>
    );
  const picked = ids.includes(productId);
  return (
    <span className="compare-picked">
      <button
        type="button"
        aria-pressed={picked}
        aria-label={`Compare ${productName}`}
        className="compare-toggle"
        onClick={() => {
          if (!picked && ids.length >= MAX_COMPARED)
            return showToast({ type: "error", message: `You can compare up to ${MAX_COMPARED} cars: remove one first.` });
          compared.write(toggleCompared(ids, productId));
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
