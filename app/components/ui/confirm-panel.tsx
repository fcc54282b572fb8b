import { Form } from "react-router";
import { Button, ButtonLink } from "./button";

/**
 * The "Are you sure?" step before a delete or verify. It is a page state (a link sets
 * `?confirm=…`), so it works the same with and without JavaScript.
 */
export function ConfirmPanel({
  intent,
  id,
  confirmLabel,
  cancelTo,
  cancelLabel = "Cancel",
}: {
  intent: string;
  id: string;
  confirmLabel: string;
  cancelTo: string;
  /** The link that goes back without doing it (e.g. "Keep it" where "Cancel" would be ambiguous). */
  cancelLabel?: string;
}) {
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-title"
      aria-describedby="confirm-text"
      className="mb-6 rounded-card border-2 border-amber-400 bg-warning-50 p-6"
    >
      <h2 id="confirm-title" className="text-heading">
        Are you sure?
      </h2>
      <p id="confirm-text" className="mt-1">
        You won't be able to revert this!
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <Button type="submit" name="intent" value={intent} autoFocus variant="danger">
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
