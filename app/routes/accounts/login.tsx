import { getFormProps } from "@conform-to/react";
import { Form, Link, redirect, useActionData, useNavigation, useRouteLoaderData } from "react-router";
import { getSessionUser } from "~/.server/auth/guards";
import { configuredProviders } from "~/.server/services/accounts/oauth-sign-in";
import { finishSignIn } from "~/.server/services/accounts/sign-in";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, retryAfterHeaders } from "~/.server/web/page-errors";
import { checkPassword } from "~/.server/services/accounts/credentials";
import { AuthCard } from "~/components/accounts/auth-card";
import { Spinner } from "~/components/ui/spinner";
import { ProviderButtons } from "~/components/accounts/provider-buttons";
import { Button } from "~/components/ui/button";
import { FormErrors, PasswordField, TextField } from "~/components/ui/field";
import { pageTitle } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { safeRedirect, signInReason } from "~/lib/accounts/redirects";
import { signInSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type loader as rootLoader } from "~/root";
import { type Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Sign In") },
  { name: "description", content: "Sign in to book cars, manage your listings and pay for your orders." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const denied = url.searchParams.has("denied");
  const user = await getSessionUser(context.app, request);
  if (user && !denied) throw redirect(redirectTo);
  return {
    redirectTo,
    reason: signInReason(redirectTo),
    denied,
    signedInAs: user?.name ?? null,
    providers: configuredProviders(context.app),
  };
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseForm(await readFormBody(request), signInSchema);
  if (submission.status !== "success") return invalidForm(submission, ["password"]);
  const { email, password, redirectTo } = submission.value;
  return formAnswer(submission, async () => finishSignIn(context.app, await checkPassword(context.app, email, password), redirectTo), {
    hideFields: ["password"],
  });
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm(signInSchema, { id: "sign-in", lastResult });
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith(PATHS.login);
  const flash = useRouteLoaderData<typeof rootLoader>("root")?.toast;

  return (
    <AuthCard title="Sign In">
      {loaderData.denied && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {loaderData.signedInAs
            ? `You are signed in as ${loaderData.signedInAs}, whose account cannot open that page. Sign in with an account that can.`
            : "Please sign in to continue."}
        </p>
      )}
      {loaderData.reason && !loaderData.denied && (
        <p className="mb-4 rounded-lg bg-brand-50 p-3 text-brand-900">{`Sign in to ${loaderData.reason.purpose}. ${loaderData.reason.after}`}</p>
      )}
      <Form method="post" {...getFormProps(form)} className="flex flex-col gap-3">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField label="Email" type="email" meta={fields.email} autoComplete="email" />
        <PasswordField label="Password" meta={fields.password} autoComplete="current-password" />
        <Link
          to={PATHS.forgotPassword}
          className="inline-flex min-h-11 items-center self-start text-sm font-medium text-brand-700 hover:underline"
        >
          Forget Password?
        </Link>
        <FormErrors id={form.errorId} errors={form.errors ?? (flash?.type === "error" ? [flash.message] : undefined)} />
        <Button type="submit" disabled={submitting}>
          {submitting && <Spinner label="Signing in" />}
          Sign In
        </Button>
      </Form>
      <p className="mt-4 text-center text-sm">
        New to Auto Reseller?{" "}
        <Link
          to={
            loaderData.redirectTo === PATHS.home
              ? PATHS.register
              : `${PATHS.register}?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
          }
          className="font-semibold text-brand-700 hover:underline"
        >
          Create new account
        </Link>
      </p>
      <ProviderButtons providers={loaderData.providers} redirectTo={loaderData.redirectTo} />
    </AuthCard>
  );
}
