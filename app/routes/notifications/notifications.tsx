import { Form, Link, useActionData } from "react-router";
import { forgetSessionUser, requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listNotifications, markNotificationsRead } from "~/.server/services/notifications/notifications";
import { Button } from "~/components/ui/button";
import { ResultBanner } from "~/components/ui/result-banner";
import { SimplePager } from "~/components/ui/simple-pager";
import { formatDate } from "~/lib/shared/format";
import { pageFromUrl } from "~/lib/shared/list-query";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { notificationsPageActionSchema } from "~/lib/schemas/notifications";
import { type Route } from "./+types/notifications";

export const meta: Route.MetaFunction = () => privatePageMeta("Notifications");

const PAGE_SIZE = 20;

/** The user's notifications, newest first, 20 a page, each with a link and (while unread) "Mark as read". */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:notifications");
  return listNotifications(context.app, user, pageFromUrl(request.url), PAGE_SIZE);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "mark-read:notifications");
  const submission = parseForm(await readFormBody(request), notificationsPageActionSchema);
  if (submission.status !== "success") return failedAction();
  const form = submission.value;
  return actionResult(async () => {
    const marked = await markNotificationsRead(context.app, user, form.intent === "read" ? [form.id] : undefined);
    // The navbar's count was read with the session before the action: read it again.
    forgetSessionUser(context.app);
    return { ok: true, message: form.intent === "read" ? "Marked as read." : `${marked} marked as read.` };
  });
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { data: items, unread, currentPage, totalPages } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Notifications</h1>
          <p className="text-slate-700">{unread === 0 ? "Nothing unread." : `${unread} unread.`}</p>
        </div>
        {unread > 0 && (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit">Mark all as read</Button>
          </Form>
        )}
      </div>
      <ResultBanner result={result} />
      {items.length === 0 ? (
        <p>
          No notifications yet. Save cars and searches to hear about price drops and new matches:{" "}
          <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
            browse cars
          </Link>
          .
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your notifications">
          {items.map((item) => (
            <li
              key={item._id}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-2xl border p-4 ${item.read ? "border-slate-200 bg-white" : "border-brand-300 bg-brand-50"}`}
            >
              <div className="min-w-0">
                <Link to={item.link} className="break-words font-semibold text-brand-700 underline-offset-2 hover:underline">
                  {item.text}
                </Link>
                <p className="text-sm text-slate-700">
                  {item.read ? "" : "Unread · "}
                  {formatDate(item.createdAt)}
                </p>
              </div>
              {!item.read && (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="id" value={item._id} />
                  <Button type="submit" variant="secondary" size="sm" aria-label={`Mark as read: ${item.text}`}>
                    Mark as read
                  </Button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      <SimplePager page={currentPage} totalPages={totalPages} label="Notification pages" />
    </main>
  );
}
