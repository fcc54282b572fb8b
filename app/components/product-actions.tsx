import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { type ActionResult } from "~/lib/action-result";
import { PATHS, pathTo } from "~/lib/paths";
import { type Product } from "~/lib/types";
import { showToast } from "./ui/toast";

// The dialog (and its form library) loads when a buyer first opens it, not with the page.
const BookingDialog = lazy(() => import("./booking-dialog"));

/**
 * Book Now and Report this item under a product card. Both are plain links/forms to their own
 * pages (so they work without JavaScript); with JavaScript, Book Now opens a dialog and both
 * answer with a toast.
 */
export function ProductActions({ product }: { product: Product }) {
  const [booking, setBooking] = useState(false);
  const report = useFetcher<ActionResult>();
  useEffect(() => {
    if (report.state === "idle" && report.data) {
      showToast({ type: report.data.ok ? "success" : "blank", message: report.data.message });
    }
  }, [report.state, report.data]);

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
      <report.Form method="post" action={pathTo(PATHS.report, { id: product._id })}>
        <button
          type="submit"
          aria-label={`Report this item: ${product.productName}`}
          disabled={report.state !== "idle"}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
        >
          Report this item
        </button>
      </report.Form>
      {booking && (
        <Suspense fallback={null}>
          <BookingDialog product={product} onClose={() => setBooking(false)} />
        </Suspense>
      )}
    </>
  );
}
