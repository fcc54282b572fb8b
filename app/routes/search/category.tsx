import { requirePermission } from "~/.server/auth/guards";
import { orPageError } from "~/.server/web/page-errors";
import { loadCategoryPage } from "~/.server/services/site/search-page";
import { CarGrid } from "~/components/catalog/car-grid";
import { SearchLayout } from "~/components/search/search-filters";
import { EmptySearch, SearchPager } from "~/components/search/search-results";
import { pageTitle } from "~/lib/shared/meta";
import { toCarCardData } from "~/lib/catalog/car-card-data";
import { openGraph } from "~/lib/shared/open-graph";
import { formatCars } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { activeFilters } from "~/lib/search/search-params";
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

const FIXED = ["categoryId"] as const;

/** A category's cars for sale, with the search's filters and sort (the category fixed by the path). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:cars");
  const found = await orPageError(() => loadCategoryPage(context.app, request, user, params.id));
  return {
    ...found,
    data: found.data.map(toCarCardData),
    now: context.app.now().toISOString(),
    origin: context.app.origin,
  };
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, query, facets, facetsAsOf, categories, total, data: cars, totalPages, advice } = loaderData;
  const now = new Date(loaderData.now);
  const state = { path: pathTo(PATHS.category, { id: category._id }), query, facets, facetsAsOf, categories, fixed: FIXED, total };
  const headline = (
    <div>
      <h1 className="mb-2 text-3xl font-bold">{category.categoryName}</h1>
      <h2 className="text-lg text-slate-700">{`${formatCars(total)} for sale`}</h2>
    </div>
  );
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <SearchLayout state={state} cars={cars} headline={headline}>
        {cars.length === 0 ? (
          <EmptySearch
            state={state}
            advice={advice}
            nothingForSale={activeFilters(query, FIXED).length === 0 ? "No car Available for this category" : undefined}
          />
        ) : (
          <CarGrid cars={cars} now={now} carActions={loaderData.carActions} eager columns="besideFilters" />
        )}
        <SearchPager
          state={state}
          totalPages={totalPages}
          nextCursor={loaderData.nextCursor}
          previousCursor={loaderData.previousCursor}
          label="Pages of this category"
        />
      </SearchLayout>
    </main>
  );
}
