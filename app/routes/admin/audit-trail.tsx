import { requirePermission } from "~/.server/auth/guards";
import { listAuditTrail } from "~/.server/services/admin/audit";
import { type Column, DataTable } from "~/components/ui/data-table";
import { SimplePager } from "~/components/ui/simple-pager";
import { formatDateTime } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { type Route } from "./+types/audit-trail";

export const meta: Route.MetaFunction = () => privatePageMeta("Audit trail");

const PAGE_SIZE = 20;
const ACTIONS: Record<string, string> = {
  "delete-seller": "Deleted a seller",
  "delete-buyer": "Deleted a buyer",
  "verify-seller": "Verified a seller",
  "delete-item": "Deleted a reported item",
  "dismiss-reports": "Dismissed reports",
  "add-category": "Added a category",
  "rename-category": "Renamed a category",
  "delete-category": "Deleted a category",
  "remove-review": "Removed a review",
  "resolve-dispute": "Resolved a dispute",
  "clear-flag": "Cleared a flag",
  "dismiss-conversation-reports": "Dismissed a conversation's reports",
  "close-conversation": "Closed a reported conversation",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "read:audit");
  const page = pageFromUrl(request.url);
  const rows = await listAuditTrail(context.app, admin, page, PAGE_SIZE + 1);
  return { page, entries: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}

type Entry = Route.ComponentProps["loaderData"]["entries"][number];

const AUDIT_COLUMNS: Column<Entry>[] = [
  {
    heading: "When (UTC)",
    className: "whitespace-nowrap",
    cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
  },
  { heading: "Admin", cell: (entry) => entry.actorName ?? entry.actorEmail },
  { heading: "Action", cell: (entry) => ACTIONS[entry.action] ?? entry.action },
  // The person, car or category in words, as recorded with the action (rows are never named by id).
  { heading: "Target", cell: (entry) => entry.details || "—" },
];

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { entries, page, hasMore } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Audit trail</h1>
      <DataTable
        caption="Admin actions, newest first"
        columns={AUDIT_COLUMNS}
        rows={entries}
        rowKey={(entry) => entry.id}
        empty="No admin actions yet."
      />
      <SimplePager page={page} totalPages={hasMore ? page + 1 : page} label="Audit trail pages" />
    </main>
  );
}
