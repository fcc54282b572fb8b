import { Form, Link } from "react-router";
import { MY_CARS_SORTS, MY_CARS_STATUSES, type MyCarsQuery, SORT_WORDS, STATUS_WORDS } from "~/lib/schemas/catalog";
import { buttonClass } from "../ui/button";
import { inputClass } from "../ui/field";

/** The URL of My Products with this status, the search and sort kept (a new filter starts at page 1). */
function statusHref(query: MyCarsQuery, status: string): string {
  const params = new URLSearchParams({ status, sort: query.sort });
  if (query.q) params.set("q", query.q);
  return `?${params}`;
}

/**
 * My Products' filter (links, one per status), search by name and sort (a GET form with its own
 * button), all in the URL: they work without JavaScript, and the dashboard's figures link to them.
 */
export function MyCarsControls({ query }: { query: MyCarsQuery }) {
  return (
    <div className="mb-4 flex flex-col gap-3">
      <nav aria-label="Show" className="flex gap-2 overflow-x-auto pb-1">
        {MY_CARS_STATUSES.map((status) => (
          <Link
            key={status}
            to={statusHref(query, status)}
            aria-current={query.status === status ? "page" : undefined}
            className="inline-flex min-h-11 shrink-0 items-center rounded-full border border-slate-300 bg-white px-4 font-semibold whitespace-nowrap hover:bg-slate-50 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
          >
            {STATUS_WORDS[status]}
          </Link>
        ))}
      </nav>
      <Form method="get" role="search" aria-label="Your products" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="status" value={query.status} />
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
          <label htmlFor="my-cars-q" className="font-medium">
            Name contains
          </label>
          <input id="my-cars-q" type="search" name="q" defaultValue={query.q} maxLength={60} className={inputClass} />
        </div>
        <div className="flex min-w-0 basis-48 flex-col gap-1">
          <label htmlFor="my-cars-sort" className="font-medium">
            Order
          </label>
          <select id="my-cars-sort" name="sort" defaultValue={query.sort} className={inputClass}>
            {MY_CARS_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_WORDS[sort]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass({ variant: "secondary" })}>
          Show
        </button>
      </Form>
    </div>
  );
}
