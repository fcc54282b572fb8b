import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { toast as sonner, Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS, TOAST_GAP, TOAST_LIMIT, TOAST_MAX_WIDTH, TOAST_TOP_OFFSET, type ToastMessage } from "~/lib/shared/toast";
import { connectToaster } from "./toast";

function present({ type, message }: ToastMessage) {
  const options = { duration: TOAST_DURATION_MS[type] };
  if (type === "success") sonner.success(message, options);
  else if (type === "error") sonner.error(message, options);
  else if (type === "loading") sonner.loading(message, options);
  else sonner(message, options);
}

/**
 * The toast area with the spec's durations and limits (loaded on the first toast), below the
 * header. While a modal dialog is open, everything outside it lies under its backdrop and is inert
 * (whatever its z-index), so toasts are shown inside the dialog then: an error over the booking
 * dialog is seen, read out and can be closed.
 */
export default function Toaster() {
  const [host, setHost] = useState<Element>(document.body);
  // Toasts wait for the render that moved the area, so the area that shows them is the one mounted.
  const waiting = useRef<ToastMessage[]>([]);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    for (const toast of waiting.current.splice(0)) present(toast);
  }, [asked]);
  useEffect(
    () =>
      connectToaster((toast) => {
        waiting.current.push(toast);
        setHost(document.querySelector("dialog:modal") ?? document.body);
        setAsked((count) => count + 1);
      }),
    [],
  );
  return createPortal(
    <SonnerToaster
      position="top-center"
      offset={{ top: TOAST_TOP_OFFSET }}
      mobileOffset={{ top: TOAST_TOP_OFFSET }}
      visibleToasts={TOAST_LIMIT}
      gap={TOAST_GAP}
      richColors
      closeButton
      style={{ maxWidth: TOAST_MAX_WIDTH }}
    />,
    host,
  );
}
