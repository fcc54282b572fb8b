import { Link } from "react-router";

/** Previous / Next links for long lists; the page lives in the URL, so it works without JavaScript. */
export function SimplePager({ page, totalPages, label }: { page: number; totalPages: number; label: string }) {
  if (totalPages <= 1) return null;
  const href = (target: number) => `?page=${target}`;
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={href(page - 1)} className="rounded-lg border px-4 py-2 hover:bg-slate-50">
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
        <Link to={href(page + 1)} className="rounded-lg border px-4 py-2 hover:bg-slate-50">
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
