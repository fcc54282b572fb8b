import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import { browserName } from "~/lib/accounts/browser-name";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { sessions, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { type UserRow } from "../users/users";

export interface Device {
  id: string;
  browser: string;
  signedInAt: string;
  lastSeenAt: string;
  current: boolean;
}

/** Where the account is signed in: each live session with its browser and when last seen, newest first. */
export async function listDevices(ctx: AppContext, user: UserRow & { sessionId?: string }): Promise<Device[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, user.id), gt(sessions.expiresAt, ctx.now().toISOString())))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    browser: browserName(row.userAgent),
    signedInAt: row.createdAt,
    lastSeenAt: row.lastSeenAt ?? row.createdAt,
    current: row.id === user.sessionId,
  }));
}

/** Signs one of the account's own devices out; another account's session is not found (404). */
export async function signOutDevice(ctx: AppContext, user: UserRow, sessionId: string): Promise<void> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  const ended = await ctx.db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, user.id)));
  if (ended.rowsAffected === 0) throw new NotFound("No such signed-in device");
}

/**
 * Signs the account out everywhere but here: every other session ends, and API tokens too (the
 * credentials version they carry is raised). Returns how many devices were signed out.
 */
export async function signOutEverywhereElse(ctx: AppContext, user: UserRow & { sessionId?: string }): Promise<number> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  const [ended] = await ctx.db.batch([
    ctx.db
      .delete(sessions)
      .where(user.sessionId ? and(eq(sessions.userId, user.id), ne(sessions.id, user.sessionId)) : eq(sessions.userId, user.id)),
    ctx.db
      .update(users)
      .set({ credentialsVersion: sql`${users.credentialsVersion} + 1` })
      .where(eq(users.id, user.id)),
  ]);
  return ended.rowsAffected;
}
