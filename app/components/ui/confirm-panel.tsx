import { type ReactNode } from "react";
import { Form } from "react-router";
import { Button, ButtonLink } from "./button";

/**
 * The "Are you sure?" step before a delete or verify. It is a page state (a link sets
 * `?confirm=…`), so it works the same with and without JavaScript. A step that destroys something
 * says it cannot be undone and confirms with a danger button; any other (`title` and `text` given)
 * says what will happen and confirms with a plain one.
 */
export function ConfirmPanel({
  intent,
  id,
  confirmLabel,
  cancelTo,
  cancelLabel = "Cancel",
  title = "Are you sure?",
  text = "You won't be able to revert this!",
  danger = true,
  fields = {},
}: {
  intent: string;
  id: string;
  confirmLabel: string;
  cancelTo: string;
  /** The link that goes back without doing it (e.g. "Keep it" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
  title?: string;
  text?: ReactNode;
  danger?: boolean;
  /** More of what the confirmed post carries (e.g. the decision chosen, the reason written). */
  fields?: Record<string, string>;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      className={`mb-6 rounded-card border-2 p-6 ${danger ? "border-amber-400 bg-warning-50" : "border-line bg-white"}`}
    >
      <h2 id="confirm-title" className="text-heading">
        {title}
      </h2>
      <p id="confirm-text" className="mt-1">
        {text}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" name="intent" value={intent} autoFocus variant={danger ? "danger" : "primary"}>
            {confirmLabel}
          </Button>
        </Form>
        <ButtonLink to={cancelTo} preventScrollReset variant="secondary">
          {cancelLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
