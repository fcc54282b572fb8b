import { Link } from "react-router";

/**
 * Previous / Next links for long lists; the page lives in the URL, so it works without JavaScript.
 * `href` builds a page's link where the list's page is not the URL's `?page=` (a second list on a page).
 */
export function SimplePager({
  page,
  totalPages,
  label,
  href = (target) => `?page=${target}`,
}: {
  page: number;
  totalPages: number;
  label: string;
  href?: (page: number) => string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className="inline-flex min-h-11 items-center rounded-lg border px-4 py-2 hover:bg-slate-50">
          Previous
        </Link>
      ) : (
        <span aria-hidden="true" className="px-4 py-2 text-slate-500">
          Previous
        </span>
      )}
      <span aria-current="page">
        Page {page} of {totalPages}
      </span>
      {page < totalPages ? (
        <Link to={href(page + 1)} className="inline-flex min-h-11 items-center rounded-lg border px-4 py-2 hover:bg-slate-50">
          Next
        </Link>
      ) : (
        <span aria-hidden="true" className="px-4 py-2 text-slate-500">
          Next
        </span>
      )}
    </nav>
  );
}
