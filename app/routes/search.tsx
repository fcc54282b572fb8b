import { adviceForEmptySearch, searchPage } from "~/.server/services/search-page";
import { ProductActions } from "~/components/product-actions";
import { ProductCard } from "~/components/product-card";
import { SearchLayout } from "~/components/search-filters";
import { EmptySearch } from "~/components/search-results";
import { Pager } from "~/components/ui/paged-list";
import { pageTitle } from "~/lib/meta";
import { openGraph } from "~/lib/open-graph";
import { PATHS } from "~/lib/paths";
import { activeFilters, canonicalSearchPath, parseSearchLeniently, searchHeadline } from "~/lib/search-params";
import { type Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: pageTitle("Used cars for sale") }];
  return [
    { title: pageTitle(data.headline) },
    ...openGraph({
      title: data.headline,
      description: `${data.headline} on Auto Reseller: ${data.total} to compare by price, year and mileage, book and pay securely.`,
      url: `${data.origin}${data.canonicalPath}`,
      image: data.data[0] ? `${data.origin}${data.data[0].image}` : undefined,
    }),
  ];
};

/** Public: every car for sale, searched, filtered and sorted by what the URL says (bad values are dropped). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.app;
  const query = parseSearchLeniently(new URL(request.url).searchParams);
  const found = await searchPage(ctx, query);
  const advice = found.total === 0 ? await adviceForEmptySearch(ctx, query) : null;
  // Titles and canonical links spell a make as its listings do, whatever case the URL used.
  const make =
    query.make && (found.facets.make.find((entry) => entry.value.toLowerCase() === query.make!.toLowerCase())?.value ?? query.make);
  const categoryName = found.categories.find((category) => category._id === query.categoryId)?.categoryName;
  return {
    ...found,
    query,
    advice,
    headline: searchHeadline(make, categoryName),
    canonicalPath: canonicalSearchPath({ ...query, make }),
    origin: ctx.publicOrigin,
    now: ctx.now().toISOString(),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, facets, categories, total, data: cars, totalPages, advice, headline } = loaderData;
  const now = new Date(loaderData.now);
  const state = { path: PATHS.search, query, facets, categories, fixed: [], total };
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <SearchLayout state={state} products={cars} headline={<h1 className="text-3xl font-bold">{headline}</h1>}>
        {cars.length === 0 ? (
          <EmptySearch
            state={state}
            advice={advice}
            nothingForSale={activeFilters(query).length === 0 ? "No cars are for sale right now." : undefined}
          />
        ) : (
          <div className="grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {cars.map((product, index) => (
              <ProductCard key={product._id} product={product} now={now} eager={index < 2} actions={<ProductActions product={product} />} />
            ))}
          </div>
        )}
        <Pager page={query.page} totalPages={totalPages} label="Pages of results" />
      </SearchLayout>
    </main>
  );
}
