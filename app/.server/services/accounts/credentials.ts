import { eq, sql } from "drizzle-orm";
import { issueAccessToken } from "../../auth/access-tokens";
import { hashPassword, needsRehash, verifyPassword } from "../../auth/passwords";
import { clearAccountLimitsStatement, withCredentialLimits } from "../../auth/rate-limits";
import { revokeUserSessions } from "../../auth/sessions";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { users } from "../../db/schema";
import { Invalid, Unauthorized } from "../../errors";
import { checkSecondFactor } from "./two-factor";
import { findUserByEmail, type UserRow } from "../users/users";

const WRONG_CREDENTIALS = "Invalid email or password";
const WRONG_CURRENT_PASSWORD = "Your current password is not right";

/** Checks an email and password under the abuse limits (contract "Abuse limits"). */
export async function checkPassword(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  const user = await withCredentialLimits(ctx, email, async () => {
    const found = await findUserByEmail(ctx, email);
    if (!(await verifyPassword(password, found?.passwordHash ?? null)) || !found) throw new Unauthorized(WRONG_CREDENTIALS);
    return found;
  });
  if (needsRehash(user.passwordHash!)) {
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(users.id, user.id));
  }
  return user;
}

/** A signed-in user's new password, after their current one checks out (under the same limits). */
export async function changePassword(ctx: AppContext, user: UserRow & { sessionId: string }, currentPassword: string, password: string) {
  await withCredentialLimits(ctx, user.email, async () => {
    if (!(await verifyPassword(currentPassword, user.passwordHash))) {
      throw new Invalid(WRONG_CURRENT_PASSWORD, [{ path: "currentPassword", message: WRONG_CURRENT_PASSWORD }]);
    }
  });
  await setPassword(ctx, user.id, password, { keepSessionId: user.sessionId });
}

/**
 * New password hash, a raised credentials version (old API tokens stop) and no other sessions.
 * From a reset link (which proved the address) it also ends the account's lock-outs.
 */
export async function setPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  options: { keepSessionId?: string; fromResetLink?: boolean } = {},
) {
  const passwordHash = await hashPassword(password);
  const [user] = await ctx.db
    .update(users)
    .set({
      passwordHash,
      credentialsVersion: sql`${users.credentialsVersion} + 1`,
      ...(options.fromResetLink ? { emailVerified: true } : {}),
    })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  if (!user) return;
  const endSessions = revokeUserSessions(ctx, userId, options.keepSessionId);
  if (options.fromResetLink) await ctx.db.batch([endSessions, clearAccountLimitsStatement(ctx, user.email)]);
  else await endSessions;
}

/** An access token for an email and password (POST /api/jwt), with the two-factor code when the account has two-factor sign-in on. */
export async function passwordAccessToken(ctx: AppContext, email: string, password: string, code?: string): Promise<string> {
  const user = await checkPassword(ctx, email, password);
  if (user.totpEnabled) {
    if (!code) throw new Unauthorized("This account needs its two-factor code (code)");
    await checkSecondFactor(ctx, user, code);
  }
  return issueAccessToken(ctx, user);
}

/** An access token for the signed-in session's own account (GET /api/jwt; the spec minted one for any email). */
export async function sessionAccessToken(ctx: AppContext, user: UserRow, email: string): Promise<string> {
  enforce("create:token:session", user, email.toLowerCase() === user.email.toLowerCase(), "You can only get a token for your own account");
  return issueAccessToken(ctx, user);
}
