import { getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { getSessionUser } from "~/.server/auth/guards";
import { configuredProviders } from "~/.server/services/accounts/oauth-sign-in";
import { finishSignIn } from "~/.server/services/accounts/sign-in";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm } from "~/.server/web/page-errors";
import { registerUser } from "~/.server/services/accounts/registration";
import { AuthCard } from "~/components/accounts/auth-card";
import { Spinner } from "~/components/ui/spinner";
import { ProviderButtons } from "~/components/accounts/provider-buttons";
import { Button } from "~/components/ui/button";
import { FieldErrors, FormErrors, PasswordField, TextField } from "~/components/ui/field";
import { pageTitle } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { safeRedirect, signInReason } from "~/lib/accounts/redirects";
import { signUpSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Sign Up") },
  { name: "description", content: "Create a buyer or seller account on Auto Reseller." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getSessionUser(context.app, request)) throw redirect("/");
  // Where sign-in was leading, when sign-up took its place (an action kept through it); else Home, as the spec says.
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  return { redirectTo, reason: signInReason(redirectTo), providers: configuredProviders(context.app) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormBody(request);
  const submission = parseForm(form, signUpSchema);
  if (submission.status !== "success") return invalidForm(submission, ["password"]);
  // A new seller may list once their email is confirmed: said where they land, so they look for the link.
  const toast = {
    type: "success" as const,
    message:
      submission.value.accountType === "seller"
        ? "User Created Successfully. Confirm your email to list cars: we sent you a link."
        : "User Created Successfully.",
  };
  const redirectTo = form.get("redirectTo");
  return formAnswer(
    submission,
    async () => finishSignIn(context.app, await registerUser(context.app, submission.value), redirectTo, { toast }),
    {
      hideFields: ["password"],
    },
  );
}

export default function Register({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(signUpSchema, { id: "sign-up", lastResult, defaultValue: { accountType: "buyer" } });
  const submitting = navigation.state === "submitting";

  return (
    <AuthCard title="Sign Up">
      {loaderData.reason && (
        <p className="mb-4 rounded-lg bg-brand-50 p-3 text-brand-900">{`Create an account to ${loaderData.reason.purpose}. ${loaderData.reason.after}`}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField label="Name" meta={fields.name} autoComplete="name" />
        <TextField label="Email" type="email" meta={fields.email} autoComplete="email" />
        <PasswordField label="Password" meta={fields.password} autoComplete="new-password" />
        <div className="flex flex-col gap-1">
          <label htmlFor={fields.accountType.id} className="font-medium">
            Account type
          </label>
          <select {...getSelectProps(fields.accountType)} className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2">
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
          </select>
          <FieldErrors meta={fields.accountType} />
        </div>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner label="Creating your account" />}
          Sign Up
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        Already have an account?{" "}
        <Link to={PATHS.login} className="font-semibold text-brand-700 hover:underline">
          Sign In
        </Link>
      </p>
      <ProviderButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
