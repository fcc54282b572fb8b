import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { PATHS, pathTo } from "~/lib/paths";
import { type Product } from "~/lib/types";
import { type CarActionsState } from "~/lib/viewer-marks";

// The dialogs (and their form library) load when someone first opens one, not with the page.
const CarActionDialog = lazy(() => import("./car-action-dialog"));

const doneClass = "rounded-lg bg-emerald-50 px-4 py-2 font-semibold text-emerald-800";

/**
 * Book Now and Report this item under a product card, as far as the viewer may use them: no booking
 * for sellers and admins, "Booked" (to My Orders) once booked, "Reported" once reported. Both are
 * plain links to their own pages (so they work without JavaScript); with JavaScript, each opens a
 * dialog and answers with a toast. `openBooking` opens the booking dialog at once.
 */
export function ProductActions({
  product,
  mayBook,
  booked,
  reported,
  openBooking = false,
}: CarActionsState & { product: Product; openBooking?: boolean }) {
  const offerBooking = mayBook && !booked;
  const [dialog, setDialog] = useState<"book" | "report" | null>(openBooking && offerBooking ? "book" : null);

  return (
    <>
      {/* One link in both states, so focus stays on it when a booking turns it into Booked. */}
      {(offerBooking || booked) && (
        <Link
          to={booked ? PATHS.myOrders : pathTo(PATHS.book, { id: product._id })}
          onClick={(event) => {
            if (booked) return;
            event.preventDefault();
            setDialog("book");
          }}
          aria-label={`${booked ? "Booked" : "Book Now"}: ${product.productName}`}
          className={booked ? doneClass : "rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"}
        >
          {booked ? "✓ Booked" : "Book Now"}
        </Link>
      )}
      {reported ? (
        <span className={doneClass}>Reported</span>
      ) : (
        <Link
          to={pathTo(PATHS.report, { id: product._id })}
          onClick={(event) => {
            event.preventDefault();
            setDialog("report");
          }}
          aria-label={`Report this item: ${product.productName}`}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Report this item
        </Link>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <CarActionDialog kind={dialog} product={product} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
