import { useEffect } from "react";
import { toast as sonner, Toaster as SonnerToaster } from "sonner";
import { TOAST_DURATION_MS, TOAST_GAP, TOAST_LIMIT, TOAST_MAX_WIDTH, type ToastMessage } from "~/lib/toast";
import { connectToaster } from "./toast";

function present({ type, message }: ToastMessage) {
  const options = { duration: TOAST_DURATION_MS[type] };
  if (type === "success") sonner.success(message, options);
  else if (type === "error") sonner.error(message, options);
  else if (type === "loading") sonner.loading(message, options);
  else sonner(message, options);
}

/** The toast area with the spec's durations and limits (loaded on the first toast). */
export default function Toaster() {
  useEffect(() => connectToaster(present), []);
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={TOAST_LIMIT}
      gap={TOAST_GAP}
      richColors
      closeButton
      style={{ maxWidth: TOAST_MAX_WIDTH }}
    />
  );
}
