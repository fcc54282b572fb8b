import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { verifyPassword } from "../../auth/passwords";
import { withCredentialLimits } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { emailTokens, sessions, users } from "../../db/schema";
import { Conflict, Forbidden, Invalid } from "../../errors";
import { queueEmail } from "../../email/outgoing";
import { emailChangeConfirmationEmail, emailChangeNoticeEmail } from "../../email/templates";
import { createEmailToken, hashEmailToken } from "./email-links";
import { findUserByEmail, type UserRow } from "../users/users";
import { WRONG_PASSWORD } from "./close-account";

const CHANGE_SECONDS = 24 * 3600;
const TAKEN = "An account with this email already exists";
const NO_PASSWORD = "Set a password in Account settings first: changing the address needs it";

export interface EmailChangeRequest {
  email: string;
  password: string;
  signOutOthers?: boolean;
}

/**
 * Starts moving the account to a new address: after the password checks out (the credential abuse
 * limits; wrong → 403), a link goes to the new address and a notice to the old one. Nothing changes
 * until the link is followed; a newer request replaces an older link.
 */
export async function requestEmailChange(ctx: AppContext, user: UserRow, request: EmailChangeRequest): Promise<void> {
  if (!user.passwordHash) throw new Forbidden(NO_PASSWORD);
  await withCredentialLimits(ctx, user.email, async () => {
    if (!(await verifyPassword(request.password, user.passwordHash))) throw new Forbidden(WRONG_PASSWORD);
  });
  const newEmail = request.email.toLowerCase();
  if (newEmail === user.email.toLowerCase()) {
    throw new Invalid("That is already your email address", [{ path: "email", message: "That is already your email address" }]);
  }
  if (await findUserByEmail(ctx, newEmail)) throw new Conflict(TAKEN, [{ path: "email", message: TAKEN }]);
  await ctx.db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "email-change"), isNull(emailTokens.usedAt)));
  const token = await createEmailToken(ctx, user.id, "email-change", CHANGE_SECONDS, {
    newEmail,
    signOutOthers: request.signOutOthers ?? false,
  });
  await queueEmail(ctx, emailChangeConfirmationEmail(newEmail, `${ctx.publicOrigin}${pathTo(PATHS.confirmEmailChange, { token })}`));
  await queueEmail(ctx, emailChangeNoticeEmail(user.email, newEmail));
}

/** The new address a live email-change link would give, without using it (the confirmation page). */
export async function pendingEmailChange(ctx: AppContext, token: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(liveChangeToken(ctx, await hashEmailToken(token)))
    .limit(1);
  return row?.newEmail ?? null;
}

/**
 * Follows an email-change link once (a conditional update decides races): the account takes the
 * new address, proven by the link. API tokens end (they carry the credentials version); with
 * "sign out everywhere" chosen, every session ends too. Null when the link is used, expired, or
 * the address was taken meanwhile.
 */
export async function confirmEmailChange(ctx: AppContext, token: string): Promise<string | null> {
  const [row] = await ctx.db
    .update(emailTokens)
    .set({ usedAt: ctx.now().toISOString() })
    .where(liveChangeToken(ctx, await hashEmailToken(token)))
    .returning({ userId: emailTokens.userId, newEmail: emailTokens.newEmail, signOutOthers: emailTokens.signOutOthers });
  if (!row?.newEmail) return null;
  try {
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ email: row.newEmail, emailVerified: true, credentialsVersion: sql`${users.credentialsVersion} + 1` })
        .where(eq(users.id, row.userId)),
      ctx.db.delete(sessions).where(row.signOutOthers ? eq(sessions.userId, row.userId) : sql`0`),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
  return row.newEmail;
}

function liveChangeToken(ctx: AppContext, tokenHash: string) {
  return and(
    eq(emailTokens.tokenHash, tokenHash),
    eq(emailTokens.purpose, "email-change"),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, ctx.now().toISOString()),
  );
}
