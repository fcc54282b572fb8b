import { Link } from "react-router";
import { FavouriteButton } from "~/components/favourite-button";
import { formatPrice } from "~/lib/format";
import { PATHS, pathTo } from "~/lib/paths";
import { overview, postedDate, yearsUsed } from "~/lib/product-derived";
import { type Product } from "~/lib/types";

/**
 * A car for sale (spec point 2). `actions` holds Book Now and Report this item; `saved` is whether
 * the signed-in user saved it (the heart), from the page's loader.
 */
export function ProductCard({
  product,
  now,
  eager = false,
  saved = false,
  actions,
}: {
  product: Product;
  now: Date;
  eager?: boolean;
  saved?: boolean;
  actions?: React.ReactNode;
}) {
  const carPage = pathTo(PATHS.car, { id: product._id });
  return (
    <article
      aria-labelledby={`product-${product._id}`}
      className="flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {/* The title is the card's one link for keyboards and screen readers; the photo repeats it for pointers. */}
      <Link to={carPage} aria-hidden="true" tabIndex={-1}>
        <img
          src={product.image}
          alt={`Photo of ${product.productName}`}
          width={800}
          height={500}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className="h-[250px] w-full object-cover"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={`product-${product._id}`} className="text-xl font-bold">
            <Link to={carPage} className="underline-offset-2 hover:text-brand-700 hover:underline">
              {product.productName}
            </Link>
          </h3>
          <div className="flex shrink-0 items-center gap-2">
            <span className="rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-900">{product.condition}</span>
            <FavouriteButton productId={product._id} productName={product.productName} saved={saved} />
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Original price</dt>
          <dd className="font-medium line-through decoration-slate-400">{formatPrice(product.originalPrice)}</dd>
          <dt className="text-slate-600">Resale price</dt>
          <dd className="text-base font-bold text-brand-700">{formatPrice(product.resalePrice)}</dd>
          <dt className="text-slate-600">Location</dt>
          <dd>{product.location}</dd>
          <dt className="text-slate-600">Contact</dt>
          <dd>
            <a href={`tel:${product.mobile.replace(/[^\d+]/g, "")}`} className="underline-offset-2 hover:underline">
              {product.mobile}
            </a>
          </dd>
          <dt className="text-slate-600">Years used</dt>
          <dd>{yearsUsed(product.purchaseYear, now)}</dd>
          <dt className="text-slate-600">Posted</dt>
          <dd>
            <time dateTime={product.createdDate}>{postedDate(product.createdDate)}</time>
          </dd>
        </dl>
        <p className="text-slate-700">{overview(product.productDescription)}</p>
        <p className="flex items-center gap-1 text-sm">
          <span className="text-slate-600">Seller:</span>
          <span className="font-semibold">{product.seller}</span>
          {product.sellerVerified && (
            <svg role="img" aria-label="Verified seller" width="18" height="18" viewBox="0 0 24 24" className="text-brand-600">
              <title>Verified seller</title>
              <path
                fill="currentColor"
                d="M12 1l3 2.2 3.7-.1 1.1 3.5 3 2.2-1.2 3.5 1.2 3.5-3 2.2-1.1 3.5-3.7-.1L12 23l-3-2.2-3.7.1-1.1-3.5-3-2.2L2.4 12 1.2 8.8l3-2.2 1.1-3.5 3.7.1z"
              />
              <path fill="none" stroke="white" strokeWidth="2.2" d="M7.5 12.5l3 3 6-6.5" />
            </svg>
          )}
        </p>
        {actions && <div className="mt-auto flex flex-wrap gap-2 pt-2">{actions}</div>}
      </div>
    </article>
  );
}
