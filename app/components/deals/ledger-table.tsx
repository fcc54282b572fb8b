import { type LedgerEntry, LEDGER_KIND_LABELS } from "~/lib/deal";
import { formatCents, formatDateTime } from "~/lib/format";
import { DataTable } from "../ui/data-table";
import { SimplePager } from "../ui/simple-pager";

/** A page of ledger entries, newest first (the seller's Payouts, the admins' Money), with its pager. */
export function LedgerTable({
  caption,
  empty,
  list,
  withBooking = false,
}: {
  caption: string;
  empty: string;
  list: { data: LedgerEntry[]; currentPage: number; totalPages: number };
  /** Admins see which booking each entry is for. */
  withBooking?: boolean;
}) {
  return (
    <>
      <DataTable
        caption={caption}
        rows={list.data}
        rowKey={(entry) => entry._id}
        empty={empty}
        columns={[
          { heading: "When", cell: (entry) => formatDateTime(entry.createdAt), rowHeader: true },
          { heading: "What", cell: (entry) => LEDGER_KIND_LABELS[entry.kind] },
          { heading: "Amount", cell: (entry) => formatCents(entry.amount), className: "tabular-nums" },
          ...(withBooking
            ? [{ heading: "Booking", cell: (entry: LedgerEntry) => <span className="break-all">{entry.bookingId ?? "—"}</span> }]
            : []),
          { heading: "Reference", cell: (entry) => <span className="break-all">{entry.providerId}</span> },
        ]}
      />
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Ledger pages" />
    </>
  );
}
