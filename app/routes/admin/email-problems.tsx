import { requirePermission } from "~/.server/auth/guards";
import { listEmailProblems } from "~/.server/services/admin/email-problems";
import { type Column, DataTable } from "~/components/ui/data-table";
import { SimplePager } from "~/components/ui/simple-pager";
import { formatDateTime } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { type Route } from "./+types/email-problems";

export const meta: Route.MetaFunction = () => privatePageMeta("Email problems");

const PAGE_SIZE = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requirePermission(context.app, request, "read:email-problems");
  const page = pageFromUrl(request.url);
  return { page, ...(await listEmailProblems(context.app, admin, page, PAGE_SIZE)) };
}

type DeadEmail = Route.ComponentProps["loaderData"]["emails"][number];

const EMAIL_COLUMNS: Column<DeadEmail>[] = [
  {
    heading: "Given up (UTC)",
    className: "whitespace-nowrap",
    cell: (email) => <time dateTime={email.deadAt}>{formatDateTime(email.deadAt)}</time>,
  },
  { heading: "Recipient", cell: (email) => email.to, className: "break-all" },
  { heading: "Subject", cell: (email) => email.subject },
  { heading: "Attempts", cell: (email) => email.attempts },
  { heading: "Last error", cell: (email) => email.lastError, className: "break-all" },
];

/** The dead letters: mail the queue gave up on after its last attempt. */
export default function EmailProblems({ loaderData }: Route.ComponentProps) {
  const { emails, page, hasMore } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-2 text-3xl font-bold">Email problems</h1>
      <p className="mb-6 text-slate-600">Emails that could not be delivered after every attempt, newest first.</p>
      <DataTable
        caption="Undelivered emails, newest first"
        columns={EMAIL_COLUMNS}
        rows={emails}
        rowKey={(email) => email.id}
        empty="Every email was delivered."
      />
      <SimplePager page={page} totalPages={hasMore ? page + 1 : page} label="Email problem pages" />
    </main>
  );
}
