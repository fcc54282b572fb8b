import { redirect } from "react-router";
import { loginUrl } from "~/lib/accounts/redirects";
import { type Permission, roleMay } from "~/lib/accounts/policy";
import { type Role } from "~/lib/accounts/roles";
import { noteUser, type AppContext } from "../context";
import { readTokenUser } from "./access-tokens";
import { enforce } from "./enforce";
import { unreadMessagesOf } from "../services/messages/unread-count";
import { unreadNotificationsOf } from "../services/notifications/unread-count";
import { sessionUserReader } from "./sessions";

// The guards are the pages' and API routes' door to the signed-in user, so they choose what the
// session read also counts: the navbar's unread counts, whose meaning is their domains'.
const readSessionUser = sessionUserReader({ unreadNotifications: unreadNotificationsOf, unreadMessages: unreadMessagesOf });

/** The signed-in user, with their unread notifications and messages counted in the same read (the navbar's counts). */
export type SessionUser = NonNullable<Awaited<ReturnType<typeof readSessionUser>>>;

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

/** The user behind an API bearer token, or null for a bad, expired or outdated one. */
export async function getTokenUser(ctx: AppContext, token: string) {
  const user = await readTokenUser(ctx, token);
  if (user) noteUser(ctx, user.id);
  return user;
}

/**
 * API guard for routes the access policy gives to some roles only: any other role gets the
 * policy's 403. Ownership is the services' to check.
 */
export function requireApiPermission(user: { role: Role }, permission: Permission): void {
  enforce(permission, user);
}
