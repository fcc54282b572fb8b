import { isRouteErrorResponse, Link, useRouteLoaderData } from "react-router";
import { pageTitle } from "~/lib/shared/meta";
import { NotFound } from "./not-found";

const MESSAGES: Record<number, string> = {
  400: "That request was not valid.",
  403: "You are not allowed to see this page.",
  405: "This page cannot handle that request.",
  413: "That upload is too large.",
};

/** What users see when something unexpected fails: a friendly message, never a stack trace. */
export function ErrorPage({ error }: { error: unknown }) {
  const requestId = useRouteLoaderData<{ requestId?: string }>("root")?.requestId;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = ownMessage(error) ?? MESSAGES[status] ?? "Something went wrong on our side. Please try again in a moment.";
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <title>{pageTitle("Error")}</title>
      <p className="text-6xl font-extrabold text-brand-700">{status}</p>
      <h1 className="mt-4 text-2xl font-bold">{message}</h1>
      {status >= 500 && requestId && (
        <p className="mt-2 text-slate-600">
          If you contact us, mention this reference: <code>{requestId}</code>
        </p>
      )}
      <Link to="/" className="btn btn-primary btn-lg mt-8">
        Back to homepage
      </Link>
    </main>
  );
}

/**
 * The message our code gave a 4xx it threw (`data("…")` or `data({ message })`). React Router's
 * own error responses (internal) carry developer text, which users do not see.
 */
function ownMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || (error as { internal?: boolean }).internal || error.status >= 500) return undefined;
  const data: unknown = error.data;
  if (typeof data === "string") return data || undefined;
  if (data && typeof data === "object" && "message" in data && typeof data.message === "string") return data.message;
  return undefined;
}
