import { type getFormProps } from "@conform-to/react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { type ActionResult } from "~/lib/shared/action-result";
import { primaryButtonClass, secondaryButtonClass } from "./field";
import { Spinner } from "./spinner";
import { showToast } from "./toast";

// Focus starts on the first thing to fill in (not on a summary or the close button), or on the sign-in link.
const FIRST_STOP = "input:not([type=hidden]), select, textarea, a[href]";
const FOCUSABLE = "a[href]:not([tabindex='-1']), button:not([disabled])";

/**
 * A form in a modal <dialog> that posts with a fetcher (Book Now, Report): focus moves in and
 * stays inside, Esc, the close button or Cancel closes it and focus returns to what opened it (or
 * near it, when the answer replaced it, as Reported replaces Report this item). While it is sent,
 * the submit button shows progress. Signed-out users (`signedIn` false) are asked to sign in (at `signInHref`)
 * instead. A success closes it with a toast; a refusal shows its toast and, with
 * `closeOnRefusal`, closes it too.
 */
export function FormDialog({
  title,
  action,
  formProps,
  submitLabel,
  signedIn,
  signInPrompt,
  signInHref,
  closeOnRefusal = false,
  onClose,
  children,
}: {
  title: ReactNode;
  action: string;
  /** The form's Conform props (`getFormProps(form)`). */
  formProps: ReturnType<typeof getFormProps>;
  submitLabel: string;
  /** Whether someone is signed in: the caller knows who (the form asks a signed-out visitor to sign in). */
  signedIn: boolean;
  signInPrompt: string;
  signInHref: string;
  closeOnRefusal?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const fetcher = useFetcher<ActionResult>();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const sending = fetcher.state !== "idle";
  const closeDialog = () => dialog.current?.close();

  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement;
    const near = opener?.closest("article, section");
    element.showModal();
    element.querySelector<HTMLElement>(FIRST_STOP)?.focus();
    const keepFocusNear = () => {
      if (opener && !opener.isConnected) near?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    };
    element.addEventListener("close", keepFocusNear);
    return () => element.removeEventListener("close", keepFocusNear);
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
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 break-words text-2xl font-bold">
            {title}
          </h2>
          <button
            type="button"
            onClick={closeDialog}
            aria-label="Close"
            className="-mr-2 -mt-1 flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {signedIn ? (
          <fetcher.Form method="post" action={action} {...formProps} aria-busy={sending} className="flex flex-col gap-3">
            {children}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButtonClass} disabled={sending}>
                {sending && <Spinner label="Sending" />}
                {submitLabel}
              </button>
              {cancel}
            </div>
          </fetcher.Form>
        ) : (
          <>
            <p>{signInPrompt}</p>
            <div className="flex flex-wrap gap-3">
              <Link to={signInHref} className={primaryButtonClass}>
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
