import { matchPath } from "react-router";
import { PATHS, pathTo } from "../shared/paths";

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
export function signInToBook(carId: string): string {
  return loginUrl(`${pathTo(PATHS.car, { id: carId })}?${OPEN_BOOKING_PARAM}`);
}

/** On a car's page reached through sign-in, `?favourite=save` saves the car first (finishSignIn does it). */
export const SAVE_FAVOURITE_PARAM = "favourite";

/** Signing in to save a car comes back to that car's page, with the car saved. */
export function signInToFavourite(carId: string): string {
  return loginUrl(`${pathTo(PATHS.car, { id: carId })}?${SAVE_FAVOURITE_PARAM}=save`);
}

// Any origin will do: only the path and query of a same-origin target are read.
const parseTarget = (target: string) => new URL(target, "https://target.invalid");

/** The car a sign-in target asks to save, and where to go once it is saved (the same page without the ask). */
export function pendingFavourite(target: string): { productId: string; then: string } | null {
  const url = parseTarget(target);
  const car = matchPath(PATHS.car, url.pathname);
  if (!car?.params.id || url.searchParams.get(SAVE_FAVOURITE_PARAM) !== "save") return null;
  url.searchParams.delete(SAVE_FAVOURITE_PARAM);
  return { productId: car.params.id, then: url.pathname + url.search };
}

/** Why sign-in is asked for, read from where it leads (a favourite, a booking or a message kept through it). */
export function signInReason(target: string): { purpose: string; after: string } | null {
  const url = parseTarget(target);
  if (pendingFavourite(target)) return { purpose: "save this car to your favourites", after: "You will come back to it, saved." };
  const bookingForm = matchPath(PATHS.car, url.pathname) && url.searchParams.has(OPEN_BOOKING_PARAM);
  if (bookingForm || matchPath(PATHS.book, url.pathname))
    return { purpose: "book this car", after: "You will come back to its booking form." };
  if (matchPath(PATHS.messageSeller, url.pathname))
    return { purpose: "message the seller", after: "You will come back to write your message." };
  return null;
}
