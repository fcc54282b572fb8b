import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { FormErrors, PasswordField, primaryButtonClass, secondaryButtonClass, TextField } from "~/components/ui/field";
import { formatDateTime } from "~/lib/shared/format";
import { PATHS } from "~/lib/shared/paths";
import { accountSettingsSchema } from "~/lib/schemas/accounts";
import { useSchemaForm } from "~/lib/shared/use-schema-form";

// Account settings' parts about the account itself: its data, its address, its devices, closing it.
// Every one is a plain form post, so each works before (and without) JavaScript.

type Answer = SubmissionResult<string[]> | undefined;

/** The intents whose answers these forms show; the page's other forms leave them alone. */
export const OWN_ACCOUNT_INTENTS = ["change-email", "close-account"];

/** The action's answer, when it answers this form: each form shows only its own errors. */
export function answerTo(result: unknown, intent: string): Answer {
  const answer = result as Answer;
  return answer?.initialValue?.intent === intent ? answer : undefined;
}
export const sectionClass = "rounded-2xl border border-slate-200 bg-white p-6";

export function YourDataSection() {
  return (
    <section aria-labelledby="your-data-heading" className={sectionClass}>
      <h2 id="your-data-heading" className="text-xl font-bold">
        Your data
      </h2>
      <p className="mt-2">
        A JSON file of everything we hold about you: your account, listings, bookings, payments and receipts, messages, reviews, favourites,
        saved searches and notifications. You can download it 5 times a day.
      </p>
      <a href="/api/me/export" download className={`${secondaryButtonClass} mt-3 inline-flex`}>
        Download your data
      </a>
    </section>
  );
}

export function ChangeEmailSection({ hasPassword }: { hasPassword: boolean }) {
  const result = answerTo(useActionData(), "change-email");
  const [form, fields] = useSchemaForm(accountSettingsSchema, { id: "change-email", lastResult: result });
  return (
    <section aria-labelledby="change-email-heading" className={sectionClass}>
      <h2 id="change-email-heading" className="text-xl font-bold">
        Change email address
      </h2>
      {hasPassword ? (
        <Form method="post" {...getFormProps(form)} className="mt-3 flex max-w-md flex-col gap-3">
          <input type="hidden" name="intent" value="change-email" />
          <p>We send a link to the new address and tell the old one. The address changes only when the link is opened.</p>
          <TextField label="New email address" type="email" meta={fields.email} autoComplete="email" />
          <PasswordField label="Your password" meta={fields.password} autoComplete="current-password" />
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name="signOutOthers" value="on" className="h-5 w-5" />
            Sign out everywhere when the new address is confirmed
          </label>
          <FormErrors id={form.errorId} errors={form.errors} />
          <button type="submit" className={`${primaryButtonClass} self-start`}>
            Send confirmation link
          </button>
        </Form>
      ) : (
        <p className="mt-2">Your account signs in with Google or GitHub: set a password first to change the address here.</p>
      )}
    </section>
  );
}

export interface DeviceRow {
  id: string;
  browser: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

export function DevicesSection({ devices }: { devices: DeviceRow[] }) {
  return (
    <section aria-labelledby="devices-heading" className={sectionClass}>
      <h2 id="devices-heading" className="text-xl font-bold">
        Signed-in devices
      </h2>
      <ul className="mt-3 flex flex-col divide-y divide-slate-200" aria-label="Signed-in devices">
        {devices.map((device) => (
          <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div>
              <p className="font-medium">
                {device.browser}
                {device.current && <span className="ml-2 text-sm text-green-800">(this device)</span>}
              </p>
              <p className="text-sm text-slate-700">Last seen {formatDateTime(device.lastSeenAt)} UTC</p>
            </div>
            {!device.current && (
              <Form method="post">
                <input type="hidden" name="intent" value="sign-out-device" />
                <input type="hidden" name="session" value={device.id} />
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  End session<span className="sr-only"> on {device.browser}</span>
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {/* Worded apart from the navbar's "Sign out", which signs out here. */}
      <Form method="post" className="mt-3">
        <p className="mb-2">Lost a phone, or signed in somewhere shared? End every session but this one, API tokens too.</p>
        <button type="submit" name="intent" value="sign-out-everywhere" className={secondaryButtonClass}>
          End all other sessions
        </button>
      </Form>
    </section>
  );
}

/**
 * Closing the account, in two steps that need no JavaScript: a link opens the confirmation (what goes,
 * what the law keeps, the password or "DELETE"), and only its form closes the account.
 */
export function CloseAccountSection({ confirming, hasPassword }: { confirming: boolean; hasPassword: boolean }) {
  const result = answerTo(useActionData(), "close-account");
  const [form, fields] = useSchemaForm(accountSettingsSchema, { id: "close-account", lastResult: result });
  const [refusal, openDeals] = (form.errors?.[0] ?? "").split(". See them at ");
  return (
    <section aria-labelledby="close-account-heading" className={sectionClass}>
      <h2 id="close-account-heading" className="text-xl font-bold">
        Close your account
      </h2>
      {!confirming ? (
        <Link to="?close=1#close-account-heading" className={`${buttonClass({ variant: "danger" })} mt-3 inline-flex`}>
          Close your account…
        </Link>
      ) : (
        <Form method="post" {...getFormProps(form)} className="mt-3 flex max-w-xl flex-col gap-3">
          <input type="hidden" name="intent" value="close-account" />
          <p className="font-semibold">This cannot be undone.</p>
          <p>
            <strong>What goes:</strong> your sign-in on every device, your listings that are not sold, bookings not paid, offers,
            favourites, saved searches and notifications.
          </p>
          <p>
            <strong>What stays, under “Deleted user”:</strong> payments, receipts and ledger records (the law requires us to keep money
            records), reviews, and messages you sent, which stay with the person you wrote to.
          </p>
          <p>You can register with the same email address again later, as a new, empty account.</p>
          {hasPassword ? (
            <PasswordField label="Your password" meta={fields.password} autoComplete="current-password" />
          ) : (
            <TextField label='Type "DELETE" to confirm (within 10 minutes of signing in)' meta={fields.confirm} />
          )}
          <FormErrors id={form.errorId} errors={openDeals ? [refusal + "."] : form.errors} />
          {openDeals && (
            <p>
              <Link to={openDeals} className="font-semibold text-brand-700 underline">
                See your open deals
              </Link>
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <button type="submit" className={buttonClass({ variant: "danger" })}>
              Close my account
            </button>
            <Link to={PATHS.settings} className={secondaryButtonClass}>
              Keep my account
            </Link>
          </div>
        </Form>
      )}
    </section>
  );
}
