import { and, desc, eq, ne, sql } from "drizzle-orm";
import { type RecentCar } from "~/lib/search/recent-cars";
import { type AppContext } from "../../context";
import { batchPrepared, preparedStatement, runPrepared } from "../../db/prepared";
import { cars, recentlyViewed } from "../../db/schema";

/** How many cars a user's list keeps, and how many a page shows. */
export const RECENTLY_VIEWED_KEPT = 12;
export const RECENTLY_VIEWED_SHOWN = 8;

const recentCars = preparedStatement(["userId", "exceptCarId"], (ctx, { userId, exceptCarId }) =>
  ctx.db
    .select({
      _id: cars.id,
      productName: cars.name,
      image: cars.image,
      resalePrice: cars.resalePrice,
      isPaid: cars.isPaid,
    })
    .from(recentlyViewed)
    .innerJoin(cars, eq(cars.id, recentlyViewed.productId))
    .where(and(eq(recentlyViewed.userId, userId), ne(recentlyViewed.productId, exceptCarId)))
    .orderBy(desc(recentlyViewed.viewedAt))
    .limit(RECENTLY_VIEWED_SHOWN),
);

/** The cars a user looked at last, newest first, along recently_viewed_user_idx (a read to send in a batch). */
export const recentCarsQuery = (ctx: AppContext, userId: string, exceptCarId?: string) =>
  // No car has an empty id: without one to leave out, none is.
  recentCars(ctx, { userId, exceptCarId: exceptCarId ?? "" });

/** The cars a signed-in user looked at last, newest first (Home), read along recently_viewed_user_idx. */
export async function listRecentlyViewed(ctx: AppContext, userId: string): Promise<RecentCar[]> {
  return runPrepared(ctx, recentCarsQuery(ctx, userId));
}

/** The visit's writes: one upsert, then the list trimmed to the latest RECENTLY_VIEWED_KEPT. */
function visitWrites(ctx: AppContext, userId: string, carId: string) {
  const viewedAt = ctx.now().toISOString();
  return [
    ctx.db
      .insert(recentlyViewed)
      .values({ userId, productId: carId, viewedAt })
      .onConflictDoUpdate({ target: [recentlyViewed.userId, recentlyViewed.productId], set: { viewedAt } }),
    ctx.db.delete(recentlyViewed).where(
      and(
        eq(recentlyViewed.userId, userId),
        sql`${recentlyViewed.productId} not in (select ${recentlyViewed.productId} from ${recentlyViewed}
          where ${recentlyViewed.userId} = ${userId} order by ${recentlyViewed.viewedAt} desc limit ${RECENTLY_VIEWED_KEPT})`,
      ),
    ),
  ] as const;
}

/**
 * A signed-in user opens a car's page: the visit is noted and the other cars they looked at last
 * come back, all in one round trip that the car page makes beside its other second-round reads, so
 * it adds no wait.
 */
export async function noteCarVisit(ctx: AppContext, userId: string, carId: string): Promise<RecentCar[]> {
  const [, , recent] = await batchPrepared(ctx, [...visitWrites(ctx, userId, carId), recentCarsQuery(ctx, userId, carId)]);
  return recent;
}

/** The visit noted alone (the list was read already, as a car page's personal data does). */
export async function recordCarVisit(ctx: AppContext, userId: string, carId: string): Promise<void> {
  await ctx.db.batch(visitWrites(ctx, userId, carId));
}
