// Security headers for every answer: a nonce-based CSP for pages (Stripe's origins only on the
// payment page), a locked-down CSP for everything else, and the usual hardening headers.

import { PATHS, prefixOf } from "~/lib/paths";

const STRIPE = { script: "https://js.stripe.com", frames: "https://js.stripe.com https://hooks.stripe.com", api: "https://api.stripe.com" };

export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** `uploadOrigin`: R2's S3 endpoint, where pages PUT photos with pre-signed URLs. */
export function pageContentSecurityPolicy(nonce: string, path: string, https: boolean, uploadOrigin?: string): string {
  const stripe = path.startsWith(prefixOf(PATHS.payment));
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${stripe ? ` ${STRIPE.script}` : ""}`,
    // Toasts inject their own <style>; no script can be inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${stripe ? ` ${STRIPE.api}` : ""}${uploadOrigin ? ` ${uploadOrigin}` : ""}`,
    `frame-src ${stripe ? STRIPE.frames : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const NON_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function applySecurityHeaders(
  response: Response,
  options: { nonce: string; path: string; https: boolean; isPage: boolean; uploadOrigin?: string },
) {
  const headers = response.headers;
  headers.set(
    "Content-Security-Policy",
    options.isPage ? pageContentSecurityPolicy(options.nonce, options.path, options.https, options.uploadOrigin) : NON_PAGE_POLICY,
  );
  headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self)");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
}
