import { Form, Link, useActionData } from "react-router";
import { readFormBody } from "~/.server/web/form-body";
import { failedAction } from "~/.server/web/page-errors";
import { confirmEmailChange, pendingEmailChange } from "~/.server/services/accounts/email-change";
import { AuthCard } from "~/components/accounts/auth-card";
import { primaryButtonClass } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { type Route } from "./+types/confirm-email-change";

export const meta: Route.MetaFunction = () => privatePageMeta("Confirm new email");

// Opening the link only shows the change; a button posts it. Mail scanners that fetch every link
// must not move an account to a new address.
export async function loader({ params, context }: Route.LoaderArgs) {
  return { newEmail: await pendingEmailChange(context.app, params.token) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Only this page's own form confirms (a form body, with its intent); anything else changes nothing.
  if ((await readFormBody(request)).get("intent") !== "confirm") return failedAction();
  return { changedTo: await confirmEmailChange(context.app, params.token) };
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const message = result
    ? "changedTo" in result && result.changedTo
      ? `Your email address is now ${result.changedTo}.`
      : "This link is invalid or has expired, or the address has an account already. You can ask again in your account settings."
    : loaderData.newEmail
      ? null
      : "This link is invalid or has expired. You can ask for a new one in your account settings.";
  return (
    <AuthCard title="Confirm new email">
      {message ? (
        <p role="status" className="text-center text-slate-700">
          {message}
        </p>
      ) : (
        <Form method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="confirm" />
          <p className="text-center text-slate-700">
            Move your Auto Reseller account to <strong className="wrap-anywhere">{loaderData.newEmail}</strong>?
          </p>
          <button type="submit" className={primaryButtonClass}>
            Confirm new email address
          </button>
        </Form>
      )}
      <p className="mt-6 text-center">
        <Link to={PATHS.dashboard} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
          Go to your dashboard
        </Link>
      </p>
    </AuthCard>
  );
}
