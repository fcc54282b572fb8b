import { CategoryCard } from "~/components/catalog/category-card";
import { SimplePager } from "~/components/ui/simple-pager";
import { pageOfCategories } from "~/.server/services/catalog/categories";
import { pageFromUrl } from "~/lib/shared/list-query";
import { pageTitle } from "~/lib/shared/meta";
import { type Route } from "./+types/categories";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data && data.page > 1 ? `All categories, page ${data.page}` : "All categories") },
  { name: "description", content: "Every category of used cars on Auto Reseller, with how many cars each has for sale." },
];

/** Every category, most cars for sale first, a page at a time (Home shows only the twelve busiest). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageFromUrl(request.url);
  return { page, ...(await pageOfCategories(context.app, page)) };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories, page, totalPages, total } = loaderData;
  return (
    <main id="main" className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <h1 className="text-3xl font-bold">All categories</h1>
      {categories.length === 0 ? (
        <p className="text-slate-600">{total === 0 ? "No categories yet." : "No categories on this page."}</p>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <CategoryCard key={category._id} category={category} />
          ))}
        </div>
      )}
      <SimplePager page={page} totalPages={totalPages} label="Pages of categories" />
    </main>
  );
}
