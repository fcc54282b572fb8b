import { and, eq, gt, isNull } from "drizzle-orm";
import { countEvent, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { emailTokens, users } from "../../db/schema";
import { Invalid } from "../../errors";
import { queueEmail } from "../../email/outgoing";
import { passwordResetEmail, verificationEmail } from "../../email/templates";
import { setPassword } from "./credentials";
import { findUserByEmail, type UserRow } from "../users/users";

const RESET_SECONDS = 3600;
const VERIFY_SECONDS = 24 * 3600;
type Purpose = (typeof emailTokens.$inferSelect)["purpose"];

/** How a link's token is stored: only its hash, so a database leak reveals no working link. */
export function hashEmailToken(token: string): Promise<string> {
  return sha256Hex(token);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A random single-use token; only its hash is stored, so a database leak reveals no working link. */
export async function createEmailToken(
  ctx: AppContext,
  userId: string,
  purpose: Purpose,
  seconds: number,
  extra: { newEmail?: string; signOutOthers?: boolean } = {},
) {
  const token = [...crypto.getRandomValues(new Uint8Array(32))].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  await ctx.db.insert(emailTokens).values({
    tokenHash: await sha256Hex(token),
    purpose,
    userId,
    expiresAt: new Date(ctx.now().getTime() + seconds * 1000).toISOString(),
    ...extra,
  });
  return token;
}

/** Uses a token up exactly once (a conditional update decides races) and returns its user id. */
async function consumeEmailToken(ctx: AppContext, token: string, purpose: Purpose): Promise<string | null> {
  const [row] = await ctx.db
    .update(emailTokens)
    .set({ usedAt: ctx.now().toISOString() })
    .where(
      and(
        eq(emailTokens.tokenHash, await sha256Hex(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, ctx.now().toISOString()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export async function sendEmailVerification(ctx: AppContext, user: UserRow) {
  if (user.emailVerified) return;
  const token = await createEmailToken(ctx, user.id, "email-verification", VERIFY_SECONDS);
  await queueEmail(ctx, verificationEmail(user.email, `${ctx.publicOrigin}/verify-email/${token}`));
}

export async function verifyEmail(ctx: AppContext, token: string): Promise<boolean> {
  const userId = await consumeEmailToken(ctx, token, "email-verification");
  if (!userId) return false;
  await ctx.db.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  return true;
}

/**
 * Sends a reset link when the account exists and has not asked 3 times this hour. The caller
 * answers the same either way, so the form does not reveal which emails have accounts.
 */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const { allowed } = await countEvent(ctx, LIMITS.passwordResetAccount, user.email);
  if (!allowed) return;
  const token = await createEmailToken(ctx, user.id, "password-reset", RESET_SECONDS);
  await queueEmail(ctx, passwordResetEmail(user.email, `${ctx.publicOrigin}/reset-password/${token}`));
}

/** Sets a new password from a reset link, then signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const userId = await consumeEmailToken(ctx, token, "password-reset");
  if (!userId) throw new Invalid("This reset link is invalid or has expired. Please ask for a new one.");
  // Opening the link proved the address as well.
  await setPassword(ctx, userId, password, { fromResetLink: true });
}
