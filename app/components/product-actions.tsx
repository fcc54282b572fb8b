import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { PATHS, pathTo } from "~/lib/paths";
import { type Product } from "~/lib/types";

// The dialogs (and their form library) load when someone first opens one, not with the page.
const BookingDialog = lazy(() => import("./booking-dialog"));
const ReportDialog = lazy(() => import("./report-dialog"));

/**
 * Book Now and Report this item under a product card. Both are plain links to their own pages
 * (so they work without JavaScript); with JavaScript, each opens a dialog and answers with a toast.
 */
export function ProductActions({ product }: { product: Product }) {
  const [booking, setBooking] = useState(false);
  const [reporting, setReporting] = useState(false);

  return (
    <>
      <Link
        to={pathTo(PATHS.book, { id: product._id })}
        onClick={(event) => {
          event.preventDefault();
          setBooking(true);
        }}
        aria-label={`Book Now: ${product.productName}`}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
      >
        Book Now
      </Link>
      <Link
        to={pathTo(PATHS.report, { id: product._id })}
        onClick={(event) => {
          event.preventDefault();
          setReporting(true);
        }}
        aria-label={`Report this item: ${product.productName}`}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
      >
        Report this item
      </Link>
      {booking && (
        <Suspense fallback={null}>
          <BookingDialog product={product} onClose={() => setBooking(false)} />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog product={product} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </>
  );
}
