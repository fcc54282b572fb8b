import { getFormProps } from "@conform-to/react";
import { Form, useActionData } from "react-router";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, redirectWithToast } from "~/.server/web/page-errors";
import { resetPassword } from "~/.server/services/accounts/email-links";
import { AuthCard } from "~/components/accounts/auth-card";
import { Button } from "~/components/ui/button";
import { FormErrors, PasswordField } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { resetPasswordSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => privatePageMeta("Choose a new password");

export async function action({ request, params, context }: Route.ActionArgs) {
  const submission = parseForm(await readFormBody(request), resetPasswordSchema);
  if (submission.status !== "success") return invalidForm(submission, ["password"]);
  return formAnswer(
    submission,
    async () => {
      await resetPassword(context.app, params.token, submission.value.password);
      return redirectWithToast(context.app, PATHS.login, { type: "success", message: "Your password was changed. Please sign in." });
    },
    { hideFields: ["password"] },
  );
}

export default function ResetPassword() {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: "reset-password", lastResult });
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <PasswordField label="New password" meta={fields.password} autoComplete="new-password" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit">Save new password</Button>
      </Form>
    </AuthCard>
  );
}
