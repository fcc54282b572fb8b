// After a deploy, a page still open from the previous build asks for files that are gone: Workers
// serve only the current build's assets. React Router loads the page afresh when a route's file is
// missing; this does the same when a part loaded on demand (a dialog, the error page, the toasts)
// cannot load, which Vite reports as a `vite:preloadError` event. At most once in 10 seconds, so a
// file missing from the current build too shows its error instead of reloading in a loop.
const RELOADED_AT = "stale-build-reloaded-at";
const AT_MOST_EVERY_MS = 10_000;

/** Listens for parts that cannot load; returns the clean-up (a `useEffect` callback). */
export function reloadOnStaleBuild(): () => void {
  const reload = () => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < AT_MOST_EVERY_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  };
  window.addEventListener("vite:preloadError", reload);
  return () => window.removeEventListener("vite:preloadError", reload);
}
