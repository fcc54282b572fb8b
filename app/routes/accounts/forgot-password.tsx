import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { invalidForm } from "~/.server/web/page-errors";
import { requestPasswordReset } from "~/.server/services/accounts/email-links";
import { AuthCard } from "~/components/accounts/auth-card";
import { Button } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { forgotPasswordSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => privatePageMeta("Forgot password");

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readFormBody(request), forgotPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission);
  await requestPasswordReset(context.app, submission.value.email);
  // The same answer whether or not the account exists.
  return { ...submission.reply({ resetForm: true }), sent: true };
}

export default function ForgotPassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, { id: "forgot-password", lastResult });
  return (
    <AuthCard title="Forgot password">
      {lastResult && "sent" in lastResult ? (
        <p role="status" className="rounded-lg bg-green-50 p-4 text-green-900">
          If an account exists for that email, we have sent a link to reset its password. The link works for 1 hour.
        </p>
      ) : (
        <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
          <p className="text-slate-700">Enter your account's email and we will send you a link to choose a new password.</p>
          <TextField label="Email" type="email" meta={fields.email} autoComplete="email" />
          <Button type="submit">Send reset link</Button>
        </Form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to={PATHS.login} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
