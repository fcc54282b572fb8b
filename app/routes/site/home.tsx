import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { Carousel } from "~/components/site/carousel";
import { CategoryCard } from "~/components/catalog/category-card";
import { Faq } from "~/components/site/faq";
import { HomeSearch } from "~/components/search/home-search";
import { CarGrid } from "~/components/catalog/car-grid";
import { HOME_FAQ, HOME_SLIDES } from "~/content/home";
import { busiestCategories } from "~/.server/services/catalog/categories";
import { listAdvertisedCars } from "~/.server/services/catalog/cars";
import { viewerCarActionsOnPage } from "~/.server/services/catalog/viewer-car-actions";
import { getSessionUser } from "~/.server/auth/guards";
import { listRecentlyViewed } from "~/.server/services/search/recently-viewed";
import { personalPageQueryFor } from "~/.server/services/site/personal-page-data";
import { pageTitle } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { toCarCardData } from "~/lib/catalog/car-card-data";
import { LOCATIONS } from "~/lib/schemas/catalog";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { useRecentCars, useViewerCarActions } from "~/lib/site/personal-page-data";
import { openGraph } from "~/lib/shared/open-graph";
import { type Route } from "./+types/home";

// Recently viewed comes after hydration, from the account or the browser: its code stays out of Home's first load (its budget).
const RecentlyViewed = lazy(() =>
  import("~/components/search/recently-viewed").then(({ RecentlyViewed }) => ({ default: RecentlyViewed })),
);

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle("Home") },
  ...openGraph({
    title: "Auto Reseller: used cars for sale",
    description: "Buy and sell used cars across Bangladesh: browse by category, book a car and pay securely by card.",
    url: `${data?.origin ?? ""}/`,
    image: data?.categories[0] ? `${data.origin}${data.categories[0].image}` : undefined,
  }),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ categories, total: categoryCount }, advertised] = await Promise.all([
    busiestCategories(context.app),
    listAdvertisedCars(context.app),
  ]);
  const user = await getSessionUser(context.app, request);
  // The signed-in viewer's recently viewed cars; for visitors, the browser's list (null here, so the cached page is everyone's).
  const [carActions, recent] = await Promise.all([
    viewerCarActionsOnPage(
      context.app,
      user,
      advertised.map((car) => car._id),
    ),
    user ? listRecentlyViewed(context.app, user.id) : null,
  ]);
  return {
    categories,
    categoryCount,
    advertised: advertised.map(toCarCardData),
    carActions,
    recent,
    personalPageQuery: personalPageQueryFor(context.app, { cars: advertised.map((car) => car._id), recent: true }),
    // Home's fixed texts travel as data, not in its JavaScript (its budget: tests/integration/budgets.test.ts).
    slides: HOME_SLIDES,
    faq: HOME_FAQ,
    locations: LOCATIONS,
    now: context.app.now().toISOString(),
    origin: context.app.origin,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, categoryCount, advertised } = loaderData;
  const now = new Date(loaderData.now);
  const hydrated = useHydrated();
  // On the copy rendered for every signed-in visitor, their personal data once loaded (app/lib/site/personal-page-data.tsx).
  const carActions = useViewerCarActions(loaderData);
  const recent = useRecentCars(loaderData);
  return (
    <main id="main" className="home-main">
      <h1 className="sr-only">Auto Reseller: used cars for sale</h1>
      <div className="flex flex-col gap-4 sm:gap-6">
        <HomeSearch locations={loaderData.locations} />
        <Carousel slides={loaderData.slides} label="Featured brands" />
      </div>

      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading" className="home-heading">
          Product categories
        </h2>
        {categories.length === 0 ? (
          <p className="text-slate-600">No categories yet.</p>
        ) : (
          // On phones a row that scrolls sideways (so the advertised cars are near), a grid from md up (app.css).
          <ul aria-label="Categories" className="category-row">
            {categories.map((category) => (
              <li key={category._id}>
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
        {categoryCount > categories.length && (
          <p className="mt-6">
            <Link to={PATHS.categories} className="btn btn-secondary btn-md">
              See all {categoryCount} categories
            </Link>
          </p>
        )}
      </section>

      {advertised.length > 0 && (
        <section aria-labelledby="advertised-heading">
          <h2 id="advertised-heading" className="home-heading">
            Advertised cars
          </h2>
          <CarGrid cars={advertised} now={now} carActions={carActions} />
        </section>
      )}

      {hydrated && (
        <Suspense fallback={null}>
          <RecentlyViewed cars={recent} />
        </Suspense>
      )}

      <section aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="home-heading">
          Buying a used car: questions and answers
        </h2>
        <Faq items={loaderData.faq} />
      </section>
    </main>
  );
}
