import { lazy, Suspense, useEffect, useState } from "react";
import { type ToastMessage } from "~/lib/shared/toast";
import { showToast, whenToastRequested } from "./toast";

const Toaster = lazy(() => import("./toaster"));

/**
 * Where toasts appear. `flash` is a toast handed over by the server after a redirect; without
 * JavaScript it is rendered as a plain status message instead.
 */
export function ToasterHost({ flash }: { flash: ToastMessage | null }) {
  const [needed, setNeeded] = useState(false);
  useEffect(() => whenToastRequested(() => setNeeded(true)), []);
  useEffect(() => {
    if (flash) showToast(flash);
  }, [flash]);
  return (
    <>
      {needed && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
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
