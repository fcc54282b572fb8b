import { Form, Link, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { actionResult, failedAction } from "~/.server/web/page-errors";
import { listCategories } from "~/.server/services/catalog/categories";
import { deleteSavedSearch, listSavedSearches } from "~/.server/services/search/saved-searches";
import { Button } from "~/components/ui/button";
import { ResultBanner } from "~/components/ui/result-banner";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { SAVED_SEARCH_LIMIT, savedSearchHref, savedSearchName } from "~/lib/search/saved-searches";
import { rowActionSchema } from "~/lib/schemas/rows";
import { type Route } from "./+types/saved-searches";

export const meta: Route.MetaFunction = () => privatePageMeta("Saved searches");

const actionSchema = rowActionSchema(["delete"] as const);

/** The user's saved searches, each named by its filters, to open on /cars or delete. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "save:search");
  const [searches, categories] = await Promise.all([listSavedSearches(context.app, user), listCategories(context.app)]);
  const categoryName = (id: string) => categories.find((category) => category._id === id)?.categoryName;
  return {
    searches: searches.map((search) => ({
      ...search,
      name: savedSearchName(search.query, categoryName),
      href: savedSearchHref(search.query),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "save:search");
  const submission = parseForm(await readFormBody(request), actionSchema);
  if (submission.status !== "success") return failedAction();
  const { id } = submission.value;
  return actionResult(async () => {
    await deleteSavedSearch(context.app, user, id);
    return { ok: true, message: "Saved search deleted." };
  });
}

export default function SavedSearches({ loaderData }: Route.ComponentProps) {
  const { searches } = loaderData;
  const result = useActionData<typeof action>();
  return (
    <main id="main">
      <h1 className="mb-2 text-3xl font-bold">Saved searches</h1>
      <p className="mb-6 text-slate-700">
        {searches.length} of {SAVED_SEARCH_LIMIT}. Save a search with “Save this search” on the{" "}
        <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
          cars page
        </Link>
        .
      </p>
      <ResultBanner result={result} />
      {searches.length === 0 ? (
        <p>You have no saved searches yet.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your saved searches">
          {searches.map((search) => (
            <li
              key={search._id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
            >
              <Link
                to={search.href}
                className="inline-flex min-h-11 min-w-0 items-center break-words text-lg font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                {search.name}
              </Link>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={search._id} />
                <Button type="submit" variant="secondary" size="sm" aria-label={`Delete saved search: ${search.name}`}>
                  Delete
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
