import { and, eq, isNull, lt, or } from "drizzle-orm";
import { createTotpSecret, generateRecoveryCodes, hashRecoveryCode, totpQrSvg, totpUri, verifyTotp } from "../../auth/totp";
import { withCredentialLimits } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { recoveryCodes, users } from "../../db/schema";
import { Conflict, Invalid, Unauthorized } from "../../errors";
import { type UserRow } from "../users/users";

const WRONG_CODE = "That code is not right. Try the current code from your authenticator app.";
const WRONG_SIGN_IN_CODE = "That code is not right. Use the current code from your app or a recovery code.";

/** Step 1 of enrolment: a new secret, stored but not yet on until a code confirms it. */
export async function startTotpEnrolment(ctx: AppContext, user: UserRow) {
  if (user.totpEnabled) throw new Conflict("Two-factor authentication is already on");
  const secret = createTotpSecret();
  await ctx.db.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, user.id));
  return enrolmentDetails(secret, user.email);
}

export function enrolmentDetails(secret: string, email: string) {
  const uri = totpUri(secret, email);
  return { secret, uri, qrSvg: totpQrSvg(uri) };
}

/** Step 2: a valid code turns two-factor on and yields ten recovery codes (shown once, stored hashed). */
export async function confirmTotpEnrolment(ctx: AppContext, user: UserRow, code: string): Promise<string[]> {
  if (user.totpEnabled) throw new Conflict("Two-factor authentication is already on");
  if (!user.totpSecret) throw new Invalid("Start the set-up again: no pending authenticator key");
  const step = verifyTotp(user.totpSecret, code, user.totpLastStep, ctx.now());
  if (step === null) throw new Invalid(WRONG_CODE, [{ path: "code", message: WRONG_CODE }]);
  const codes = generateRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await ctx.db.batch([
    ctx.db.update(users).set({ totpEnabled: true, totpLastStep: step }).where(eq(users.id, user.id)),
    ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
    ctx.db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId: user.id, codeHash }))),
  ]);
  return codes;
}

/**
 * Checks a second factor: a current TOTP code (each accepted once: the stored step only moves
 * forward, decided by a conditional update) or an unused recovery code (used up here).
 */
async function verifySecondFactor(ctx: AppContext, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpEnabled || !user.totpSecret) return false;
  const step = verifyTotp(user.totpSecret, code, user.totpLastStep, ctx.now());
  if (step !== null) {
    const updated = await ctx.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, user.id), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    return updated.length === 1;
  }
  const used = await ctx.db
    .update(recoveryCodes)
    .set({ usedAt: ctx.now().toISOString() })
    .where(and(eq(recoveryCodes.userId, user.id), eq(recoveryCodes.codeHash, await hashRecoveryCode(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** The second step of signing in, for pages and API alike: a code, under the abuse limits. */
export async function checkSecondFactor(ctx: AppContext, user: UserRow, code: string) {
  await withCredentialLimits(ctx, user.email, async () => {
    if (!(await verifySecondFactor(ctx, user, code))) throw new Unauthorized(WRONG_SIGN_IN_CODE);
  });
}

/** Turning two-factor off needs a current code (under the abuse limits), so a stolen session alone cannot do it. */
export async function disableTotp(ctx: AppContext, user: UserRow, code: string) {
  await withCredentialLimits(ctx, user.email, async () => {
    if (!(await verifySecondFactor(ctx, user, code))) throw new Invalid(WRONG_CODE, [{ path: "code", message: WRONG_CODE }]);
  });
  await ctx.db.batch([
    ctx.db.update(users).set({ totpEnabled: false, totpSecret: null, totpLastStep: null }).where(eq(users.id, user.id)),
    ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id)),
  ]);
}

export async function remainingRecoveryCodes(ctx: AppContext, userId: string): Promise<number> {
  const rows = await ctx.db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .limit(10);
  return rows.length;
}
