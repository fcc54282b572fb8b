import { getFormProps } from "@conform-to/react";
import { Form, redirect, useActionData, useNavigation } from "react-router";
import { finishTwoFactorSignIn, pendingTwoFactorSignIn } from "~/.server/services/accounts/sign-in";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, retryAfterHeaders } from "~/.server/web/page-errors";
import { AuthCard } from "~/components/accounts/auth-card";
import { Spinner } from "~/components/ui/spinner";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { safeRedirect } from "~/lib/accounts/redirects";
import { twoFactorSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/login-two-factor";

export const meta: Route.MetaFunction = () => privatePageMeta("Two-factor sign-in");

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await pendingTwoFactorSignIn(context.app, request))) throw redirect(PATHS.login);
  return { redirectTo: safeRedirect(new URL(request.url).searchParams.get("redirectTo")) };
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const ticket = await pendingTwoFactorSignIn(context.app, request);
  if (!ticket) throw redirect(PATHS.login);
  const submission = parseForm(await readFormBody(request), twoFactorSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return formAnswer(submission, () => finishTwoFactorSignIn(context.app, ticket, submission.value.code, redirectTo));
}

export default function TwoFactorSignIn() {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(twoFactorSchema, { id: "two-factor", lastResult });
  return (
    <AuthCard title="Two-factor sign-in">
      <p className="mb-4 text-slate-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <TextField label="Authentication code" meta={fields.code} autoComplete="one-time-code" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" && <Spinner label="Checking the code" />}
          Verify
        </Button>
      </Form>
    </AuthCard>
  );
}
