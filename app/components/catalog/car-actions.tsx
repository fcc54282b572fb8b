import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type CarForActions } from "~/lib/catalog/car-card-data";
import { type CarActionsState } from "~/lib/catalog/viewer-car-actions";

// The dialogs (and their form library) load when someone first opens one, not with the page.
const CarActionDialog = lazy(() => import("./car-action-dialog"));

const doneClass = "btn btn-done btn-md";

/**
 * Book Now and Report this item, as far as the viewer may use them: no booking for sellers and
 * admins, "Booked" (to My Orders) once booked, "Reported" once reported. Both are plain links to
 * their own pages (so they work without JavaScript); with JavaScript, each opens a dialog and
 * answers with a toast (the dialog's form makes React Router discover the page's route then, so the
 * links do not ask for it with every card). On a car's page (`place="page"`) both are buttons; on a card Book Now is
 * and Report sits in the card's More actions menu. `openBooking` opens the booking dialog at once.
 */
export function CarActions({
  car,
  mayBook,
  booked,
  payBookingId,
  reported,
  place = "page",
  openBooking = false,
}: CarActionsState & { car: CarForActions; place?: "card" | "page"; openBooking?: boolean }) {
  const offerBooking = mayBook && !booked;
  const [dialog, setDialog] = useState<"book" | "report" | null>(openBooking && offerBooking ? "book" : null);
  const onCard = place === "card";

  const report = reported ? (
    <span className={onCard ? "card-menu-item text-success-800" : doneClass}>Reported</span>
  ) : (
    // A plain link: with JavaScript it only ever opens the dialog, so it needs none of a router Link's work.
    <a
      href={pathTo(PATHS.report, { id: car._id })}
      onClick={(event) => {
        event.preventDefault();
        setDialog("report");
      }}
      aria-label={`Report this item: ${car.productName}`}
      className={onCard ? "card-menu-item" : "btn btn-secondary btn-md"}
    >
      Report this item
    </a>
  );
  return (
    <>
      {/* One link in every state, so focus stays on it when a booking turns it into Pay now. Booked
          and unpaid, the next step is paying; booked and paid (or lost), My Orders says the rest. */}
      {(offerBooking || booked) && (
        <Link
          to={!booked ? pathTo(PATHS.book, { id: car._id }) : payBookingId ? pathTo(PATHS.payment, { id: payBookingId }) : PATHS.myOrders}
          discover={booked ? "render" : "none"}
          onClick={(event) => {
            if (booked) return;
            event.preventDefault();
            setDialog("book");
          }}
          aria-label={`${!booked ? "Book Now" : payBookingId ? "Booked, pay now" : "Booked"}: ${car.productName}`}
          className={`${booked && !payBookingId ? doneClass : "btn btn-primary btn-md"} ${onCard ? "flex-1" : ""}`}
        >
          {!booked ? "Book Now" : payBookingId ? "Pay now" : "✓ Booked"}
        </Link>
      )}
      {onCard ? <MoreActions carName={car.productName}>{report}</MoreActions> : report}
      {dialog && (
        <Suspense fallback={null}>
          <CarActionDialog kind={dialog} car={car} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}

/**
 * A card's less used actions in a native <details> (app.css's .card-menu): it opens and closes by
 * click, Enter or Space without JavaScript, and a tap beside it closes it (its toggle's backdrop).
 * With JavaScript, Escape closes it too and gives focus back to its toggle. It stays open while a
 * dialog opened from it is up, so focus can come back to the item that opened it.
 */
function MoreActions({ carName, children }: { carName: string; children: React.ReactNode }) {
  return (
    <details
      className="card-menu"
      onKeyDown={(event) => {
        const menu = event.currentTarget;
        if (event.key !== "Escape" || !menu.open) return;
        menu.open = false;
        menu.querySelector("summary")!.focus();
      }}
    >
      <summary className="card-menu-toggle btn btn-secondary btn-md">
        <span className="sr-only">{`More actions: ${carName}`}</span>
      </summary>
      <div className="card-menu-panel">{children}</div>
    </details>
  );
}
