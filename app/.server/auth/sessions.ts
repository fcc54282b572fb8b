import { and, eq, gt, ne, type SQL } from "drizzle-orm";
import { type AppContext } from "../context";
import { preparedStatement, runPrepared } from "../db/prepared";
import { sessions, users } from "../db/schema";
import { clearCookieHeader, cookieHeader, readCookie } from "./cookies";
import { signClaims, verifyClaims } from "./signing";
import { nothingPublicChanged } from "../page-changes";

export const SESSION_COOKIE = "ar_session";
const SESSION_SECONDS = 30 * 24 * 3600;

/** A count read with the session: a sub-select on the signed-in user's id. */
export type CountOfUser = (userId: typeof users.id) => SQL<number>;

/** The signed-in user, with their session's id and the counts read with it. */
export type SessionUserWith<Counts extends Record<string, CountOfUser>> = typeof users.$inferSelect & {
  sessionId: string;
} & { [Name in keyof Counts]: number };

/** Starts a new session (a fresh id every sign-in) and returns its Set-Cookie header. */
export async function createSession(ctx: AppContext, userId: string): Promise<string> {
  const expiresAt = new Date(ctx.now().getTime() + SESSION_SECONDS * 1000).toISOString();
  const [session] = await ctx.db
    .insert(sessions)
    .values({ userId, expiresAt, userAgent: ctx.userAgent ?? "", lastSeenAt: ctx.now().toISOString() })
    .returning({ id: sessions.id });
  nothingPublicChanged(ctx.changedPages);
  const token = await signClaims(ctx, "session", { sid: session.id }, SESSION_SECONDS);
  return cookieHeader(ctx, SESSION_COOKIE, token, SESSION_SECONDS);
}

/**
 * The reader of the user of a request's session cookie (null unless the cookie is genuine and the
 * session alive), with `counts` read in the same statement: read by every signed-in request, so
 * prepared once, and the counts cost no round trip of their own.
 */
export function sessionUserReader<Counts extends Record<string, CountOfUser>>(counts: Counts) {
  const countColumns = Object.fromEntries(Object.entries(counts).map(([name, countOf]) => [name, countOf(users.id)])) as {
    [Name in keyof Counts]: SQL<number>;
  };
  const sessionUserOf = preparedStatement(["sessionId", "now"], (ctx, { sessionId, now }) =>
    ctx.db
      .select({ user: users, sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, counts: countColumns })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
      .limit(1),
  );
  return async (ctx: AppContext, request: Request): Promise<SessionUserWith<Counts> | null> => {
    const claims = await verifyClaims(ctx, "session", readCookie(request, SESSION_COOKIE));
    if (typeof claims?.sid !== "string") return null;
    const now = ctx.now();
    const [row] = await runPrepared(ctx, sessionUserOf(ctx, { sessionId: claims.sid, now: now.toISOString() }));
    if (row && isStale(row.lastSeenAt, now)) ctx.defer(noteSeen(ctx, row.sessionId, now));
    return row ? ({ ...row.user, sessionId: row.sessionId, ...(row.counts as object) } as SessionUserWith<Counts>) : null;
  };
}

// "Last seen" is kept to the hour: one write per session an hour, not one per request.
const SEEN_EVERY_MS = 3600 * 1000;
const isStale = (lastSeenAt: string | null, now: Date) => !lastSeenAt || now.getTime() - Date.parse(lastSeenAt) >= SEEN_EVERY_MS;

async function noteSeen(ctx: AppContext, sessionId: string, now: Date) {
  await ctx.db.update(sessions).set({ lastSeenAt: now.toISOString() }).where(eq(sessions.id, sessionId));
}

/** Ends the request's session and returns the Set-Cookie header that clears it. */
export async function destroySession(ctx: AppContext, request: Request): Promise<string> {
  const claims = await verifyClaims(ctx, "session", readCookie(request, SESSION_COOKIE));
  if (typeof claims?.sid === "string") await ctx.db.delete(sessions).where(eq(sessions.id, claims.sid));
  nothingPublicChanged(ctx.changedPages);
  return clearSessionHeader(ctx);
}

/** The Set-Cookie header that makes the browser forget its session (one already ended or deleted). */
export function clearSessionHeader(ctx: AppContext): string {
  return clearCookieHeader(ctx, SESSION_COOKIE);
}

/** Signs the user out everywhere (optionally keeping the session in use); await it or put it in a batch. */
export function revokeUserSessions(ctx: AppContext, userId: string, keepSessionId?: string) {
  return ctx.db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}
