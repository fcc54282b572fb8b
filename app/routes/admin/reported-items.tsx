import { Link, useLocation } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/web/page-errors";
import { listReportedConversations, moderateConversation } from "~/.server/services/messages/messages";
import { deleteReportedItem, dismissReports, listReports, reportsListQuery } from "~/.server/services/admin/reports";
import { ReportedConversations } from "~/components/admin/reported-conversations";
import { ResultBanner } from "~/components/ui/result-banner";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { type Column, DataTable, ROW_BUTTON } from "~/components/ui/data-table";
import { ConfirmLink, confirmTarget, Pager } from "~/components/ui/paged-list";
import { formatDateTime, formatQuantity } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { parseListQueryLeniently } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { REPORT_REASON_LABELS } from "~/lib/schemas/admin";
import { rowActionSchema } from "~/lib/schemas/rows";
import type { AdminReport } from "~/.server/services/admin/reports";
import { type Route } from "./+types/reported-items";

export const meta: Route.MetaFunction = () => privatePageMeta("Reported Item");

// Cars: delete or dismiss (after a confirmation); conversations: dismiss their reports or close them.
const actionSchema = rowActionSchema(["delete", "dismiss", "dismiss-conversation", "close-conversation"] as const);
const REPORTED_CONVERSATIONS_SHOWN = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "moderate:reports");
  const query = parseListQueryLeniently(reportsListQuery, new URL(request.url).searchParams);
  const [list, conversations] = await Promise.all([
    listReports(context.app, query),
    listReportedConversations(context.app, admin, 1, REPORTED_CONVERSATIONS_SHOWN),
  ]);
  return { query, list, conversations, confirm: confirmTarget(request.url, list.data, ["delete", "dismiss"]) };
}

/** Delete removes the car (with its reports and unpaid bookings); Dismiss removes only the reports. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "moderate:reports");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
    if (intent === "dismiss-conversation" || intent === "close-conversation") {
      const outcome = intent === "close-conversation" ? "close" : "dismiss";
      await moderateConversation(context.app, admin, id, outcome);
      return outcome === "close"
        ? { ok: true, title: "Closed", message: "The conversation is closed: both sides can read it, neither can write in it." }
        : { ok: true, title: "Dismissed", message: "The reports of this conversation were removed; it goes on as before." };
    }
    if (intent === "dismiss") {
      await dismissReports(context.app, admin, id);
      return { ok: true, title: "Dismissed", message: "The reports of this item were removed; the item stays." };
    }
    await deleteReportedItem(context.app, admin, id);
    return DELETED;
  });
}

export default function ReportedItems({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, confirm } = loaderData;
  const location = useLocation();
  const cancel = new URLSearchParams(location.search);
  cancel.delete("confirm");
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Reported Item</h1>
      <ResultBanner result={actionData} />
      {confirm && (
        <ConfirmPanel
          intent={confirm.intent}
          id={confirm.row.product_id}
          confirmLabel={
            confirm.intent === "dismiss" ? `Yes, dismiss reports of ${confirm.row.productName}` : `Yes, delete ${confirm.row.productName}`
          }
          cancelTo={`${location.pathname}?${cancel}`}
        />
      )}
      <p className="mb-3 text-slate-600">{formatQuantity(list.total, "report")}</p>
      <DataTable
        caption="Reported items"
        columns={REPORT_COLUMNS}
        rows={list.data}
        rowKey={(report) => report._id}
        empty="No reported items."
        sorting={query}
      />
      <Pager page={query.page} totalPages={list.totalPages} label="Reported item pages" />
      <ReportedConversations reports={loaderData.conversations.data} total={loaderData.conversations.total} />
    </main>
  );
}

const REPORT_COLUMNS: Column<AdminReport>[] = [
  {
    heading: "Product Name",
    sortKey: "productName",
    rowHeader: true,
    cell: (report) => (
      <Link
        to={pathTo(PATHS.car, { id: report.product_id })}
        className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        {report.productName}
      </Link>
    ),
  },
  {
    heading: "Reason",
    className: "min-w-40",
    cell: (report) => (
      <>
        {REPORT_REASON_LABELS[report.reason]}
        {report.note && <ReportNote note={report.note} />}
      </>
    ),
  },
  { heading: "Seller Name", sortKey: "seller", cell: (report) => report.seller },
  {
    heading: "Reported by",
    cell: (report) => (
      <>
        {report.reporter.name} <span className="break-all text-slate-600">({report.reporter.email})</span>
      </>
    ),
  },
  {
    heading: "When (UTC)",
    className: "whitespace-nowrap",
    cell: (report) => <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>,
  },
  {
    heading: "Actions",
    cell: (report) => (
      <span className="flex flex-wrap gap-2">
        <ConfirmLink id={report._id} intent="delete" label={`Delete ${report.productName}`} className={ROW_BUTTON.danger}>
          Delete
        </ConfirmLink>
        <ConfirmLink id={report._id} intent="dismiss" label={`Dismiss reports of ${report.productName}`} className={ROW_BUTTON.plain}>
          Dismiss
        </ConfirmLink>
      </span>
    ),
  },
];

const NOTE_PREVIEW = 40;

/** The reporter's note: its start in the summary, the whole of it when opened. */
function ReportNote({ note }: { note: string }) {
  const characters = Array.from(note);
  const preview = characters.length > NOTE_PREVIEW ? `${characters.slice(0, NOTE_PREVIEW).join("").trimEnd()}…` : note;
  return (
    <details className="mt-1 max-w-64 text-sm text-slate-700">
      <summary className="flex min-h-11 cursor-pointer items-center break-words">
        <span className="sr-only">Note: </span>
        {preview}
      </summary>
      <p className="mt-1 break-words whitespace-pre-line">{note}</p>
    </details>
  );
}
