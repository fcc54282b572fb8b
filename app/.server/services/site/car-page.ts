import { desc, eq, sql } from "drizzle-orm";
import { type Car, type CarDetail } from "~/lib/schemas/types";
import { type AppContext } from "../../context";
import { batchPrepared, preparedStatement } from "../../db/prepared";
import { cars, users } from "../../db/schema";
import { carDetailQueries, selectCars, toCar, toCarDetail } from "../catalog/cars";
import { openBookingsOf, openBookingsQuery } from "../deals/bookings";

export const SIMILAR_LIMIT = 6;
// Similar cars are picked from this many of the category's newest unsold cars (read backwards
// along products_unsold_category_idx), so the cost stays the same however large the category grows.
const SIMILAR_CANDIDATES = 60;

/**
 * Up to 6 cars for sale like this one: from the newest unsold cars of its category (not itself),
 * the same make first, then the closest asking price, then the newest. One statement.
 * Make alone has no index, so cars of the same make in other categories are not searched.
 */
const similarCars = preparedStatement(["id"], (ctx, { id }) => {
  const candidates = sql`(select c.id from products c join products t on t.id = ${id}
    where c.category_id = t.category_id and c.is_paid = 0 and c.id <> t.id
    order by c.created_at desc limit ${SIMILAR_CANDIDATES})`;
  const targetMake = sql`(select t.make from products t where t.id = ${id})`;
  const targetPrice = sql`(select t.resale_price from products t where t.id = ${id})`;
  return selectCars(ctx)
    .where(sql`${cars.id} in ${candidates}`)
    .orderBy(
      sql`coalesce(lower(${cars.make}) = lower(${targetMake}), 0) desc`,
      sql`abs(${cars.resalePrice} - ${targetPrice})`,
      desc(cars.createdAt),
    )
    .limit(SIMILAR_LIMIT);
});

/** When the car's seller joined (no row when the seller's account is gone). */
const sellerSinceOf = preparedStatement(["id"], (ctx, { id }) =>
  ctx.db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(sql`${users.id} = (select p.seller_id from products p where p.id = ${id})`)
    .limit(1),
);

export interface CarPage {
  car: CarDetail;
  similar: Car[];
  /** When the seller joined; null when the seller's account is gone (a sold car's records stay). */
  sellerSince: string | null;
  /** How many buyers booked it and may still buy it (none once it is sold): the first to pay gets it. */
  bookedBy: number;
}

/**
 * Everything a car's page shows, in one round trip of statements prepared once: the car with its
 * price history and VIN decode, similar cars, when its seller joined and how many booked it. Unknown id → 404.
 */
export async function findCarPage(ctx: AppContext, id: string): Promise<CarPage> {
  const [rows, history, similar, seller, openBookings] = await batchPrepared(ctx, [
    ...carDetailQueries(ctx, id),
    similarCars(ctx, { id }),
    sellerSinceOf(ctx, { id }),
    openBookingsQuery(ctx, id),
  ]);
  const car = toCarDetail(rows, history);
  return {
    car,
    similar: similar.map(toCar),
    sellerSince: seller[0]?.createdAt ?? null,
    bookedBy: car.isPaid ? 0 : openBookingsOf(openBookings),
  };
}

// One sitemap holds at most 50,000 URLs; the fixed pages and categories take a few of them.
export const SITEMAP_CAR_LIMIT = 49_000;

/**
 * Unsold cars for the sitemap with the date each last changed. One scan of the table with a limit
 * and no sort: past 49,000 cars this needs a sitemap index whose pages walk the table by key.
 */
export async function listCarsForSitemap(ctx: AppContext, limit = SITEMAP_CAR_LIMIT) {
  return ctx.db
    .select({ id: cars.id, lastModified: sql<string>`coalesce(${cars.updatedAt}, ${cars.createdAt})` })
    .from(cars)
    .where(eq(cars.isPaid, false))
    .limit(limit);
}
