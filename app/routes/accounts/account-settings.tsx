import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, redirect, useActionData } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { flashHeader } from "~/.server/web/flash";
import { closeOwnAccount } from "~/.server/services/accounts/close-account";
import { listDevices, signOutDevice, signOutEverywhereElse } from "~/.server/services/accounts/devices";
import { requestEmailChange } from "~/.server/services/accounts/email-change";
import { PATHS } from "~/lib/shared/paths";
import {
  answerTo,
  ChangeEmailSection,
  OWN_ACCOUNT_INTENTS,
  CloseAccountSection,
  DevicesSection,
  sectionClass,
  YourDataSection,
} from "~/components/accounts/your-data-sections";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formAnswer, invalidForm, retryAfterHeaders } from "~/.server/web/page-errors";
import { changePassword } from "~/.server/services/accounts/credentials";
import { emailChoices, setEmailChoices } from "~/.server/services/notifications/notifications";
import { sendEmailVerification } from "~/.server/services/accounts/email-links";
import {
  confirmTotpEnrolment,
  disableTotp,
  enrolmentDetails,
  remainingRecoveryCodes,
  startTotpEnrolment,
} from "~/.server/services/accounts/two-factor";
import { FormErrors, PasswordField, primaryButtonClass, secondaryButtonClass, TextField } from "~/components/ui/field";
import { privatePageMeta } from "~/lib/shared/meta";
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KIND_LIST } from "~/lib/notifications/notification-kinds";
import { accountSettingsSchema, emailChoiceField } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { type Route } from "./+types/account-settings";

export const meta: Route.MetaFunction = () => privatePageMeta("Account settings");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.app, request);
  return {
    devices: await listDevices(context.app, user),
    closing: new URL(request.url).searchParams.get("close") === "1",
    emailChoices: await emailChoices(context.app, user),
    account: { name: user.name, email: user.email, role: user.role, emailVerified: user.emailVerified, hasPassword: !!user.passwordHash },
    twoFactor: user.totpEnabled
      ? { state: "on" as const, recoveryCodesLeft: await remainingRecoveryCodes(context.app, user.id) }
      : user.totpSecret
        ? { state: "pending" as const, ...enrolmentDetails(user.totpSecret, user.email) }
        : { state: "off" as const },
  };
}

export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context.app, request);
  const submission = parseForm(await readFormBody(request), accountSettingsSchema);
  if (submission.status !== "success") return invalidForm(submission, ["currentPassword", "password", "confirm"]);
  const input = submission.value;
  // Typed, or the answers' extra fields would be lost in their common type.
  return formAnswer(
    submission,
    async (): Promise<SubmissionResult<string[]> & { notice?: string; recoveryCodes?: string[] }> => {
      switch (input.intent) {
        case "resend-verification":
          await sendEmailVerification(context.app, user);
          return { ...submission.reply(), notice: "We sent a new confirmation link to your email." };
        case "change-password":
          await changePassword(context.app, user, input.currentPassword, input.password);
          return { ...submission.reply({ resetForm: true }), notice: "Password changed. You were signed out on your other devices." };
        case "start-two-factor":
          await startTotpEnrolment(context.app, user);
          return submission.reply();
        case "confirm-two-factor":
          return { ...submission.reply({ resetForm: true }), recoveryCodes: await confirmTotpEnrolment(context.app, user, input.code) };
        case "disable-two-factor":
          await disableTotp(context.app, user, input.code);
          return { ...submission.reply({ resetForm: true }), notice: "Two-factor authentication is off." };
        case "email-choices":
          await setEmailChoices(
            context.app,
            user,
            NOTIFICATION_KIND_LIST.filter((kind) => input[emailChoiceField(kind)] === "on"),
          );
          return { ...submission.reply(), notice: "Your email choices are saved." };
        case "change-email":
          await requestEmailChange(context.app, user, { ...input, signOutOthers: input.signOutOthers !== undefined });
          return {
            ...submission.reply({ resetForm: true }),
            notice: `We sent a confirmation link to ${input.email}. Your address changes when you open it.`,
          };
        case "sign-out-device":
          await signOutDevice(context.app, user, input.session);
          return { ...submission.reply(), notice: "That session has ended: the device is signed out." };
        case "sign-out-everywhere": {
          const count = await signOutEverywhereElse(context.app, user);
          return {
            ...submission.reply(),
            notice: `Ended ${count} other ${count === 1 ? "session" : "sessions"}: signed out everywhere else.`,
          };
        }
        case "close-account": {
          const { clearSessionCookie } = await closeOwnAccount(context.app, user, input);
          const headers = new Headers();
          headers.append("Set-Cookie", clearSessionCookie);
          headers.append("Set-Cookie", flashHeader(context.app, { type: "success", message: "Your account is closed. Goodbye!" }));
          throw redirect(PATHS.home, { headers });
        }
      }
    },
    { hideFields: ["currentPassword", "password", "confirm"] },
  );
}

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { account, twoFactor, emailChoices: wanted, devices, closing } = loaderData;
  const result = useActionData<typeof action>();
  const notice = result && "notice" in result ? result.notice : null;
  const recoveryCodes = result && "recoveryCodes" in result ? result.recoveryCodes : null;
  const ownAccountAnswer = OWN_ACCOUNT_INTENTS.some((intent) => answerTo(result, intent));
  const [form, fields] = useSchemaForm(accountSettingsSchema, {
    id: "account-settings",
    lastResult: ownAccountAnswer ? undefined : result,
  });
  return (
    <main id="main" className="flex flex-col gap-8">
      <h1 className="text-3xl font-bold">Account settings</h1>
      {notice && (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}

      <section aria-labelledby="profile-heading" className={sectionClass}>
        <h2 id="profile-heading" className="text-xl font-bold">
          Profile
        </h2>
        <dl className="mt-3 grid grid-cols-[8rem_minmax(0,1fr)] gap-y-1 wrap-anywhere">
          <dt className="text-slate-600">Name</dt>
          <dd>{account.name}</dd>
          <dt className="text-slate-600">Email</dt>
          <dd>
            {account.email}{" "}
            {account.emailVerified ? (
              <span className="text-green-800">(confirmed)</span>
            ) : (
              <span className="text-amber-800">(not confirmed yet)</span>
            )}
          </dd>
          <dt className="text-slate-600">Account type</dt>
          <dd className="capitalize">{account.role}</dd>
        </dl>
        {!account.emailVerified && (
          <Form method="post" className="mt-3">
            <button type="submit" name="intent" value="resend-verification" className={secondaryButtonClass}>
              Resend confirmation email
            </button>
          </Form>
        )}
      </section>

      <ChangeEmailSection hasPassword={account.hasPassword} />

      {account.hasPassword && (
        <section aria-labelledby="password-heading" className={sectionClass}>
          <h2 id="password-heading" className="text-xl font-bold">
            Change password
          </h2>
          <Form method="post" {...getFormProps(form)} className="mt-3 flex max-w-md flex-col gap-3">
            <input type="hidden" name="intent" value="change-password" />
            <PasswordField label="Current password" meta={fields.currentPassword} autoComplete="current-password" />
            <PasswordField label="New password" meta={fields.password} autoComplete="new-password" />
            <FormErrors id={form.errorId} errors={form.errors} />
            <button type="submit" className={primaryButtonClass}>
              Change password
            </button>
          </Form>
        </section>
      )}

      <section aria-labelledby="two-factor-heading" className={sectionClass}>
        <h2 id="two-factor-heading" className="text-xl font-bold">
          Two-factor authentication
        </h2>
        {recoveryCodes ? (
          <div className="mt-3">
            <p role="status" className="font-semibold text-green-900">
              Two-factor authentication is on.
            </p>
            <p className="mt-2">
              Save these recovery codes somewhere safe. Each works once if you lose your phone; they are not shown again.
            </p>
            <ul aria-label="Recovery codes" className="mt-3 grid max-w-sm grid-cols-2 gap-2 font-mono">
              {recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
        ) : twoFactor.state === "on" ? (
          <TwoFactorCodeForm
            intent="disable-two-factor"
            label="Turn off two-factor authentication"
            lead={`Two-factor authentication is on. Recovery codes left: ${twoFactor.recoveryCodesLeft}.`}
          />
        ) : twoFactor.state === "pending" ? (
          <div className="mt-3 flex flex-col gap-3">
            <p>Scan this QR code with your authenticator app, or type the key by hand, then enter the 6-digit code it shows.</p>
            <div className="h-48 w-48" dangerouslySetInnerHTML={{ __html: twoFactor.qrSvg }} />
            <p>
              Key:{" "}
              <code className="rounded bg-slate-100 px-2 py-1 font-mono" aria-label="Manual key">
                {twoFactor.secret}
              </code>{" "}
              (SHA1, 6 digits, 30 seconds)
            </p>
            <TwoFactorCodeForm intent="confirm-two-factor" label="Turn on" />
          </div>
        ) : (
          <Form method="post" className="mt-3">
            <p className="mb-3">Protect your account with a code from an authenticator app when you sign in.</p>
            <button type="submit" name="intent" value="start-two-factor" className={primaryButtonClass}>
              Set up two-factor authentication
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="email-choices-heading" className={sectionClass}>
        <h2 id="email-choices-heading" className="text-xl font-bold">
          Email notifications
        </h2>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="email-choices" />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">Email me about:</legend>
            {NOTIFICATION_KIND_LIST.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-2">
                <input type="checkbox" name={emailChoiceField(kind)} defaultChecked={wanted.includes(kind)} className="h-5 w-5" />
                {NOTIFICATION_KIND_LABELS[kind]}
              </label>
            ))}
          </fieldset>
          <p className="text-sm text-slate-700">You see every notification under Notifications either way; this only stops the emails.</p>
          <button type="submit" className={`${secondaryButtonClass} self-start`}>
            Save email choices
          </button>
        </Form>
      </section>

      <DevicesSection devices={devices} />
      <YourDataSection />
      <CloseAccountSection confirming={closing} hasPassword={account.hasPassword} />
    </main>
  );
}

function TwoFactorCodeForm({ intent, label, lead }: { intent: string; label: string; lead?: string }) {
  const result = useActionData<typeof action>();
  const ownAccountAnswer = OWN_ACCOUNT_INTENTS.some((own) => answerTo(result, own));
  const [form, fields] = useSchemaForm(accountSettingsSchema, { id: intent, lastResult: ownAccountAnswer ? undefined : result });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex max-w-md flex-col gap-3">
      {lead && <p>{lead}</p>}
      <input type="hidden" name="intent" value={intent} />
      <TextField label="Authentication code" meta={fields.code} autoComplete="one-time-code" />
      <FormErrors id={form.errorId} errors={form.errors} />
      <button type="submit" className={primaryButtonClass}>
        {label}
      </button>
    </Form>
  );
}
