import { Form, Link, useActionData, useLocation } from "react-router";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction, orPageError } from "~/.server/web/page-errors";
import { unsubscribe, unsubscribeLinkKind } from "~/.server/services/notifications/notifications";
import { AuthCard } from "~/components/accounts/auth-card";
import { primaryButtonClass } from "~/components/ui/field";
import { ResultBanner } from "~/components/ui/result-banner";
import { privatePageMeta } from "~/lib/shared/meta";
import { NOTIFICATION_KIND_LABELS } from "~/lib/notifications/notification-kinds";
import { PATHS } from "~/lib/shared/paths";
import { oneClickUnsubscribeSchema } from "~/lib/schemas/notifications";
import { type Route } from "./+types/unsubscribe";

export const meta: Route.MetaFunction = () => privatePageMeta("Unsubscribe");

// Public: the signed link is the proof, so neither a session nor our Origin is needed to post here
// (mail clients post RFC 8058's one-click unsubscribe from their own servers; workers/app.ts lets it through).

/** Says which emails the link stops, and asks (a GET never unsubscribes: link scanners follow links). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const kind = await orPageError(() => unsubscribeLinkKind(context.app, new URL(request.url).searchParams));
  return { label: NOTIFICATION_KIND_LABELS[kind] };
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readFormBody(request), oneClickUnsubscribeSchema);
  if (submission.status !== "success") return failedAction("Use the Unsubscribe button");
  return actionResult(async () => {
    const kind = await unsubscribe(context.app, new URL(request.url).searchParams);
    return {
      ok: true,
      title: "Unsubscribed",
      message: `You will no longer get emails about: ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()}.`,
    };
  });
}

export default function Unsubscribe({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { search } = useLocation();
  return (
    <AuthCard title="Unsubscribe">
      <ResultBanner result={result} />
      {!result?.ok && (
        <Form method="post" action={`${PATHS.unsubscribe}${search}`} className="flex flex-col gap-4">
          <p>
            Stop the emails about: <strong>{loaderData.label.toLowerCase()}</strong>? You will still see these notifications on the site.
          </p>
          <input type="hidden" name="List-Unsubscribe" value="One-Click" />
          <button type="submit" className={primaryButtonClass}>
            Unsubscribe
          </button>
        </Form>
      )}
      <p className="mt-6 text-center">
        <Link to={PATHS.settings} className="font-semibold text-brand-700 hover:underline">
          Choose all your email settings
        </Link>
      </p>
    </AuthCard>
  );
}
