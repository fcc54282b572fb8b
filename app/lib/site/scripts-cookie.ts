/**
 * Set by the browser once a page has hydrated: this visitor's browser runs our scripts, so a page
 * rendered for every signed-in visitor can fill in their personal data, and the edge cache may serve
 * them one (workers/page-cache.ts). Without it a signed-in visitor's pages are rendered for them.
 */
export const SCRIPTS_COOKIE = "ar_js";

/** A year; it says nothing about who the visitor is. */
export function noteScriptsRun() {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${SCRIPTS_COOKIE}=1; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
