import { and, eq, sql } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { DELETED_USER, type Role } from "~/lib/accounts/roles";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { bookings, favourites, notifications, payments, cars, savedSearches, sessions, users } from "../../db/schema";
import { Conflict, Forbidden } from "../../errors";
import { verifyPassword } from "../../auth/passwords";
import { withCredentialLimits } from "../../auth/rate-limits";
import { clearSessionHeader } from "../../auth/sessions";
import { hasOpenMoney } from "../deals/open-money";
import { type UserRow } from "../users/users";

/** Where a person whose money is still moving finds those deals: their orders as a buyer, their sales as a seller. */
export function openDealsPath(role: Role): string {
  return role === "seller" ? PATHS.sales : PATHS.myOrders;
}

export const OPEN_DEALS_MESSAGE = "Finish your open deals first: money is still held, disputed or due for this account";

/** The refusal while money is moving, naming the page that lists those deals. */
export function openDealsRefusal(role: Role): Conflict {
  return new Conflict(`${OPEN_DEALS_MESSAGE}. See them at ${openDealsPath(role)}`);
}

export const WRONG_PASSWORD = "That password is not right: nothing was changed";
const SIGN_IN_AGAIN = "Sign in again (within the last 10 minutes), then confirm by typing DELETE";
const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * The statements that close an account, for the caller's batch (an admin's delete adds its audit
 * entry to it). What goes: unsold listings (their bookings and reports with them), unpaid bookings
 * without payment history, offers, favourites, saved searches, notifications, sessions, links sent
 * by email, sign-in with Google or GitHub, and the user row itself, so the address can register again
 * as a new, empty account. What stays, under "Deleted user" with the contact details blanked: sold
 * cars, bookings with payment history and their payments, ledger rows and receipts (the law keeps
 * money records), reviews, and messages (the other person's conversation) — the database sets
 * their link to the account to null (migration 0024).
 */
function closingStatements(ctx: AppContext, user: UserRow, roleGuard?: Role) {
  const id = user.id;
  const onRecord = sql`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`;
  return [
    ctx.db
      .delete(cars)
      .where(and(eq(cars.sellerId, id), eq(cars.isPaid, false)))
      .returning({ make: cars.make }),
    ctx.db.update(cars).set({ sellerName: DELETED_USER, sellerEmail: "", mobile: "" }).where(eq(cars.sellerId, id)),
    ctx.db.delete(bookings).where(and(eq(bookings.buyerId, id), eq(bookings.paid, false), sql`not ${onRecord}`)),
    ctx.db
      .update(payments)
      .set({ buyerEmail: "" })
      .where(sql`${payments.bookingId} in (select ${bookings.id} from ${bookings} where ${bookings.buyerId} = ${id})`),
    ctx.db.update(bookings).set({ buyerName: DELETED_USER, buyerEmail: "", phone: "" }).where(eq(bookings.buyerId, id)),
    // These would go with the user row too (foreign keys); said here so the rule reads in one place.
    ctx.db.delete(favourites).where(eq(favourites.userId, id)),
    ctx.db.delete(savedSearches).where(eq(savedSearches.userId, id)),
    ctx.db.delete(notifications).where(eq(notifications.userId, id)),
    ctx.db.delete(sessions).where(eq(sessions.userId, id)),
    ctx.db
      .delete(users)
      .where(roleGuard ? and(eq(users.id, id), eq(users.role, roleGuard)) : eq(users.id, id))
      .returning({ id: users.id }),
  ] as const;
}

/**
 * Closes an account in one batch, with `extra` statements (an audit entry) in the same batch.
 * Refused (409) while money is held, disputed or due to or from the account. Returns how many
 * accounts were removed (0 when it was gone already).
 */
export async function closeAccountNow(
  ctx: AppContext,
  user: UserRow,
  options: { roleGuard?: Role; extra?: BatchItem<"sqlite">[] } = {},
): Promise<number> {
  if (await hasOpenMoney(ctx, user.id)) throw openDealsRefusal(user.role);
  const statements = closingStatements(ctx, user, options.roleGuard);
  // Cars, a seller's page and review counts may change: every cached page goes.
  await publish(ctx, [{ type: "account_removed" }]);
  const [first, ...rest] = [...statements, ...(options.extra ?? [])];
  const results = await ctx.db.batch([first, ...rest]);
  const removedCars = results[0] as { make: string }[];
  const deleted = results[statements.length - 1] as { id: string }[];
  await publish(ctx, [{ type: "comparables_changed", makes: removedCars.map((car) => car.make) }]);
  return deleted.length;
}

/**
 * The account holder closes their own account (DELETE /api/me, Account settings). An account with
 * a password confirms with it (under the credential abuse limits; wrong → 403, nothing changes);
 * one without (Google or GitHub sign-in) confirms with "DELETE" within 10 minutes of signing in,
 * so a session left open on a shared computer cannot close it. `closed` is false when the account
 * was gone already; either way the browser is told to forget its session (`clearSessionCookie`).
 */
export async function closeOwnAccount(
  ctx: AppContext,
  user: UserRow & { sessionId?: string },
  confirmation: { password?: string; confirm?: string },
): Promise<{ closed: boolean; clearSessionCookie: string }> {
  await confirmIdentity(ctx, user, confirmation);
  const deleted = await closeAccountNow(ctx, user);
  return { closed: deleted > 0, clearSessionCookie: clearSessionHeader(ctx) };
}

/** The password, or for an account without one a recent sign-in and "DELETE": 403 otherwise. */
export async function confirmIdentity(
  ctx: AppContext,
  user: UserRow & { sessionId?: string },
  confirmation: { password?: string; confirm?: string },
) {
  if (user.passwordHash) {
    const password = confirmation.password ?? "";
    await withCredentialLimits(ctx, user.email, async () => {
      if (!(await verifyPassword(password, user.passwordHash))) throw new Forbidden(WRONG_PASSWORD);
    });
    return;
  }
  if (confirmation.confirm !== "DELETE" || !user.sessionId) throw new Forbidden(SIGN_IN_AGAIN);
  const [session] = await ctx.db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, user.sessionId)).limit(1);
  const signedInAt = session ? Date.parse(session.createdAt) : NaN;
  if (!(ctx.now().getTime() - signedInAt <= FRESH_SIGN_IN_MS)) throw new Forbidden(SIGN_IN_AGAIN);
}
