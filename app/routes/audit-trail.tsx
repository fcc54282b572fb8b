import { requirePermission } from "~/.server/auth/guards";
import { listAuditTrail } from "~/.server/services/audit";
import { SimplePager } from "~/components/ui/simple-pager";
import { pageFromUrl } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/meta";
import { type Route } from "./+types/audit-trail";
import { ColumnHeader } from "~/components/ui/column-header";

export const meta: Route.MetaFunction = () => privatePageMeta("Audit trail");

const PAGE_SIZE = 20;
const ACTIONS: Record<string, string> = {
  "delete-seller": "Deleted a seller",
  "delete-buyer": "Deleted a buyer",
  "verify-seller": "Verified a seller",
  "delete-item": "Deleted a reported item",
  "dismiss-reports": "Dismissed reports",
  "add-category": "Added a category",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "read:audit");
  const page = pageFromUrl(request.url);
  const rows = await listAuditTrail(context.app, page, PAGE_SIZE + 1);
  return { page, entries: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}

export default function AuditTrail({ loaderData }: Route.ComponentProps) {
  const { entries, page, hasMore } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Audit trail</h1>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">Admin actions, newest first</caption>
          <thead className="bg-slate-100">
            <tr>
              <ColumnHeader>When (UTC)</ColumnHeader>
              <ColumnHeader>Admin</ColumnHeader>
              <ColumnHeader>Action</ColumnHeader>
              <ColumnHeader>Target</ColumnHeader>
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 && (
              <tr>
                <td colSpan={4} className="px-4 py-6 text-center text-slate-600">
                  No admin actions yet.
                </td>
              </tr>
            )}
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-200">
                <td className="px-4 py-3">
                  <time dateTime={entry.createdAt}>{entry.createdAt.replace("T", " ").slice(0, 19)}</time>
                </td>
                <td className="px-4 py-3">{entry.actorEmail}</td>
                <td className="px-4 py-3">{ACTIONS[entry.action] ?? entry.action}</td>
                <td className="px-4 py-3 break-all">{entry.details || entry.target}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SimplePager page={page} totalPages={hasMore ? page + 1 : page} label="Audit trail pages" />
    </main>
  );
}
