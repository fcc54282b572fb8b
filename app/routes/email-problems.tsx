import { requirePermission } from "~/.server/auth/guards";
import { listDeadEmails } from "~/.server/email/outgoing";
import { ColumnHeader } from "~/components/ui/column-header";
import { SimplePager } from "~/components/ui/simple-pager";
import { pageFromUrl } from "~/lib/list-query";
import { privatePageMeta } from "~/lib/meta";
import { type Route } from "./+types/email-problems";

export const meta: Route.MetaFunction = () => privatePageMeta("Email problems");

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(context.app, request, "read:email-problems");
  const page = pageFromUrl(request.url);
  const rows = await listDeadEmails(context.app, page, PAGE_SIZE + 1);
  return { page, emails: rows.slice(0, PAGE_SIZE), hasMore: rows.length > PAGE_SIZE };
}

/** The dead letters: mail the queue gave up on after its last attempt. */
export default function EmailProblems({ loaderData }: Route.ComponentProps) {
  const { emails, page, hasMore } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-2 text-3xl font-bold">Email problems</h1>
      <p className="mb-6 text-slate-600">Emails that could not be delivered after every attempt, newest first.</p>
      <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
        <table className="w-full text-left">
          <caption className="sr-only">Undelivered emails, newest first</caption>
          <thead className="bg-slate-100">
            <tr>
              <ColumnHeader>Given up (UTC)</ColumnHeader>
              <ColumnHeader>Recipient</ColumnHeader>
              <ColumnHeader>Subject</ColumnHeader>
              <ColumnHeader>Attempts</ColumnHeader>
              <ColumnHeader>Last error</ColumnHeader>
            </tr>
          </thead>
          <tbody>
            {emails.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-600">
                  Every email was delivered.
                </td>
              </tr>
            )}
            {emails.map((email) => (
              <tr key={email.id} className="border-t border-slate-200">
                <td className="px-4 py-3">
                  <time dateTime={email.deadAt}>{email.deadAt.replace("T", " ").slice(0, 19)}</time>
                </td>
                <td className="px-4 py-3 break-all">{email.to}</td>
                <td className="px-4 py-3">{email.subject}</td>
                <td className="px-4 py-3">{email.attempts}</td>
                <td className="px-4 py-3 break-all">{email.lastError}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <SimplePager page={page} totalPages={hasMore ? page + 1 : page} label="Email problem pages" />
    </main>
  );
}
