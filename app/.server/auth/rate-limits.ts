import { eq, sql } from "drizzle-orm";
import { type AppContext } from "../context";
import { rateLimits } from "../db/schema";
import { TooManyRequests } from "../errors";

export interface Limit {
  name: string;
  max: number;
  windowSeconds: number;
  perIp?: boolean;
}

// Production limits (../shared/api-contract.md "Abuse limits"). Local runs multiply per-IP limits by 10.
export const LIMITS = {
  signInAccount: { name: "sign-in-account", max: 5, windowSeconds: 15 * 60 },
  signInIp: { name: "sign-in-ip", max: 100, windowSeconds: 15 * 60, perIp: true },
  registrationIp: { name: "registration-ip", max: 20, windowSeconds: 3600, perIp: true },
  passwordResetAccount: { name: "password-reset-account", max: 3, windowSeconds: 3600 },
  // Photos one user may upload in a day (10 cars with 10 photos and their small versions each).
  uploadsPerDay: { name: "uploads-user", max: 200, windowSeconds: 24 * 3600 },
} satisfies Record<string, Limit>;

function maxFor(ctx: AppContext, limit: Limit) {
  return limit.perIp && ctx.appEnv !== "production" ? limit.max * 10 : limit.max;
}

const keyFor = (limit: Limit, subject: string) => `${limit.name}:${subject}`;

/** Throws 429 (with Retry-After) when the window for this subject is already used up. */
export async function assertWithinLimit(ctx: AppContext, limit: Limit, subject: string) {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const [row] = await ctx.db.select().from(rateLimits).where(eq(rateLimits.key, keyFor(limit, subject))).limit(1);
  if (row && row.resetAt > nowSeconds && row.count >= maxFor(ctx, limit)) {
    throw new TooManyRequests(row.resetAt - nowSeconds);
  }
}

/**
 * Counts one event in a fixed window, atomically in the database, and tells whether it was
 * still within the limit. The window starts with the first event.
 */
export async function countEvent(ctx: AppContext, limit: Limit, subject: string): Promise<{ allowed: boolean; retryAfter: number }> {
  const nowSeconds = Math.floor(ctx.now().getTime() / 1000);
  const resetAt = nowSeconds + limit.windowSeconds;
  const [row] = await ctx.db
    .insert(rateLimits)
    .values({ key: keyFor(limit, subject), count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= ${nowSeconds} then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= ${nowSeconds} then ${resetAt} else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  return { allowed: row.count <= maxFor(ctx, limit), retryAfter: row.resetAt - nowSeconds };
}

/** Counts the event and throws 429 when it goes over the limit. */
export async function consumeLimit(ctx: AppContext, limit: Limit, subject: string) {
  const { allowed, retryAfter } = await countEvent(ctx, limit, subject);
  if (!allowed) throw new TooManyRequests(retryAfter);
}
