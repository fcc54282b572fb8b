import { data } from "react-router";
import { INFO_PAGES } from "~/content/info-pages";
import { pageTitle } from "~/lib/shared/meta";
import { type Route } from "./+types/info";

export function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).pathname.slice(1);
  const page = INFO_PAGES[slug];
  if (!page) throw data("Not found", { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: pageTitle(page?.title ?? "Not found") },
  { name: "description", content: page?.body[0] ?? "" },
];

export default function InfoPage({ loaderData: page }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-4xl font-extrabold">{page.title}</h1>
      {page.body.map((paragraph) => (
        <p key={paragraph} className="mb-4 leading-relaxed text-slate-700">
          {paragraph}
        </p>
      ))}
    </main>
  );
}
