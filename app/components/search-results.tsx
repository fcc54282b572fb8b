import { Link } from "react-router";
import { type PageFilter, filterLabel, searchHref } from "~/lib/search-params";
import { type SearchState } from "./search-filters";

const boxClass = "rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg";
const linkClass = "font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900";

/**
 * What a search page says when it shows no cars: nothing for sale at all (`nothingForSale`), a
 * page past the last one, or which filter to loosen and how many cars that would give.
 */
export function EmptySearch({
  state,
  advice,
  nothingForSale,
}: {
  state: SearchState;
  advice: { filter: PageFilter; total: number } | null;
  nothingForSale?: string;
}) {
  const { path, query, fixed, total, categories } = state;
  if (total > 0)
    return (
      <p className={boxClass}>
        This page is past the last one.{" "}
        <Link to={searchHref(path, query, { page: undefined }, fixed)} className={linkClass}>
          Back to the first page
        </Link>
      </p>
    );
  if (nothingForSale) return <p className={boxClass}>{nothingForSale}</p>;
  if (!advice)
    return (
      <p className={boxClass}>
        No cars match these filters, and removing any one of them is not enough.{" "}
        <Link to={searchHref(path, { sort: query.sort, page: 1, limit: query.limit }, {}, fixed)} className={linkClass}>
          Clear all filters
        </Link>
      </p>
    );
  const label = filterLabel(advice.filter, query, (id) => categories.find((category) => category._id === id)?.categoryName);
  return (
    <div className={boxClass}>
      <p>{`No cars match. Try removing “${label}” — ${advice.total.toLocaleString("en-US")} ${advice.total === 1 ? "car" : "cars"} without it.`}</p>
      <p className="mt-4">
        <Link to={searchHref(path, query, { [advice.filter]: undefined, page: undefined }, fixed)} className={linkClass}>
          {`Remove ${label}`}
        </Link>
      </p>
    </div>
  );
}
