import { redirect, useActionData } from "react-router";
import { getSessionUser } from "~/.server/auth/guards";
import { readFormBody } from "~/.server/web/form-body";
import { actionResult } from "~/.server/web/page-errors";
import { saveSearch } from "~/.server/services/search/saved-searches";
import { loadSearchPage } from "~/.server/services/site/search-page";
import { CarGrid } from "~/components/catalog/car-grid";
import { SaveSearch } from "~/components/search/save-search";
import { SearchLayout } from "~/components/search/search-filters";
import { EmptySearch, SearchPager } from "~/components/search/search-results";
import { pageTitle } from "~/lib/shared/meta";
import { toCarCardData } from "~/lib/catalog/car-card-data";
import { openGraph } from "~/lib/shared/open-graph";
import { PATHS } from "~/lib/shared/paths";
import { loginUrl } from "~/lib/accounts/redirects";
import { savedSearchName } from "~/lib/search/saved-searches";
import { activeFilters, canonicalSearchPath, searchHeadline } from "~/lib/search/search-params";
import { useViewerCarActions } from "~/lib/site/personal-page-data";
import { type Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [{ title: pageTitle("Used cars for sale") }];
  return [
    { title: pageTitle(data.headline) },
    ...openGraph({
      title: data.headline,
      description: `${data.headline} on Auto Reseller: ${data.total} to compare by price, year and mileage, book and pay securely.`,
      url: `${data.origin}${data.canonicalPath}`,
      image: data.data[0] ? `${data.origin}${data.data[0].photo.url}` : undefined,
    }),
  ];
};

/** Public: every car for sale, searched, filtered and sorted by what the URL says (bad values are dropped). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.app;
  const found = await loadSearchPage(ctx, request, getSessionUser(ctx, request));
  const { query } = found;
  // Titles and canonical links spell a make as its listings do, whatever case the URL used.
  const make =
    query.make && (found.facets.make.find((entry) => entry.value.toLowerCase() === query.make!.toLowerCase())?.value ?? query.make);
  const categoryName = found.categories.find((category) => category._id === query.categoryId)?.categoryName;
  return {
    ...found,
    data: found.data.map(toCarCardData),
    headline: searchHeadline(make, categoryName),
    canonicalPath: canonicalSearchPath({ ...query, make }),
    origin: ctx.publicOrigin,
    now: ctx.now().toISOString(),
  };
}

/** "Save this search": the signed-in user keeps the search (signed-out users are sent to sign in and back). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.app;
  const form = await readFormBody(request);
  const user = await getSessionUser(ctx, request);
  const url = new URL(request.url);
  if (!user) return redirect(loginUrl(url.pathname + url.search));
  const query = form.get("query");
  return actionResult(async () => {
    const saved = await saveSearch(ctx, user, typeof query === "string" ? query : "");
    return { ok: true, message: saved.created ? "Search saved." : "You have already saved this search." };
  });
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { query, facets, facetsAsOf, categories, total, data: cars, totalPages, advice, headline } = loaderData;
  const now = new Date(loaderData.now);
  // On the copy rendered for every signed-in visitor, their carActions once loaded (app/lib/site/personal-page-data.tsx).
  const carActions = useViewerCarActions(loaderData);
  const saved = useActionData<typeof action>();
  const categoryName = (id: string) => categories.find((category) => category._id === id)?.categoryName;
  const state = { path: PATHS.search, query, facets, facetsAsOf, categories, fixed: [], total };
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 lg:py-5">
      <SearchLayout
        state={state}
        cars={cars}
        headline={
          <>
            <h1 className="text-3xl font-bold">{headline}</h1>
            {loaderData.saveQuery && (
              <SaveSearch
                query={loaderData.saveQuery}
                name={savedSearchName(loaderData.saveQuery, categoryName)}
                signedIn={loaderData.signedIn}
                result={saved}
              />
            )}
          </>
        }
      >
        {cars.length === 0 ? (
          <EmptySearch
            state={state}
            advice={advice}
            nothingForSale={activeFilters(query).length === 0 ? "No cars are for sale right now." : undefined}
          />
        ) : (
          <>
            {/* The cards' h3s need a level between them and the page's h1 (axe's heading order). */}
            <h2 className="sr-only">Results</h2>
            <CarGrid cars={cars} now={now} carActions={carActions} eager columns="list" />
          </>
        )}
        <SearchPager
          state={state}
          totalPages={totalPages}
          nextCursor={loaderData.nextCursor}
          previousCursor={loaderData.previousCursor}
          label="Pages of results"
        />
      </SearchLayout>
    </main>
  );
}
