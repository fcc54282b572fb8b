import { redirect } from "react-router";
import { loginUrl } from "~/lib/accounts/redirects";
import { type Permission, roleMay } from "~/lib/accounts/policy";
import { noteUser, type AppContext } from "../context";
import { readSessionUser, type SessionUser } from "./sessions";

/** The signed-in user of a page request (looked up once per request). */
export function getSessionUser(ctx: AppContext, request: Request): Promise<SessionUser | null> {
  let user = ctx.cache.get("session-user") as Promise<SessionUser | null> | undefined;
  if (!user) {
    user = readSessionUser(ctx, request).then((found) => {
      if (found) noteUser(ctx, found.id);
      return found;
    });
    ctx.cache.set("session-user", user);
  }
  return user;
}

/** After an action that changed what the session lookup reads (the unread count): the page's loaders read it again. */
export function forgetSessionUser(ctx: AppContext) {
  ctx.cache.delete("session-user");
}

/** Page guard: the signed-in user, or a redirect to /login that remembers where they were going. */
export async function requireUser(ctx: AppContext, request: Request): Promise<SessionUser> {
  const user = await getSessionUser(ctx, request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search));
  }
  return user;
}

/**
 * Page guard for pages the access policy gives to some roles only: a role it does not allow also
 * goes to /login (spec point 2), remembering the page. Ownership is the services' to check.
 */
export async function requirePermission(ctx: AppContext, request: Request, permission: Permission): Promise<SessionUser> {
  const user = await requireUser(ctx, request);
  if (!roleMay(user.role, permission)) {
    const url = new URL(request.url);
    throw redirect(`${loginUrl(url.pathname + url.search)}${url.pathname === "/" ? "?" : "&"}denied=1`);
  }
  return user;
}
