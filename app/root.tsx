import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
  type LinksFunction,
} from "react-router";
import { useEffect } from "react";
import { getSessionUser } from "./.server/auth/guards";
import { navbarUserOf } from "./.server/services/site/personal-page-data";
import { readFlash } from "./.server/web/flash";
import { type Route } from "./+types/root";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import stylesheet from "./app.css?url";
import { ErrorPage } from "./components/site/error-page-on-demand";
import { ToasterHost } from "./components/ui/toaster-host";
import { reloadOnStaleBuild } from "./lib/site/reload-on-stale-build";
import { noteScriptsRun } from "./lib/site/scripts-cookie";
import { useMarkReady, PersonalPageDataProvider } from "./lib/site/personal-page-data";

export const links: LinksFunction = () => [
  // With a precedence React puts the stylesheet ahead of the module preloads in <head>: without one it
  // came after twenty of them, and the first paint waited for their bytes (Lighthouse's FCP).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  // The one font file the first paint needs (Latin text); other scripts' files load when used.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * Who is signed in (for the navbar and guards) and a toast handed over from the last redirect. A
 * page rendered for every signed-in visitor (workers/page-cache.ts) names nobody: the visitor's
 * personal data comes after hydration (app/lib/site/personal-page-data.tsx).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const [user, flash] = await Promise.all([getSessionUser(context.app, request), readFlash(context.app, request)]);
  return data(
    {
      user: user && navbarUserOf(user),
      renderedForSignedIn: context.app.sharedPage?.member === true,
      toast: flash.toast,
      // The reference an error page shows, for this request only: never in a page the edge cache
      // keeps for others, where it would be the wrong request's (and no request may put its own words there).
      ...(context.app.sharedPage ? {} : { requestId: context.app.requestId }),
      // The canonical link's origin: the configured public one, not whichever host was asked.
      origin: context.app.publicOrigin,
    },
    flash.clear ? { headers: { "Set-Cookie": flash.clear } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const origin = useRouteLoaderData<typeof loader>("root")?.origin;
  const { pathname } = useLocation();
  // A page whose query makes it a page of its own (a make's cars) names its canonical path in its data.
  const ownCanonical = useMatches()
    .map((match) => (match.data as { canonicalPath?: unknown } | undefined)?.canonicalPath)
    .findLast((path): path is string => typeof path === "string");
  useEffect(reloadOnStaleBuild, []);
  useEffect(noteScriptsRun, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1e40af" />
        <Meta />
        {origin && <link rel="canonical" href={`${origin}${ownCanonical ?? (pathname === "/home" ? "/" : pathname)}`} />}
        <Links />
      </head>
      <body className="min-h-screen bg-canvas text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <NavigationProgress />
      <ToasterHost flash={loaderData.toast} />
      {/* Marks the page ready (hydrated, with its visitor's personal data if it waits for it): browser tests wait for it. */}
      <PersonalPageDataProvider>
        <Outlet />
      </PersonalPageDataProvider>
    </>
  );
}

/** A slim bar at the top of the page while the next page's data loads. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div role="progressbar" aria-label="Loading" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  useMarkReady(true);
  return <ErrorPage error={error} />;
}
