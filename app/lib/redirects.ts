import { PATHS, pathTo } from "./paths";

/** Only same-origin paths are followed after sign-in: no open redirects. */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f]/.test(to)) return fallback;
  return to;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginUrl(path: string): string {
  return path === PATHS.home ? PATHS.login : `${PATHS.login}?redirectTo=${encodeURIComponent(path)}`;
}

/** On a car's page, this query parameter opens its booking form at once. */
export const OPEN_BOOKING_PARAM = "book";

/** Signing in to book a car comes back to that car's page with its booking form open, wherever Book Now was pressed. */
export function signInToBook(productId: string): string {
  return loginUrl(`${pathTo(PATHS.car, { id: productId })}?${OPEN_BOOKING_PARAM}`);
}
