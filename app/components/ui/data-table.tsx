import { type ReactNode } from "react";
import { Link } from "react-router";
import { nextSort, type SortOrder } from "~/lib/shared/list-query";
import { useListHref } from "./paged-list";

export interface Column<Row> {
  /** The column's heading; when rows are stacked as cards, it labels the row's value. */
  heading: string;
  /** The row's value (or buttons) in this column. */
  cell: (row: Row, index: number) => ReactNode;
  /** The list's sort key for this column: its heading then sorts the list (state in the URL). */
  sortKey?: string;
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
  /** Extra classes for this column's cells, e.g. to keep short values on one line. */
  className?: string;
}

// 44 px high: a finger's tap target.
const rowButton = "inline-flex min-h-11 items-center rounded-lg px-3 py-1.5 font-semibold whitespace-nowrap";

/** The buttons (and links that look like them) in a table's rows. */
export const ROW_BUTTON = {
  primary: `${rowButton} bg-brand-700 text-white hover:bg-brand-900`,
  danger: `${rowButton} bg-red-700 text-white hover:bg-red-800`,
  plain: `${rowButton} border border-slate-300 bg-white hover:bg-slate-50`,
};

// Rows are a table where the table's container is 48rem (768 px) wide or more; narrower (phones,
// and tablets beside the dashboard menu) each row is a card of labelled lines, so no button ends up
// off-screen. The explicit roles keep it a table for screen readers whichever way it is drawn.
const STACKED = {
  frame: "rounded-2xl border border-slate-200 bg-white @max-3xl:border-0 @max-3xl:bg-transparent",
  table: "w-full text-left @max-3xl:block",
  head: "bg-slate-100 @max-3xl:block @max-3xl:bg-transparent",
  headRow: "@max-3xl:mb-3 @max-3xl:flex @max-3xl:flex-wrap @max-3xl:items-center @max-3xl:gap-2",
  body: "@max-3xl:flex @max-3xl:flex-col @max-3xl:gap-3",
  row: "h-20 border-t border-slate-200 @max-3xl:block @max-3xl:h-auto @max-3xl:rounded-2xl @max-3xl:border @max-3xl:bg-white @max-3xl:p-3",
  cell: "px-3 py-3 align-middle @max-3xl:flex @max-3xl:items-start @max-3xl:gap-3 @max-3xl:px-0 @max-3xl:py-1.5",
  label: "hidden w-28 shrink-0 font-semibold text-slate-600 @max-3xl:block",
};

/**
 * Every dashboard table: a caption for screen readers, headings (sortable ones link to the sorted
 * list), one row per item, and a line saying so when there are none.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  sorting,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
  /** The list's current sort, for tables with sortable columns. */
  sorting?: { sort: string; order: SortOrder };
}) {
  const sortable = Boolean(sorting && columns.some((column) => column.sortKey));
  return (
    <div className="@container">
      {sortable && (
        <p aria-hidden="true" className="mb-2 hidden font-semibold text-slate-600 @max-3xl:block">
          Sort by
        </p>
      )}
      <div className={STACKED.frame}>
        <table role="table" className={STACKED.table}>
          <caption className="sr-only">{caption}</caption>
          {/* Stacked, only the sort links stay in sight, as a row of buttons above the cards. */}
          <thead role="rowgroup" className={`${STACKED.head} ${sortable ? "" : "@max-3xl:sr-only"}`}>
            <tr role="row" className={STACKED.headRow}>
              {columns.map((column) =>
                column.sortKey && sorting ? (
                  <SortableHeading key={column.heading} label={column.heading} column={column.sortKey} {...sorting} />
                ) : (
                  <th key={column.heading} scope="col" role="columnheader" className="px-3 py-3 @max-3xl:sr-only">
                    {column.heading}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody role="rowgroup" className={STACKED.body}>
            {rows.length === 0 && (
              <tr role="row" className={STACKED.row}>
                <td role="cell" colSpan={columns.length} className="px-4 py-6 text-center text-slate-600">
                  {empty}
                </td>
              </tr>
            )}
            {rows.map((row, index) => (
              <tr key={rowKey(row)} role="row" className={STACKED.row}>
                {columns.map((column) => {
                  const content = (
                    <>
                      <span aria-hidden="true" className={STACKED.label}>
                        {column.heading}
                      </span>
                      <span className="min-w-0 break-words">{column.cell(row, index)}</span>
                    </>
                  );
                  const className = `${STACKED.cell} ${column.className ?? ""}`;
                  return column.rowHeader ? (
                    <th key={column.heading} scope="row" role="rowheader" className={`${className} font-semibold`}>
                      {content}
                    </th>
                  ) : (
                    <td key={column.heading} role="cell" className={className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A heading that sorts the list: the sorted column flips its order, another sorts ascending. */
function SortableHeading({ label, column, sort, order }: { label: string; column: string; sort: string; order: SortOrder }) {
  const href = useListHref();
  const active = sort === column;
  const next = nextSort({ sort, order }, column);
  return (
    <th
      scope="col"
      aria-sort={active ? (order === "asc" ? "ascending" : "descending") : "none"}
      role="columnheader"
      className="px-3 py-3 @max-3xl:block @max-3xl:p-0"
    >
      <Link
        to={href({ sort: next.sort, order: next.order, page: 1 })}
        className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline @max-3xl:rounded-lg @max-3xl:border @max-3xl:border-slate-300 @max-3xl:bg-white @max-3xl:px-3 @max-3xl:py-1.5"
      >
        {label}
        <span aria-hidden="true">{active ? (order === "asc" ? "▲" : "▼") : "↕"}</span>
        <span className="sr-only">, sort {next.order === "asc" ? "ascending" : "descending"}</span>
      </Link>
    </th>
  );
}
