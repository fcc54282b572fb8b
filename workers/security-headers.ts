// Security headers for every answer: the usual hardening headers from Hono's secureHeaders, and
// our Content-Security-Policy, which depends on the answer: a hash-based one for pages (made when
// the page is rendered, app/.server/web/content-security-policy.ts), a locked-down one for everything else.

import { secureHeaders } from "hono/secure-headers";
import { type AppConfig } from "~/.server/config";
import { pageContentSecurityPolicy } from "~/.server/web/content-security-policy";

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

const NON_PAGE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A page carries the policy it was rendered with (the hashes of its scripts: app/entry.server.tsx),
 * whether rendered now or kept in the page cache; an HTML page from anywhere else may run no script.
 */
export function applyContentSecurityPolicy(response: Response, options: { url: string; isPage: boolean; config: AppConfig }) {
  if (!options.isPage) response.headers.set("Content-Security-Policy", NON_PAGE_POLICY);
  else if (!response.headers.has("Content-Security-Policy"))
    response.headers.set("Content-Security-Policy", pageContentSecurityPolicy([], options.url, options.config));
}
