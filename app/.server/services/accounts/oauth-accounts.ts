import { and, eq, or, sql } from "drizzle-orm";
import { type OAuthProviderName } from "~/lib/accounts/oauth-providers";
import { type OAuthProfile } from "../../auth/oauth";
import { revokeUserSessions } from "../../auth/sessions";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { isUniqueViolation } from "../../db/errors";
import { bookings, conversations, favourites, oauthAccounts, cars, recoveryCodes, savedSearches, users } from "../../db/schema";
import { Conflict } from "../../errors";
import { findUserByEmail, type UserRow } from "../users/users";

/**
 * The account for a provider sign-in. A known provider identity signs in its user; a new one
 * links to an existing account with the same email only if the provider verified that email
 * (otherwise anyone could claim an account by typing its address at the provider); else a new
 * buyer is created. `claimed` says that a password or second factor set up before the email was
 * ever proven was removed (see claimUnverifiedAccount).
 */
export async function accountForOAuthProfile(
  ctx: AppContext,
  provider: OAuthProviderName,
  profile: OAuthProfile,
): Promise<{ user: UserRow; created: boolean; claimed?: boolean }> {
  const [linked] = await ctx.db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, profile.providerUserId)))
    .limit(1);
  if (linked) return { user: linked.user, created: false };

  const existing = await findUserByEmail(ctx, profile.email);
  if (existing) {
    if (!profile.emailVerified) {
      throw new Conflict("An account with this email already exists. Sign in with your password to continue.");
    }
    if (!existing.emailVerified) return claimUnverifiedAccount(ctx, existing, provider, profile);
    await ctx.db.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: existing.id });
    return { user: existing, created: false };
  }

  const id = crypto.randomUUID();
  try {
    const [, [user]] = await ctx.db.batch([
      ctx.db
        .insert(users)
        .values({ id, name: profile.name.slice(0, 80), email: profile.email, role: "buyer", emailVerified: profile.emailVerified }),
      ctx.db.select().from(users).where(eq(users.id, id)),
      ctx.db.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: id }),
    ]);
    return { user, created: true };
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("This account was just created. Please try signing in again.");
    throw error;
  }
}

/**
 * A provider has verified an email whose account never proved it: whoever registered it may not
 * own the address (pre-sign-up takeover). The provider wins: the password and second factor set
 * up so far are removed, every session and API token ends, and the address counts as proven.
 * What the earlier holder made under the address goes too (unsold listings, unpaid bookings,
 * conversations, favourites, saved searches): a listing with their phone number must not keep
 * speaking for the real owner. The account becomes a buyer named as the provider says.
 */
async function claimUnverifiedAccount(ctx: AppContext, account: UserRow, provider: OAuthProviderName, profile: OAuthProfile) {
  const [, , , , , , , , removedCars, [user]] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({
        name: profile.name.slice(0, 80) || account.name,
        role: "buyer",
        sellerVerified: false,
        passwordHash: null,
        totpSecret: null,
        totpEnabled: false,
        totpLastStep: null,
        emailVerified: true,
        credentialsVersion: sql`${users.credentialsVersion} + 1`,
      })
      .where(eq(users.id, account.id)),
    revokeUserSessions(ctx, account.id),
    ctx.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id)),
    ctx.db.insert(oauthAccounts).values({ provider, providerUserId: profile.providerUserId, userId: account.id }),
    ctx.db.delete(bookings).where(and(eq(bookings.buyerId, account.id), eq(bookings.paid, false))),
    ctx.db.delete(conversations).where(or(eq(conversations.buyerId, account.id), eq(conversations.sellerId, account.id))),
    ctx.db.delete(favourites).where(eq(favourites.userId, account.id)),
    ctx.db.delete(savedSearches).where(eq(savedSearches.userId, account.id)),
    ctx.db
      .delete(cars)
      .where(and(eq(cars.sellerId, account.id), eq(cars.isPaid, false)))
      .returning({ make: cars.make }),
    ctx.db.select().from(users).where(eq(users.id, account.id)),
  ]);
  // Its listings went and its name changed: every page that showed them (and the sign-in says "nothing public").
  await publish(ctx, [{ type: "account_removed" }]);
  if (removedCars.length > 0) await publish(ctx, [{ type: "comparables_changed", makes: removedCars.map((car) => car.make) }]);
  return { user, created: false, claimed: account.passwordHash !== null || account.totpEnabled };
}
