import { Link, useLocation } from "react-router";
import { type PagerItem, pagerItems } from "~/lib/shared/pager";

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
  return (
    <PageLinks
      page={page}
      label={label}
      pages={totalPages > 1 ? pagerItems(page, totalPages) : []}
      totalPages={totalPages}
      href={(target) => href({ page: target })}
      previous={page > 1 ? href({ page: page - 1 }) : undefined}
      next={page < totalPages ? href({ page: page + 1 }) : undefined}
    />
  );
}

// 44 px: a finger's tap target.
const linkClass = "flex h-11 min-w-11 items-center justify-center rounded-lg border border-slate-300 px-3 hover:bg-slate-50";

/**
 * A pager's links: Previous, the numbered pages given, Next (each absent when there is none). On
 * phones the numbers give way to "Page n of m", so the pager stays one line at 360 px.
 */
export function PageLinks({
  page,
  label,
  pages,
  totalPages,
  href,
  previous,
  next,
}: {
  page: number;
  label: string;
  pages: PagerItem[];
  totalPages: number;
  href: (page: number) => string;
  previous: string | undefined;
  next: string | undefined;
}) {
  if (!previous && !next) return null;
  const step = (to: string | undefined, text: string) =>
    to ? (
      <Link to={to} className={linkClass}>
        {text}
      </Link>
    ) : (
      <span aria-disabled="true" className={`${linkClass} text-slate-500`}>
        {text}
      </span>
    );
  return (
    <nav aria-label={label} className="mt-6">
      <ul className="flex items-center justify-between gap-2 sm:flex-wrap sm:justify-start">
        <li>{step(previous, "Previous")}</li>
        <li className="text-center sm:hidden">{totalPages > 0 ? `Page ${page} of ${totalPages}` : `Page ${page}`}</li>
        {pages.map((item) =>
          item.kind === "gap" ? (
            <li key={item.key} aria-hidden="true" className="hidden px-2 sm:block">
              …
            </li>
          ) : (
            <li key={item.page} className="hidden sm:block">
              <Link
                to={href(item.page)}
                aria-current={item.page === page ? "page" : undefined}
                aria-label={`Page ${item.page}`}
                className={`${linkClass} ${item.page === page ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-900" : ""}`}
              >
                {item.page}
              </Link>
            </li>
          ),
        )}
        <li>{step(next, "Next")}</li>
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
