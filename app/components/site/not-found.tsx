import { Link } from "react-router";
import { pageTitle } from "~/lib/shared/meta";

/** The 404 page (spec point 2). */
export function NotFound() {
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>{pageTitle("Not found")}</title>
      <p className="text-7xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">Sorry, we couldn't find this page.</h1>
      <p className="mt-2 text-slate-600">Turn off add blocker and try again!</p>
      <Link to="/" className="btn btn-primary btn-lg mt-8">
        Back to homepage
      </Link>
    </main>
  );
}
