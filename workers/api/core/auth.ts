import { type Context, type MiddlewareHandler } from "hono";
import { getSessionUser, getTokenUser, requireApiPermission } from "~/.server/auth/guards";
import { Forbidden, Unauthorized } from "~/.server/errors";
import { type UserRow } from "~/.server/services/users/users";
import { accessLabel, needsSignIn, type Permission, POLICY, type PublicPermission, REFUSAL_STATUS, refusals } from "~/lib/accounts/policy";
import { type WorkerEnv } from "../../hono-env";
import { describing, errorResponses } from "./openapi";

/**
 * The API caller: a bearer access token, or for the app's own pages the session cookie. A
 * cookie-authenticated write must come from our origin (CSRF). A bad token counts as none.
 */
export async function apiUser<E extends WorkerEnv>(c: Context<E>): Promise<UserRow | null> {
  const ctx = c.var.app;
  const authorization = c.req.header("authorization");
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    return match ? getTokenUser(ctx, match[1]) : null;
  }
  const user = await getSessionUser(ctx, c.req.raw);
  if (user && !isSafeMethod(c.req.method) && c.req.header("origin") !== ctx.origin) {
    throw new Forbidden("Cross-site request refused: the Origin header must be this site's");
  }
  return user;
}

// Unlike page forms (Hono's csrf in workers/app.ts, which checks only the content types a form can
// send), a cookie-authenticated API write of any content type must carry our Origin (the contract).
const isSafeMethod = (method: string) => method === "GET" || method === "HEAD" || method === "OPTIONS";

type Caller<P extends Permission> = P extends PublicPermission ? object : { Variables: { user: UserRow } };

/**
 * The route's guard and its access in the document, from one permission of the policy: callers
 * whose role may not get 401/403 here, and the handler finds the caller in `c.var.user`. The
 * ownership part needs data, so services check it (`enforce`) with the same permission.
 */
export function allow<P extends Permission>(permission: P): MiddlewareHandler<Caller<P>> {
  const sessionOnly = "ownership" in POLICY[permission] && POLICY[permission].ownership.of === "session";
  const guard: MiddlewareHandler<WorkerEnv & { Variables: { user: UserRow } }> = async (c, next) => {
    if (needsSignIn(permission)) {
      // A session-only permission ignores bearer tokens: it is how a signed-in page gets one.
      const user = sessionOnly ? await getSessionUser(c.var.app, c.req.raw) : await apiUser(c);
      if (!user) throw new Unauthorized(sessionOnly ? "Sign in first" : "Sign in or send a valid access token");
      requireApiPermission(user, permission);
      c.set("user", user);
    }
    await next();
  };
  return describing(guard, {
    "x-access": accessLabel(permission),
    "x-permission": permission,
    security: needsSignIn(permission) ? (sessionOnly ? [{ session: [] }] : [{ bearer: [] }, { session: [] }]) : [],
    responses: errorResponses(refusals(permission).map((refusal) => REFUSAL_STATUS[refusal])),
  }) as never;
}
