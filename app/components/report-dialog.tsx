import { getFormProps } from "@conform-to/react";
import { useEffect, useId, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { type ActionResult } from "~/lib/action-result";
import { PATHS, pathTo } from "~/lib/paths";
import { loginUrl } from "~/lib/redirects";
import { reportFormSchema } from "~/lib/schemas/bookings";
import { type Product } from "~/lib/types";
import { useOptionalUser } from "~/lib/use-user";
import { useSchemaForm } from "~/lib/use-schema-form";
import { ReportFields } from "./report-fields";
import { primaryButtonClass, secondaryButtonClass } from "./ui/field";
import { showToast } from "./ui/toast";

/**
 * "Report this item?" as a modal <dialog>: nothing is sent until the user picks a reason and
 * confirms. Esc or Cancel closes it and focus returns to the Report link. `/report/<id>` is the
 * same form without JavaScript.
 */
export default function ReportDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const user = useOptionalUser();
  const location = useLocation();
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useSchemaForm(reportFormSchema, { id: `report-${product._id}` });
  const closeDialog = () => dialog.current?.close();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    dialog.current?.close();
    showToast({ type: fetcher.data.ok ? "success" : "blank", message: fetcher.data.message });
  }, [fetcher.state, fetcher.data]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-6">
        <h2 id={titleId} className="text-2xl font-bold">
          Report this item?
        </h2>
        {user ? (
          <fetcher.Form
            method="post"
            action={pathTo(PATHS.report, { id: product._id })}
            {...getFormProps(form)}
            className="flex flex-col gap-3"
          >
            <p>
              Tell our admins that <strong>{product.productName}</strong> looks wrong.
            </p>
            <input type="hidden" name="product_id" value={product._id} />
            <ReportFields fields={fields} />
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== "idle"}>
                Report this item
              </button>
              <button type="button" onClick={closeDialog} className={secondaryButtonClass}>
                Cancel
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <>
            <p>Please sign in to report it.</p>
            <div className="flex gap-3">
              <Link to={loginUrl(location.pathname + location.search)} className={primaryButtonClass}>
                Sign In
              </Link>
              <button type="button" onClick={closeDialog} className={secondaryButtonClass}>
                Cancel
              </button>
            </div>
          </>
        )}
      </div>
    </dialog>
  );
}
