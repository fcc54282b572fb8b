import { lazy } from "react";

/**
 * The error page (and the 404 page it shows), whose code loads only when a page fails, so no page's
 * first load carries it. It has no Suspense boundary of its own: the server sends the whole page,
 * and hydration, or a navigation to a failing page, waits for the code instead of showing a blank.
 */
export const ErrorPage = lazy(() => import("./error-page").then((module) => ({ default: module.ErrorPage })));
