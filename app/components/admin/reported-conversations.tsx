import { Form } from "react-router";
import { type Column, DataTable, ROW_BUTTON } from "~/components/ui/data-table";
import { formatDateTime, formatQuantity } from "~/lib/shared/format";
import { type ReportedConversation } from "~/lib/schemas/types";

/**
 * Conversations a participant reported, for the admins (the reported-items page): who talked about
 * which car, who reported it and why, and the conversation's newest messages, which the report
 * shows them (nobody else ever reads a conversation).
 */
export function ReportedConversations({ reports, total }: { reports: ReportedConversation[]; total: number }) {
  return (
    <section aria-labelledby="reported-conversations-heading" className="mt-12">
      <h2 id="reported-conversations-heading" className="mb-2 text-2xl font-bold">
        Reported conversations
      </h2>
      <p className="mb-3 text-slate-600">
        {formatQuantity(total, "report")}
        {total > reports.length ? `, the newest ${reports.length} shown` : ""}
      </p>
      <DataTable
        caption="Reported conversations"
        columns={COLUMNS}
        rows={reports}
        rowKey={(report) => report._id}
        empty="No reported conversations."
      />
    </section>
  );
}

const COLUMNS: Column<ReportedConversation>[] = [
  { heading: "Car", rowHeader: true, cell: (report) => report.productName ?? "A car no longer listed" },
  { heading: "Between", cell: (report) => `${report.buyerName} (buyer) and ${report.sellerName} (seller)` },
  { heading: "Reported by", cell: (report) => report.reporterName },
  { heading: "Reason", cell: (report) => <span className="break-words">{report.reason || "No reason given"}</span> },
  {
    heading: "When (UTC)",
    className: "whitespace-nowrap",
    cell: (report) => <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time>,
  },
  {
    heading: "Conversation",
    className: "min-w-64",
    cell: (report) => (
      <details className="max-w-md text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700">
          {report.messages.length === 1 ? "Read its message" : `Read its newest ${report.messages.length} messages`}
        </summary>
        <ol className="mt-2 flex flex-col gap-2">
          {report.messages.map((message) => (
            <li key={message._id}>
              <span className="font-semibold">{message.senderName}</span>,{" "}
              <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
              <p className="whitespace-pre-line break-words">{message.text}</p>
            </li>
          ))}
        </ol>
      </details>
    ),
  },
  {
    heading: "Actions",
    cell: (report) => (
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="id" value={report.conversationId} />
        <button
          type="submit"
          name="intent"
          value="dismiss-conversation"
          className={ROW_BUTTON.plain}
          aria-label={`Dismiss the reports of the conversation about ${report.productName ?? "a car no longer listed"}`}
        >
          Dismiss
        </button>
        <button
          type="submit"
          name="intent"
          value="close-conversation"
          className={ROW_BUTTON.danger}
          aria-label={`Close the conversation about ${report.productName ?? "a car no longer listed"}`}
        >
          Close conversation
        </button>
      </Form>
    ),
  },
];
