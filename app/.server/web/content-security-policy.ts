// The pages' Content-Security-Policy: scripts are allowed by the SHA-256 hashes of the page's own
// inline scripts, with 'strict-dynamic' (decision record 29). A hash depends only on the page's
// bytes, so a page kept in the edge cache is served with the header it was stored with: no nonce to
// write into it per response.

import { PATHS, prefixOf } from "~/lib/shared/paths";
import { type AppConfig } from "../config";

const STRIPE = {
  script: "https://js.stripe.com",
  frames: "https://js.stripe.com https://hooks.stripe.com",
  api: "https://api.stripe.com",
  onboarding: "https://connect.stripe.com",
};

// Every <script> element without a src, and its text. React escapes `<` in attribute values and every
// script body we render is escaped by its writer (React Router's data, the JSON-LD), so the first
// `</script>` after an opening tag is where that script ends, as it is for the browser.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const HAS_SRC = /\ssrc\s*=/i;

/** The CSP source expressions (`'sha256-…'`) of every inline script in the page, each once. */
export async function inlineScriptHashes(html: string): Promise<string[]> {
  const bodies = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) if (!HAS_SRC.test(attributes)) bodies.add(body);
  const encoder = new TextEncoder();
  return Promise.all(
    [...bodies].map(async (body) => {
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(body)));
      return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
    }),
  );
}

/**
 * The policy of a page whose inline scripts have these hashes. 'strict-dynamic' lets the scripts
 * they load run (the module preloads, which browsers fetch as not parser-inserted, and everything
 * those import); any other script in the markup is refused. Stripe's origins only on the payment
 * page; R2's S3 endpoint, where pages PUT photos with pre-signed URLs, when it is configured.
 */
export function pageContentSecurityPolicy(scriptHashes: readonly string[], url: string, config: Pick<AppConfig, "r2Api">): string {
  const path = new URL(url).pathname;
  const stripe = path.startsWith(prefixOf(PATHS.payment));
  // Without scripts, "Set up payouts" posts a form that Stripe's onboarding answers by redirect, and
  // Chromium holds a form's redirects to form-action too.
  const onboarding = path === PATHS.payouts;
  const https = url.startsWith("https:");
  const uploadOrigin = config.r2Api && `https://${config.r2Api.accountId}.r2.cloudflarestorage.com`;
  return [
    "default-src 'self'",
    // 'self' and Stripe's origin only for browsers that predate 'strict-dynamic' (which ignores them).
    `script-src 'self' ${[...scriptHashes, "'strict-dynamic'"].join(" ")}${stripe ? ` ${STRIPE.script}` : ""}`,
    // Toasts inject their own <style>; no script can be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? ` ${STRIPE.api}` : ""}${uploadOrigin ? ` ${uploadOrigin}` : ""}`,
    `frame-src ${stripe ? STRIPE.frames : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${onboarding ? ` ${STRIPE.onboarding}` : ""}`,
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}
