import { type Context } from "hono";
import { readTokenUser } from "~/.server/auth/access-tokens";
import { noteUser } from "~/.server/context";
import { getSessionUser } from "~/.server/auth/guards";
import { type Role } from "~/.server/db/schema";
import { Forbidden, Unauthorized } from "~/.server/errors";
import { type UserRow } from "~/.server/services/users";
import { type WorkerEnv } from "../hono-env";
import { isSafeMethod } from "../csrf";

/**
 * The API caller: a bearer access token, or for the app's own pages the session cookie. A
 * cookie-authenticated write must come from our origin (CSRF). A bad token counts as none.
 */
export async function apiUser(c: Context<WorkerEnv>): Promise<UserRow | null> {
  const ctx = c.var.app;
  const authorization = c.req.header("authorization");
  if (authorization !== undefined) {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    const user = match ? await readTokenUser(ctx, match[1]) : null;
    if (user) noteUser(ctx, user.id);
    return user;
  }
  const user = await getSessionUser(ctx, c.req.raw);
  if (user && !isSafeMethod(c.req.method) && c.req.header("origin") !== ctx.origin) {
    throw new Forbidden("Cross-site request refused: the Origin header must be this site's");
  }
  return user;
}

export async function requireApiUser(c: Context<WorkerEnv>): Promise<UserRow> {
  const user = await apiUser(c);
  if (!user) throw new Unauthorized("Sign in or send a valid access token");
  return user;
}

export async function requireApiRole(c: Context<WorkerEnv>, ...roles: Role[]): Promise<UserRow> {
  const user = await requireApiUser(c);
  if (!roles.includes(user.role)) throw new Forbidden(`Only ${roles.join(" or ")} accounts can do this`);
  return user;
}

/** The user the path names must be the caller, unless the caller is an admin. */
export function assertSelfOrAdmin(user: UserRow, email: string) {
  if (user.role !== "admin" && user.email.toLowerCase() !== email.toLowerCase()) {
    throw new Forbidden("You can only ask about your own account");
  }
}
