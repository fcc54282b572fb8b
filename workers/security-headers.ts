// Security headers for every answer: the usual hardening headers from Hono's secureHeaders, and
// our Content-Security-Policy, which depends on the answer: a nonce-based one for pages (Stripe's
// origins only on the payment page), a locked-down one for everything else.

import { secureHeaders } from "hono/secure-headers";
import { PATHS, prefixOf } from "~/lib/paths";

/**
 * HSTS for two years with preload, nosniff, no framing, a strict referrer and no powerful features
 * but payment on our own pages. No Cross-Origin-Resource-Policy: mail clients show our photos.
 */
export const hardeningHeaders = secureHeaders({
  strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
  xFrameOptions: "DENY",
  referrerPolicy: "strict-origin-when-cross-origin",
  crossOriginResourcePolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [], usb: [], payment: ["self"] },
});

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

export function applyContentSecurityPolicy(
  response: Response,
  options: { nonce: string; path: string; https: boolean; isPage: boolean; uploadOrigin?: string },
) {
  response.headers.set(
    "Content-Security-Policy",
    options.isPage ? pageContentSecurityPolicy(options.nonce, options.path, options.https, options.uploadOrigin) : NON_PAGE_POLICY,
  );
}
