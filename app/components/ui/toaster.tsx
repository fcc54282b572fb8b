import { useEffect } from "react";
import { toast as sonner, Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS, TOAST_GAP, TOAST_LIMIT, TOAST_MAX_WIDTH, type ToastMessage } from "~/lib/toast";

/** Shows a toast with the spec's duration for its kind. */
export function showToast({ type, message }: ToastMessage) {
  const options = { duration: TOAST_DURATION_MS[type] };
  if (type === "success") sonner.success(message, options);
  else if (type === "error") sonner.error(message, options);
  else if (type === "loading") sonner.loading(message, options);
  else sonner(message, options);
}

/**
 * The toast area. `flash` is a toast handed over by the server after a redirect; without
 * JavaScript it is rendered as a plain status message instead.
 */
export function Toaster({ flash }: { flash: ToastMessage | null }) {
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  return (
    <>
      <SonnerToaster
        position="top-center"
        visibleToasts={TOAST_LIMIT}
        gap={TOAST_GAP}
        richColors
        closeButton
        style={{ maxWidth: TOAST_MAX_WIDTH }}
      />
      {flash && (
        <noscript>
          <p role="status" className="mx-auto my-2 max-w-md rounded-lg bg-slate-900 px-4 py-3 text-center text-white">
            {flash.message}
          </p>
        </noscript>
      )}
    </>
  );
}
