import { type AppEnvironment } from "~/.server/config";

// A Cloudflare ray id: 16 hex digits, with the data centre's code after a dash in some places.
const RAY_ID = /^[0-9a-f]{16}(-[A-Z]{3,4})?$/;

/**
 * The id of a request, in its log lines, its X-Request-Id and its error page's reference: in
 * production the ray id Cloudflare sets on every request it passes on (`cf-ray`, replacing any a
 * client sent), so our logs meet Cloudflare's; anywhere else a fresh UUID. Outside Cloudflare (local
 * runs, tests) `cf-ray` is whatever the client sent, so it is never taken there, and never in a
 * shape a ray id does not have.
 */
export function requestIdOf(request: Request, appEnv: AppEnvironment): string {
  const ray = request.headers.get("cf-ray");
  return appEnv === "production" && ray && RAY_ID.test(ray) ? ray : crypto.randomUUID();
}
