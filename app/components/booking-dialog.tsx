import { getFormProps } from "@conform-to/react";
import { useEffect, useId, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { type ActionResult } from "~/lib/action-result";
import { PATHS, pathTo } from "~/lib/paths";
import { loginUrl } from "~/lib/redirects";
import { bookingSchema } from "~/lib/schemas/bookings";
import { type Product } from "~/lib/types";
import { useOptionalUser } from "~/lib/use-user";
import { useSchemaForm } from "~/lib/use-schema-form";
import { BookingFields } from "./booking-fields";
import { primaryButtonClass, secondaryButtonClass } from "./ui/field";
import { showToast } from "./ui/toast";

/** A modal <dialog>: focus moves in and stays inside, Esc closes it, focus returns to Book Now. */
export default function BookingDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const user = useOptionalUser();
  const location = useLocation();
  const fetcher = useFetcher<ActionResult>();
  const [form, fields] = useSchemaForm(bookingSchema, { id: `booking-${product._id}` });
  const closeDialog = () => dialog.current?.close();

  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      dialog.current?.close();
      showToast({ type: "success", message: fetcher.data.message });
    } else {
      showToast({ type: "error", message: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-full max-w-md rounded-2xl p-0 backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-3 p-6">
        <h2 id={titleId} className="text-2xl font-bold">
          {product.productName}
        </h2>
        {user ? (
          <fetcher.Form
            method="post"
            action={pathTo(PATHS.book, { id: product._id })}
            {...getFormProps(form)}
            className="flex flex-col gap-3"
          >
            <input type="hidden" name="product_id" value={product._id} />
            <BookingFields product={product} user={user} fields={fields} />
            <div className="flex gap-3">
              <button type="submit" className={primaryButtonClass} disabled={fetcher.state !== "idle"}>
                Submit
              </button>
              <button type="button" onClick={closeDialog} className={secondaryButtonClass}>
                Cancel
              </button>
            </div>
          </fetcher.Form>
        ) : (
          <>
            <p>Please Signin to book it.</p>
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
