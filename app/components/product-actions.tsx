import { Link } from "react-router";
import { type Product } from "~/lib/types";

/** Book Now and Report this item under a product card. */
export function ProductActions({ product }: { product: Product }) {
  return (
    <>
      <Link
        to={`/book/${product._id}`}
        aria-label={`Book Now: ${product.productName}`}
        className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
      >
        Book Now
      </Link>
      <Link
        to={`/report/${product._id}`}
        aria-label={`Report this item: ${product.productName}`}
        className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-700 hover:bg-slate-50"
      >
        Report this item
      </Link>
    </>
  );
}
