import { type getFormProps } from "@conform-to/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useLocation, type FetcherWithComponents } from "react-router";
import { type ActionResult } from "~/lib/action-result";
import { loginUrl } from "~/lib/redirects";
import { useOptionalUser } from "~/lib/use-user";
import { primaryButtonClass, secondaryButtonClass } from "./field";
import { showToast } from "./toast";

/**
 * A form in a modal <dialog> that posts with a fetcher (Book Now, Report): focus moves in and
 * stays inside, Esc or Cancel closes it and focus returns to what opened it. Signed-out users are
 * asked to sign in instead. A success closes it with a toast; a refusal shows its toast and, with
 * `closeOnRefusal`, closes it too.
 */
export function FormDialog({
  title,
  action,
  formProps,
  fetcher,
  submitLabel,
  signInPrompt,
  closeOnRefusal = false,
  onClose,
  children,
}: {
  title: ReactNode;
  action: string;
  /** The form's Conform props (`getFormProps(form)`). */
  formProps: ReturnType<typeof getFormProps>;
  fetcher: FetcherWithComponents<ActionResult>;
  submitLabel: string;
  signInPrompt: string;
  closeOnRefusal?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const user = useOptionalUser();
  const location = useLocation();
  const closeDialog = () => dialog.current?.close();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const { ok, message } = fetcher.data;
    if (ok || closeOnRefusal) dialog.current?.close();
    showToast({ type: ok ? "success" : closeOnRefusal ? "blank" : "error", message });
  }, [fetcher.state, fetcher.data, closeOnRefusal]);

  const cancel = (
    <button type="button" onClick={closeDialog} className={secondaryButtonClass}>
      Cancel
    </button>
  );
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-6">
        <h2 id={titleId} className="text-2xl font-bold">
          {title}
        </h2>
        {user ? (
          <fetcher.Form method="post" action={action} {...formProps} className="flex flex-col gap-3">
            {children}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== "idle"}>
                {submitLabel}
              </button>
              {cancel}
            </div>
          </fetcher.Form>
        ) : (
          <>
            <p>{signInPrompt}</p>
            <div className="flex flex-wrap gap-3">
              <Link to={loginUrl(location.pathname + location.search)} className={primaryButtonClass}>
                Sign In
              </Link>
              {cancel}
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
