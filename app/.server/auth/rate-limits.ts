import { and, eq, gte, lt, lte, or, sql } from "drizzle-orm";
import { type AppContext } from "../context";
import { rateLimits } from "../db/schema";
import { TooManyRequests } from "../errors";

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
  perIp?: boolean;
}

const FIFTEEN_MINUTES = 15 * 60;

// Production limits (../shared/api-contract.md "Abuse limits"). Local runs multiply per-IP limits by 10.
export const LIMITS = {
  // Failed credential checks (password, token request, second-factor code, current password).
  failuresAccountIp: { name: "failures-account-ip", max: 5, windowSeconds: FIFTEEN_MINUTES },
  failuresAccount: { name: "failures-account", max: 50, windowSeconds: FIFTEEN_MINUTES },
  failuresIp: { name: "failures-ip", max: 100, windowSeconds: FIFTEEN_MINUTES, perIp: true },
  registrationIp: { name: "registration-ip", max: 20, windowSeconds: 3600, perIp: true },
  passwordResetAccount: { name: "password-reset-account", max: 3, windowSeconds: 3600 },
  // Photos one user may upload in a day (10 cars with 10 photos and their small versions each).
  uploadsPerDay: { name: "uploads-user", max: 200, windowSeconds: 24 * 3600 },
  // Downloads of everything held about an account, per account a day: each reads a lot.
  exportsPerDay: { name: "export-user", max: 5, windowSeconds: 24 * 3600 },
  // Messages one user may send in a minute (buyers and sellers alike).
  messagesPerMinute: { name: "messages-user", max: 30, windowSeconds: 60 },
  // Offers one buyer may make in an hour, on all cars together.
  offersPerHour: { name: "offers-user", max: 10, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

function maxFor(ctx: AppContext, limit: Limit) {
  return limit.perIp && ctx.appEnv !== "production" ? limit.max * 10 : limit.max;
}

const keyFor = (limit: Limit, subject: string) => `${limit.name}:${subject}`;
const nowInSeconds = (ctx: AppContext) => Math.floor(ctx.now().getTime() / 1000);

/**
 * Counts one event in a fixed window with a single conditional upsert, so concurrent events are
 * counted exactly, and tells whether it was still within the limit. The window starts with the
 * first event.
 */
function countStatement(ctx: AppContext, limit: Limit, subject: string) {
  const now = nowInSeconds(ctx);
  const resetAt = now + limit.windowSeconds;
  return ctx.db
    .insert(rateLimits)
    .values({ key: keyFor(limit, subject), count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
}

export async function countEvent(ctx: AppContext, limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const [row] = await countStatement(ctx, limit, subject);
  return { allowed: row.count <= maxFor(ctx, limit), retryAfter: row.resetAt - nowInSeconds(ctx) };
}

/** Counts the event and throws 429 when it goes over the limit. */
export async function consumeLimit(ctx: AppContext, limit: Limit, subject: string) {
  const { allowed, retryAfter } = await countEvent(ctx, limit, subject);
  if (!allowed) throw new TooManyRequests(retryAfter);
}

type Counter = { limit: Limit; subject: string };

/** The three counters a credential check for an account is held to. */
function credentialCounters(ctx: AppContext, account: string): Counter[] {
  const email = account.toLowerCase();
  return [
    { limit: LIMITS.failuresAccountIp, subject: `${email}|${ctx.clientIp}` },
    { limit: LIMITS.failuresAccount, subject: email },
    { limit: LIMITS.failuresIp, subject: ctx.clientIp },
  ];
}

async function giveBack(ctx: AppContext, counters: Counter[]) {
  const keys = counters.map(({ limit, subject }) => eq(rateLimits.key, keyFor(limit, subject)));
  await ctx.db
    .update(rateLimits)
    .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
    .where(or(...keys));
}

/**
 * Runs a credential check (password, second-factor code) for an account under the abuse limits.
 * The attempt is reserved on every counter before the check, in one round trip, so of any number
 * of attempts sent at once no more than the limit are ever checked; the rest answer 429 (and are
 * given back: an attempt that was never checked does not count). A check that passes gives its
 * reservation back too; a failed one keeps it.
 */
export async function withCredentialLimits<T>(ctx: AppContext, account: string, check: () => Promise<T>): Promise<T> {
  const counters = credentialCounters(ctx, account);
  const [first, ...rest] = counters.map(({ limit, subject }) => countStatement(ctx, limit, subject));
  const rows = (await ctx.db.batch([first, ...rest])).map(([row]) => row);
  const over = rows.flatMap((row, index) => (row.count > maxFor(ctx, counters[index].limit) ? [row.resetAt] : []));
  if (over.length > 0) {
    await giveBack(ctx, counters);
    throw new TooManyRequests(Math.max(...over) - nowInSeconds(ctx));
  }
  let passed = false;
  try {
    const result = await check();
    passed = true;
    return result;
  } finally {
    if (passed) await giveBack(ctx, counters);
  }
}

/** A successful password reset ends the account's lock-outs, so nobody can lock an owner out for good. */
export function clearAccountLimitsStatement(ctx: AppContext, account: string) {
  const email = account.toLowerCase();
  const ipPrefix = keyFor(LIMITS.failuresAccountIp, `${email}|`);
  return ctx.db.delete(rateLimits).where(
    or(
      eq(rateLimits.key, keyFor(LIMITS.failuresAccount, email)),
      // Every IP's counter for this account: a key range, so the primary key index serves it.
      and(gte(rateLimits.key, ipPrefix), lt(rateLimits.key, `${ipPrefix}\uffff`)),
    ),
  );
}

/**
 * The Cron Trigger's clean-up: counters whose window has ended count nothing any more (the next
 * event starts a new window), including the car views' remembered visitors (services/catalog/car-views.ts).
 * Returns how many were removed.
 */
export async function forgetEndedLimits(ctx: AppContext): Promise<number> {
  const removed = await ctx.db.delete(rateLimits).where(lte(rateLimits.resetAt, nowInSeconds(ctx)));
  return removed.rowsAffected;
}
