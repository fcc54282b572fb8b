import { and, count, eq, sql } from "drizzle-orm";
import { roleMay } from "~/lib/accounts/policy";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { disputes, flags, moneyProblems, offers, reports } from "../../db/schema";
import { type UserRow } from "../users/users";

// What waits for the signed-in person in the dashboard menu: offers to answer, and for admins the
// disputes, reports, flags and money problems still open. Counted in one batch, one round trip.

export const openDisputesCount = (ctx: AppContext) =>
  ctx.db
    .select({ total: count() })
    .from(disputes)
    .where(sql`${disputes.resolution} is null`);

export const openMoneyProblemsCount = (ctx: AppContext) =>
  ctx.db
    .select({ total: count() })
    .from(moneyProblems)
    .where(sql`${moneyProblems.resolvedAt} is null`);

// Dismissing a report deletes it: every row is an open report.
export const openReportsCount = (ctx: AppContext) => ctx.db.select({ total: count() }).from(reports);

export const openFlagsCount = (ctx: AppContext) =>
  ctx.db
    .select({ total: count() })
    .from(flags)
    .where(sql`${flags.clearedAt} is null`);

/** Offers on the seller's cars waiting for their answer. */
const offersToAnswerCount = (ctx: AppContext, sellerId: string) =>
  ctx.db
    .select({ total: count() })
    .from(offers)
    .where(and(eq(offers.sellerId, sellerId), eq(offers.status, "open")));

/** The seller's counter-offers waiting for the buyer's answer. */
const countersToAnswerCount = (ctx: AppContext, buyerId: string) =>
  ctx.db
    .select({ total: count() })
    .from(offers)
    .where(and(eq(offers.buyerId, buyerId), eq(offers.status, "countered")));

/** Each menu page's count statement, for the roles whose menu holds the page. For one batch, and for EXPLAIN in tests. */
export function menuCountStatements(ctx: AppContext, user: Pick<UserRow, "id" | "role">) {
  const counted = [
    { path: PATHS.offers, shown: roleMay(user.role, "read:offers-received"), statement: () => offersToAnswerCount(ctx, user.id) },
    { path: PATHS.myOffers, shown: roleMay(user.role, "read:offers-made"), statement: () => countersToAnswerCount(ctx, user.id) },
    { path: PATHS.disputes, shown: roleMay(user.role, "resolve:disputes"), statement: () => openDisputesCount(ctx) },
    { path: PATHS.reportedItems, shown: roleMay(user.role, "moderate:reports"), statement: () => openReportsCount(ctx) },
    { path: PATHS.flags, shown: roleMay(user.role, "moderate:reports"), statement: () => openFlagsCount(ctx) },
    { path: PATHS.moneyProblems, shown: roleMay(user.role, "read:ledger"), statement: () => openMoneyProblemsCount(ctx) },
  ];
  return counted.filter((entry) => entry.shown).map(({ path, statement }) => ({ path, statement: statement() }));
}

/** How many things wait on each of the person's menu pages, by the page's path (pages with nothing waiting left out). */
export async function menuCounts(ctx: AppContext, user: Pick<UserRow, "id" | "role">): Promise<Record<string, number>> {
  const counted = menuCountStatements(ctx, user);
  const [first, ...rest] = counted.map((entry) => entry.statement);
  if (!first) return {};
  const results = await ctx.db.batch([first, ...rest]);
  return Object.fromEntries(
    counted.map((entry, index) => [entry.path, results[index][0]?.total ?? 0] as const).filter(([, total]) => total > 0),
  );
}
