import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { MESSAGE_MAX_LENGTH } from "~/lib/messages/message-length";
import { primaryButtonClass } from "../ui/field";

/**
 * A message's text box and Send: a plain form post (works without JavaScript). With JavaScript the
 * box is emptied once its message was sent without an error.
 */
export function MessageForm({
  id,
  label,
  action,
  error,
  hidden = {},
}: {
  id: string;
  label: string;
  action?: string;
  error?: string;
  hidden?: Record<string, string>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("form") === id;
  const wasSending = useRef(false);
  useEffect(() => {
    if (wasSending.current && !sending && !error) form.current?.reset();
    wasSending.current = sending;
  }, [sending, error]);
  const errorId = `${id}-error`;
  return (
    <Form ref={form} method="post" action={action} preventScrollReset className="flex flex-col gap-2">
      <input type="hidden" name="form" value={id} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={`${id}-text`} className="font-medium">
        {label}
      </label>
      <textarea
        id={`${id}-text`}
        name="text"
        rows={3}
        required
        maxLength={MESSAGE_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 aria-[invalid=true]:border-red-600"
      />
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <button type="submit" disabled={sending} className={`${primaryButtonClass} self-start`}>
        Send
      </button>
    </Form>
  );
}
