import { Link } from "react-router";
import { formatCars } from "~/lib/shared/format";
import { type PagerItem } from "~/lib/shared/pager";
import { PageLinks } from "../ui/paged-list";
import { type PageFilter, activeFilters, filterLabel, searchHref } from "~/lib/search/search-params";
import { encodeCursor, type Facet, type SearchQuery } from "~/lib/schemas/search";
import { type Category } from "~/lib/schemas/types";

export interface SearchState {
  /** The page the form submits to (/cars, or a category's page). */
  path: string;
  query: SearchQuery;
  facets: Record<Facet, { value: string; count: number }[]>;
  categories: Category[];
  /** Filters the path itself fixes (a category page's category): neither in the form nor in chips. */
  fixed: readonly PageFilter[];
  total: number;
  /** When `total` and `facets` were counted (they may lag the cars shown by up to a minute). */
  facetsAsOf: string;
}

/** Pages a search's pager links to by number: the first few, which an offset reaches cheaply. */
const NUMBERED_PAGES = 5;

/**
 * A search's pages: Previous and Next by cursor (decision record 22), so a deep page starts where the
 * last one ended instead of skipping every car before it; numbered links to the first few pages, and
 * the current one when it is deeper (it stays as it is).
 */
export function SearchPager({
  state,
  totalPages,
  nextCursor,
  previousCursor,
  label,
}: {
  state: Pick<SearchState, "path" | "query" | "fixed">;
  totalPages: number;
  nextCursor: string | null;
  previousCursor: string | null;
  label: string;
}) {
  const { path, query, fixed } = state;
  const href = (changes: Parameters<typeof searchHref>[2]) => searchHref(path, query, changes, fixed);
  const numbered: PagerItem[] = Array.from({ length: Math.min(totalPages, NUMBERED_PAGES) }, (_, index) => ({
    kind: "page",
    page: index + 1,
  }));
  if (query.page > NUMBERED_PAGES) numbered.push({ kind: "gap", key: "deep" }, { kind: "page", page: query.page });
  const previous =
    query.page <= 1
      ? undefined
      : query.page === 2 || !previousCursor
        ? href({ page: query.page - 1 })
        : href({ page: query.page - 1, before: previousCursor });
  // The current page's own link is this very page, cursor and all.
  const here = href({
    page: query.page,
    after: query.after && encodeCursor(query.after),
    before: query.before && encodeCursor(query.before),
  });
  return (
    <PageLinks
      page={query.page}
      label={label}
      pages={totalPages > 1 ? numbered : []}
      totalPages={totalPages}
      href={(page) => (page === query.page ? here : href({ page }))}
      previous={previous}
      next={nextCursor ? href({ page: query.page + 1, after: nextCursor }) : undefined}
    />
  );
}

/** The number of results, where focus goes when the chip that had it goes away. */
export const RESULT_COUNT_ID = "search-result-count";

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
      <p>{`No cars match. Try removing “${label}” — ${formatCars(advice.total)} without it.`}</p>
      <p className="mt-4">
        <Link to={searchHref(path, query, { [advice.filter]: undefined, page: undefined }, fixed)} className={linkClass}>
          {`Remove ${label}`}
        </Link>
      </p>
    </div>
  );
}

/** One link per filter in use that removes it (keeping the rest), and "Clear all". */
export function FilterChips({ state }: { state: SearchState }) {
  const { path, query, fixed, categories } = state;
  const inUse = activeFilters(query, fixed);
  const categoryName = (id: string) => categories.find((category) => category._id === id)?.categoryName;
  if (inUse.length === 0) return null;
  return (
    <ul aria-label="Filters in use" className="flex flex-wrap gap-2">
      {inUse.map((key) => {
        const label = filterLabel(key, query, categoryName);
        return (
          <li key={key}>
            <Link
              to={searchHref(path, query, { [key]: undefined, page: undefined }, fixed)}
              preventScrollReset
              onClick={() => document.getElementById(RESULT_COUNT_ID)?.focus()}
              aria-label={`Remove filter: ${label}`}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border border-brand-700 bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900 hover:bg-brand-100"
            >
              <span className="break-all">{label}</span>
              <span aria-hidden="true">×</span>
            </Link>
          </li>
        );
      })}
      <li>
        <Link
          to={searchHref(path, { ...query, ...Object.fromEntries(inUse.map((key) => [key, undefined])) }, { page: undefined }, fixed)}
          preventScrollReset
          className="inline-flex min-h-11 items-center rounded-full px-3 py-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:bg-brand-50"
        >
          Clear all
        </Link>
      </li>
    </ul>
  );
}
