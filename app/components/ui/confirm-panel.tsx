import { Form, Link } from "react-router";

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
      className="mb-6 rounded-2xl border-2 border-amber-400 bg-amber-50 p-6"
    >
      <h2 id="confirm-title" className="text-xl font-bold">
        Are you sure?
      </h2>
      <p id="confirm-text" className="mt-1">
        You won't be able to revert this!
      </p>
      <div className="mt-4 flex gap-3">
        <Form method="post">
          <input type="hidden" name="id" value={id} />
          <button
            type="submit"
            name="intent"
            value={intent}
            autoFocus
            className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
          >
            {confirmLabel}
          </button>
        </Form>
        <Link
          to={cancelTo}
          preventScrollReset
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold hover:bg-slate-50"
        >
          {cancelLabel}
        </Link>
      </div>
    </div>
  );
}
