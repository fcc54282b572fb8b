import { Link } from "react-router";
import { DEAL_STATUS_TONES, LEDGER_KIND_LABELS, type LedgerLine, saleStatusLabel, sellerLedgerWords } from "~/lib/deals/deal";
import { formatCents, formatDateTime } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { Badge } from "../ui/badge";
import { type Column, DataTable } from "../ui/data-table";
import { SimplePager } from "../ui/simple-pager";
import { linkClass } from "./order-facts";

/** A name that links to its page when there is one (a car or seller since deleted has none). */
function NamedLink({ name, to }: { name: string; to: string | null }) {
  return to ? (
    <Link to={to} className={linkClass}>
      {name}
    </Link>
  ) : (
    name
  );
}

/** What a line is, from the seller's side: a sale says its state in the Sales page's words. */
function SellerWords({ line }: { line: LedgerLine }) {
  const words = sellerLedgerWords(line);
  if (line.kind !== "charge" || line.sale.boughtNothing) return words;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {words} <Badge tone={DEAL_STATUS_TONES[line.sale.status]}>{saleStatusLabel(line.sale.status, line.sale.paidOut)}</Badge>
    </span>
  );
}

/**
 * A page of ledger lines, newest first, with its pager: on the seller's Payouts page in their words,
 * on the admins' Money page with both parties and the provider's reference.
 */
export function LedgerTable({
  caption,
  empty,
  list,
  viewer,
}: {
  caption: string;
  empty: string;
  list: { data: LedgerLine[]; currentPage: number; totalPages: number };
  viewer: "seller" | "admin";
}) {
  const admin = viewer === "admin";
  const columns: Column<LedgerLine>[] = [
    { heading: "When", cell: (line) => formatDateTime(line.createdAt), rowHeader: true },
    { heading: "What", cell: (line) => (admin ? LEDGER_KIND_LABELS[line.kind] : <SellerWords line={line} />) },
    { heading: "Car", cell: (line) => <NamedLink name={line.car.name} to={line.car.id && pathTo(PATHS.car, { id: line.car.id })} /> },
    { heading: "Buyer", cell: (line) => line.buyerName },
    ...(admin
      ? [
          {
            heading: "Seller",
            cell: (line: LedgerLine) => (
              <NamedLink name={line.seller.name} to={line.seller.id && pathTo(PATHS.seller, { id: line.seller.id })} />
            ),
          },
        ]
      : []),
    { heading: "Amount", cell: (line) => formatCents(line.amount), className: "tabular-nums" },
    ...(admin ? [{ heading: "Reference", cell: (line: LedgerLine) => <span className="break-all">{line.providerId}</span> }] : []),
  ];
  return (
    <>
      <DataTable caption={caption} rows={list.data} rowKey={(line) => line._id} empty={empty} columns={columns} />
      <SimplePager page={list.currentPage} totalPages={list.totalPages} label="Ledger pages" />
    </>
  );
}
