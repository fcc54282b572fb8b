import { and, count, eq, gte, sql } from "drizzle-orm";
import { startOfWeek } from "../catalog/seller-cars";
import { type AppContext } from "../../context";
import { bookings, payments, cars, standingPayment, users } from "../../db/schema";
import { type UserRow } from "../users/users";
import { openDisputesCount, openFlagsCount, openMoneyProblemsCount, openReportsCount } from "./menu-counts";

// The numbers of each role's dashboard home, counted in SQL, each role's in one batch (one round
// trip). Weeks start on Monday, months on the 1st, both at 00:00 UTC.

const DAY_MS = 86_400_000;
/** How many weeks the admin's sales chart covers, the current one last. */
export const SALES_WEEKS = 12;

/** The 1st of the month holding `date`, 00:00 UTC. */
export function startOfMonth(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** Monday 00:00 UTC of the oldest week in the admin's sales chart. */
function firstSalesWeek(now: Date): Date {
  return new Date(startOfWeek(now).getTime() - (SALES_WEEKS - 1) * 7 * DAY_MS);
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

export interface BuyerStats {
  role: "buyer";
  orders: number;
  paid: number;
  /** Unpaid bookings of cars still for sale: the ones My Orders offers to pay. */
  waitingForPayment: number;
}

export interface SellerStats {
  role: "seller";
  carsForSale: number;
  sold: number;
  bookingsThisWeek: number;
  /** The Monday the week's bookings are counted from (YYYY-MM-DD). */
  weekStart: string;
}

export interface WeekSales {
  /** The week's Monday (YYYY-MM-DD). */
  weekStart: string;
  cars: number;
  dollars: number;
}

export interface CategoryCount {
  id: string;
  name: string;
  cars: number;
}

export interface AdminStats {
  role: "admin";
  carsForSale: number;
  soldThisMonth: number;
  salesThisMonthDollars: number;
  newUsersThisMonth: number;
  openReports: number;
  openFlags: number;
  openDisputes: number;
  openMoneyProblems: number;
  /** The 1st of the month counted (YYYY-MM-DD). */
  monthStart: string;
  /** The last SALES_WEEKS weeks, oldest first, weeks without sales included. */
  weeklySales: WeekSales[];
  /** Categories with cars for sale, most cars first. */
  carsForSaleByCategory: CategoryCount[];
}

export type DashboardStats = BuyerStats | SellerStats | AdminStats;

const asNumber = (value: unknown) => Number(value ?? 0);
const summed = (condition: ReturnType<typeof sql>) => sql<number>`coalesce(sum(${condition}), 0)`.mapWith(asNumber);

function buyerStatement(ctx: AppContext, buyerId: string) {
  return ctx.db
    .select({
      orders: count(),
      paid: summed(sql`${bookings.paid}`),
      waitingForPayment: summed(sql`${bookings.paid} = 0 and ${cars.isPaid} = 0`),
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.productId))
    .where(eq(bookings.buyerId, buyerId));
}

function sellerStatements(ctx: AppContext, sellerId: string, weekStart: Date) {
  return [
    ctx.db
      .select({ carsForSale: summed(sql`${cars.isPaid} = 0`), sold: summed(sql`${cars.isPaid}`) })
      .from(cars)
      .where(eq(cars.sellerId, sellerId)),
    ctx.db
      .select({ bookings: count() })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.productId))
      .where(and(eq(cars.sellerId, sellerId), gte(bookings.createdAt, weekStart.toISOString()))),
  ] as const;
}

/**
 * The admin's statements, for one batch and for EXPLAIN in tests. Cars for sale are read from
 * `facet_counts` (kept by triggers, migration 0007): the total and per-category rows, a few dozen
 * whatever the catalogue. Sales are the payments that stand (one per car sold; money given back is no
 * sale), in cents. Open disputes and money problems are what admins must act on.
 */
export function adminStatements(ctx: AppContext, now: Date) {
  const monthStart = startOfMonth(now).toISOString();
  const firstWeek = firstSalesWeek(now).toISOString();
  return [
    ctx.db.all<{ cars: number }>(sql`select count as cars from facet_counts where facet = 'total' and value = ''`),
    ctx.db.all<CategoryCount>(sql`
      select categories.id as id, categories.name as name, facet_counts.count as cars
      from facet_counts join categories on categories.id = facet_counts.value
      where facet_counts.facet = 'categoryId' and facet_counts.count > 0
      order by facet_counts.count desc, lower(categories.name)`),
    ctx.db
      .select({ cars: count(), cents: summed(sql`${payments.amount}`) })
      .from(payments)
      .where(and(gte(payments.createdAt, monthStart), standingPayment)),
    ctx.db
      .select({
        week: sql<number>`cast((julianday(${payments.createdAt}) - julianday(${firstWeek})) / 7 as integer)`.mapWith(asNumber),
        cars: count(),
        cents: summed(sql`${payments.amount}`),
      })
      .from(payments)
      .where(and(gte(payments.createdAt, firstWeek), standingPayment))
      .groupBy(sql`1`),
    ctx.db.select({ users: count() }).from(users).where(gte(users.createdAt, monthStart)),
    openReportsCount(ctx),
    openFlagsCount(ctx),
    openDisputesCount(ctx),
    openMoneyProblemsCount(ctx),
  ] as const;
}

async function adminStats(ctx: AppContext): Promise<AdminStats> {
  const now = ctx.now();
  const [[total], byCategory, [month], weeks, [newUsers], [openReports], [openFlags], [openDisputes], [openMoneyProblems]] =
    await ctx.db.batch(adminStatements(ctx, now));
  const firstWeek = firstSalesWeek(now).getTime();
  const weeklySales = Array.from({ length: SALES_WEEKS }, (_, index): WeekSales => {
    const sold = weeks.find((row) => row.week === index);
    return { weekStart: isoDate(new Date(firstWeek + index * 7 * DAY_MS)), cars: sold?.cars ?? 0, dollars: (sold?.cents ?? 0) / 100 };
  });
  return {
    role: "admin",
    carsForSale: asNumber(total?.cars),
    soldThisMonth: month.cars,
    salesThisMonthDollars: month.cents / 100,
    newUsersThisMonth: newUsers.users,
    openReports: openReports.total,
    openFlags: openFlags.total,
    openDisputes: openDisputes.total,
    openMoneyProblems: openMoneyProblems.total,
    monthStart: isoDate(startOfMonth(now)),
    weeklySales,
    carsForSaleByCategory: byCategory.map((row) => ({ id: String(row.id), name: String(row.name), cars: asNumber(row.cars) })),
  };
}

/** The signed-in user's own numbers, by role; one round trip. */
export async function dashboardStats(ctx: AppContext, user: Pick<UserRow, "id" | "role">): Promise<DashboardStats> {
  switch (user.role) {
    case "buyer": {
      const [[row]] = await ctx.db.batch([buyerStatement(ctx, user.id)]);
      return { role: "buyer", ...row };
    }
    case "seller": {
      const weekStart = startOfWeek(ctx.now());
      const [[cars], [booked]] = await ctx.db.batch(sellerStatements(ctx, user.id, weekStart));
      return { role: "seller", ...cars, bookingsThisWeek: booked.bookings, weekStart: isoDate(weekStart) };
    }
    case "admin":
      return adminStats(ctx);
  }
}
