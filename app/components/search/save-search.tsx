import { Form, Link, useNavigation } from "react-router";
import { type ActionResult } from "~/lib/shared/action-result";
import { PATHS } from "~/lib/shared/paths";
import { useSignInHereUrl } from "~/lib/accounts/use-sign-in-here";

/**
 * "Save this search" on /cars: a form post to the page's own action (works without JavaScript).
 * Signed-out users get a sign-in link that brings them back to the same search.
 */
export function SaveSearch({ query, name, signedIn, result }: { query: string; name: string; signedIn: boolean; result?: ActionResult }) {
  const signInHref = useSignInHereUrl();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("query") === query;
  return (
    <div className="flex flex-col gap-2">
      {signedIn ? (
        <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="query" value={query} />
          <button
            type="submit"
            disabled={saving}
            aria-label={`Save this search: ${name}`}
            className="rounded-lg border border-brand-700 px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
          >
            Save this search
          </button>
        </Form>
      ) : (
        <Link to={signInHref} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
          Sign in to save this search
        </Link>
      )}
      {result && (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-green-800" : "font-medium text-red-700"}>
          {result.message}{" "}
          {result.ok && (
            <Link to={PATHS.savedSearches} className="font-semibold underline">
              Your saved searches
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
