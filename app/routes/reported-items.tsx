import { useLocation } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/form-body";
import { actionResult, DELETED, failedAction } from "~/.server/page-errors";
import { deleteReportedItem, dismissReports, listReports, reportsListQuery } from "~/.server/services/reports";
import { ResultBanner } from "~/components/ui/result-banner";
import { ConfirmPanel } from "~/components/ui/confirm-panel";
import { ConfirmLink, confirmTarget, Pager, SortableHeader } from "~/components/ui/paged-list";
import { parseListQueryLeniently } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/meta";
import { REPORT_REASON_LABELS } from "~/lib/schemas/bookings";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/reported-items";
import { ColumnHeader } from "~/components/ui/column-header";

export const meta: Route.MetaFunction = () => privatePageMeta("Reported Item");

const actionSchema = rowActionSchema(["delete", "dismiss"] as const);

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "moderate:reports");
  const query = parseListQueryLeniently(reportsListQuery, new URL(request.url).searchParams);
  const list = await listReports(context.app, query);
  return { query, list, confirm: confirmTarget(request.url, list.data, ["delete", "dismiss"]) };
}

/** Delete removes the car (with its reports and unpaid bookings); Dismiss removes only the reports. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requirePermission(context.app, request, "moderate:reports");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { intent, id } = submission.value;
  return actionResult(async () => {
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
  const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
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
      <p className="mb-3 text-slate-600">{list.total} reports</p>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">Reported items</caption>
          <thead className="bg-slate-100">
            <tr>
              <SortableHeader label="Product Name" column="productName" sort={query.sort} order={query.order} />
              <ColumnHeader>Reason</ColumnHeader>
              <SortableHeader label="Seller Name" column="seller" sort={query.sort} order={query.order} />
              <ColumnHeader>Reported by</ColumnHeader>
              <ColumnHeader>When (UTC)</ColumnHeader>
              <ColumnHeader>Actions</ColumnHeader>
            </tr>
          </thead>
          <tbody>
            {list.data.length === 0 && (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-600">
                  No reported items.
                </td>
              </tr>
            )}
            {list.data.map((report) => (
              <tr key={report._id} className="border-t border-slate-200">
                <th scope="row" className="px-4 py-3 font-semibold">
                  {report.productName}
                </th>
                <td className="min-w-40 px-4 py-3">
                  {REPORT_REASON_LABELS[report.reason]}
                  {report.note && <ReportNote note={report.note} />}
                </td>
                <td className="px-4 py-3">{report.seller}</td>
                <td className="px-4 py-3">
                  {report.reporter.name} <span className="text-slate-600">({report.reporter.email})</span>
                </td>
                <td className="px-4 py-3">
                  <time dateTime={report.createdAt}>{dateFormat.format(new Date(report.createdAt))}</time>
                </td>
                <td className="flex gap-2 px-4 py-3">
                  <ConfirmLink
                    id={report._id}
                    intent="delete"
                    label={`Delete ${report.productName}`}
                    className="rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800"
                  >
                    Delete
                  </ConfirmLink>
                  <ConfirmLink
                    id={report._id}
                    intent="dismiss"
                    label={`Dismiss reports of ${report.productName}`}
                    className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold hover:bg-slate-50"
                  >
                    Dismiss
                  </ConfirmLink>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={query.page} totalPages={list.totalPages} label="Reported item pages" />
    </main>
  );
}

const NOTE_PREVIEW = 40;

/** The reporter's note: its start in the summary, the whole of it when opened. */
function ReportNote({ note }: { note: string }) {
  const characters = Array.from(note);
  const preview = characters.length > NOTE_PREVIEW ? `${characters.slice(0, NOTE_PREVIEW).join("").trimEnd()}…` : note;
  return (
    <details className="mt-1 max-w-64 text-sm text-slate-700">
      <summary className="cursor-pointer break-words">
        <span className="sr-only">Note: </span>
        {preview}
      </summary>
      <p className="mt-1 break-words whitespace-pre-line">{note}</p>
    </details>
  );
}
