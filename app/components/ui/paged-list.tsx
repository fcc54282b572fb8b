import { Link, useLocation } from "react-router";
import { pagerItems } from "~/lib/pager";

/** The URL for the same list with some query values changed (state lives in the URL). */
export function useListHref() {
  const location = useLocation();
  return (changes: Record<string, string | number>) => {
    const params = new URLSearchParams(location.search);
    params.delete("confirm");
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    return `${location.pathname}?${params}`;
  };
}

/** Previous, page numbers (2 margin pages, 5 in range) and Next, as links that keep the sort. */
export function Pager({ page, totalPages, label }: { page: number; totalPages: number; label: string }) {
  const href = useListHref();
  if (totalPages <= 1) return null;
  const linkClass = "flex h-10 min-w-10 items-center justify-center rounded-lg border border-slate-300 px-3 hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={href({ page: page - 1 })} className={linkClass}>
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} text-slate-500`}>
              Previous
            </span>
          )}
        </li>
        {pagerItems(page, totalPages).map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className="px-2">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                to={href({ page: item.page })}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Page ${item.page}`}
                className={`${linkClass} ${item.page === page ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-900" : ""}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={href({ page: page + 1 })} className={linkClass}>
              Next
            </Link>
          ) : (
            <span aria-disabled="true" className={`${linkClass} text-slate-500`}>
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** A link that opens the "Are you sure?" step for one row, keeping the list where it is. */
export function ConfirmLink({
  id,
  intent,
  label,
  className,
  children,
}: {
  id: string;
  intent: string;
  label: string;
  className: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set("confirm", `${intent}:${id}`);
  return (
    <Link to={`${location.pathname}?${params}`} preventScrollReset aria-label={label} className={className}>
      {children}
    </Link>
  );
}

/** The row and intent that `?confirm=intent:id` asks about, if it names a row of this page. */
export function confirmTarget<Row extends { _id: string }>(url: string, rows: Row[], intents: string[]) {
  const [intent, id] = (new URL(url).searchParams.get("confirm") ?? "").split(":");
  const row = rows.find((candidate) => candidate._id === id);
  return row && intents.includes(intent) ? { intent, row } : null;
}
