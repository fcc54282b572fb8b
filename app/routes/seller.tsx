import { orPageError } from "~/.server/page-errors";
import { listSellerCarsForSale } from "~/.server/services/sellers";
import { viewerMarksOnPage } from "~/.server/services/viewer-marks";
import { CarGrid } from "~/components/car-grid";
import { VerifiedBadge } from "~/components/seller-badge";
import { SimplePager } from "~/components/ui/simple-pager";
import { formatMonth } from "~/lib/format";
import { pageFromUrl } from "~/lib/list-query";
import { pageTitle } from "~/lib/meta";
import { openGraph } from "~/lib/open-graph";
import { PATHS, pathTo } from "~/lib/paths";
import { type Route } from "./+types/seller";

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: pageTitle(`${data.seller.name}, seller`) },
        ...openGraph({
          title: `${data.seller.name} on Auto Reseller`,
          description: `Used cars for sale by ${data.seller.name}${data.seller.verify ? ", a verified seller," : ""} on Auto Reseller: ${data.seller.forSale} for sale, ${data.seller.sold} sold.`,
          url: data.url,
          image: data.products[0] ? `${data.origin}${data.products[0].image}` : undefined,
        }),
      ]
    : [{ title: pageTitle("Seller") }];

/** Public: a seller's profile and their cars for sale, a page at a time. Not a seller → 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.app;
  const page = pageFromUrl(request.url);
  const result = await orPageError(() => listSellerCarsForSale(ctx, params.id, page));
  const origin = ctx.publicOrigin;
  const marks = await viewerMarksOnPage(
    ctx,
    request,
    result.products.map((product) => product._id),
  );
  return {
    ...result,
    page,
    marks,
    origin,
    url: `${origin}${pathTo(PATHS.seller, { id: params.id })}`,
    now: ctx.now().toISOString(),
  };
}

export default function SellerPage({ loaderData }: Route.ComponentProps) {
  const { seller, products, total, page, totalPages } = loaderData;
  const now = new Date(loaderData.now);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <section
        aria-labelledby="seller-name"
        className="mb-10 flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">Seller</p>
        <h1 id="seller-name" className="break-words text-3xl font-bold">
          {seller.name}
        </h1>
        {seller.verify && <VerifiedBadge />}
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          <div>
            <dt className="text-sm text-slate-600">Member since</dt>
            <dd className="font-semibold">
              <time dateTime={seller.memberSince}>{formatMonth(seller.memberSince)}</time>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">For sale</dt>
            <dd className="font-semibold">{seller.forSale}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Sold</dt>
            <dd className="font-semibold">{seller.sold}</dd>
          </div>
        </dl>
      </section>
      <h2 className="mb-6 text-2xl font-bold">
        {total} {total === 1 ? "car" : "cars"} for sale
      </h2>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg">This seller has no cars for sale right now.</p>
      ) : (
        <CarGrid cars={products} now={now} marks={loaderData.marks} eager={3} />
      )}
      <SimplePager page={page} totalPages={totalPages} label={`Pages of ${seller.name}'s cars`} />
    </main>
  );
}
