import { requireUser } from "~/.server/auth/guards";
import { orPageError } from "~/.server/page-errors";
import { listCategoryProducts } from "~/.server/services/products";
import { ProductActions } from "~/components/product-actions";
import { ProductCard } from "~/components/product-card";
import { SimplePager } from "~/components/ui/simple-pager";
import { pageFromUrl } from "~/lib/list-query";
import { pageTitle } from "~/lib/meta";
import { openGraph } from "~/lib/open-graph";
import { type Route } from "./+types/category";

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        { title: pageTitle(data.category.categoryName) },
        ...openGraph({
          title: `Used ${data.category.categoryName} cars for sale`,
          description: `Used ${data.category.categoryName} cars for sale on Auto Reseller: compare prices, book a car and pay securely.`,
          url: `${data.origin}/category/${data.category._id}`,
          image: `${data.origin}${data.category.image}`,
        }),
      ]
    : [{ title: pageTitle("Category") }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireUser(context.app, request);
  const page = pageFromUrl(request.url);
  const result = await orPageError(() => listCategoryProducts(context.app, params.id, page));
  return { ...result, page, now: context.app.now().toISOString(), origin: context.app.origin };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, products, page, totalPages } = loaderData;
  const now = new Date(loaderData.now);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{category.categoryName}</h1>
      <h2 className="mb-6 text-lg text-slate-700">
        {loaderData.total} {loaderData.total === 1 ? "car" : "cars"} for sale
      </h2>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-lg">No car Available for this category</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {products.map((product, index) => (
            <ProductCard key={product._id} product={product} now={now} eager={index < 3} actions={<ProductActions product={product} />} />
          ))}
        </div>
      )}
      <SimplePager page={page} totalPages={totalPages} label="Pages of this category" />
    </main>
  );
}
