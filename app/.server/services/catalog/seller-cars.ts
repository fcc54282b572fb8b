import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { MY_CARS_PAGE_SIZE, type MyCarsQuery, type MyCarsSort, type MyCarsStatus } from "~/lib/schemas/catalog";
import { totalPages } from "~/lib/shared/list-query";
import { type CarDetail } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { likeContains } from "../../db/like";
import { bookings, carViewDays, cars } from "../../db/schema";
import { statsSince } from "./car-statistics";
import { type PhotoInput, type CarChanges, findCarDetail, updateCar } from "./cars";
import { createWithPhoto } from "../uploads/uploads";
import { type UserRow } from "../users/users";

// What a seller's own dashboard needs beyond the catalogue: their listing to edit, and who booked
// their cars, so they can call the buyers and meet them.

/** A booking as the car's seller sees it: enough to reach the buyer, nothing about the payment. */
export interface SellerBooking {
  _id: string;
  buyerName: string;
  phone: string;
  meetingLocation: string;
  paid: boolean;
  /** The buyer paid and got the money back: no longer "not paid yet". */
  refunded: boolean;
  createdAt: string;
}

export interface CarBookings {
  /** Every booking that counts (see below), even past those listed. */
  total: number;
  /** Paid first, then the newest; at most BOOKINGS_PER_CAR. */
  bookings: SellerBooking[];
}

export const BOOKINGS_PER_CAR = 20;

/**
 * The bookings on these cars of a seller (a page of My Products), by car id, in one query (each
 * car's bookings through bookings_product_idx); another seller's car among them gets none. Bookings that lost the car to another buyer are left out, and a sold
 * car shows only its paid booking: the others' buyers have nothing left to meet about.
 */
export async function listBookingsForSellerCars(ctx: AppContext, sellerId: string, carIds: string[]): Promise<Record<string, CarBookings>> {
  const ranked = ctx.db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      buyerName: bookings.buyerName,
      phone: bookings.phone,
      meetingLocation: bookings.meetingLocation,
      paid: bookings.paid,
      refunded: bookings.refunded,
      createdAt: bookings.createdAt,
      position:
        sql<number>`row_number() over (partition by ${bookings.productId} order by ${bookings.paid} desc, ${bookings.createdAt} desc)`.as(
          "position",
        ),
      total: sql<number>`count(*) over (partition by ${bookings.productId})`.as("total"),
    })
    .from(cars)
    .innerJoin(bookings, eq(bookings.productId, cars.id))
    .where(
      and(
        eq(cars.sellerId, sellerId),
        inArray(cars.id, carIds),
        eq(bookings.lost, false),
        sql`(${cars.isPaid} = 0 or ${bookings.paid} = 1)`,
      ),
    )
    .as("ranked");
  const rows = await ctx.db
    .select()
    .from(ranked)
    .where(sql`${ranked.position} <= ${BOOKINGS_PER_CAR}`)
    .orderBy(ranked.productId, sql`${ranked.position}`);
  const byCar: Record<string, CarBookings> = {};
  for (const row of rows) {
    const car = (byCar[row.productId] ??= { total: Number(row.total), bookings: [] });
    car.bookings.push({
      _id: row.id,
      buyerName: row.buyerName,
      phone: row.phone,
      meetingLocation: row.meetingLocation,
      paid: Boolean(row.paid),
      refunded: Boolean(row.refunded),
      createdAt: row.createdAt,
    });
  }
  return byCar;
}

/** A row of My Products: what its table shows, and the car's page views over the last 30 days. */
export interface MyCarRow {
  _id: string;
  productName: string;
  resalePrice: number;
  isPaid: boolean;
  isAdvertised: boolean;
  views: number;
}

export interface MyCarsPage {
  rows: MyCarRow[];
  total: number;
  page: number;
  totalPages: number;
}

/** Each filter as a condition on the seller's cars (read through products_seller_idx / products_seller_unsold_idx). */
function statusCondition(status: MyCarsStatus, now: Date): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "for-sale":
      return eq(cars.isPaid, false);
    case "sold":
      return eq(cars.isPaid, true);
    case "booked-this-week":
      // As the dashboard's "Bookings this week" counts them: bookings made since Monday 00:00 UTC.
      return sql`exists (select 1 from ${bookings} where ${bookings.productId} = ${cars.id} and ${bookings.createdAt} >= ${startOfWeek(now).toISOString()})`;
  }
}

/** Every sort ends with the id, so a page's rows never change places between requests. */
const SORTS: Record<MyCarsSort, SQL[]> = {
  newest: [desc(cars.createdAt), desc(cars.id)],
  oldest: [asc(cars.createdAt), asc(cars.id)],
  name: [sql`${cars.name} collate nocase`, asc(cars.id)],
  "price-high": [desc(cars.resalePrice), desc(cars.createdAt), asc(cars.id)],
  "price-low": [asc(cars.resalePrice), desc(cars.createdAt), asc(cars.id)],
};

/**
 * My Products: the seller's cars filtered by status, searched by name (any part, ignoring case),
 * sorted and paged in SQL, with each car's views over the last 30 days; one round trip. The
 * seller's cars are read through their index (seller, then status and date); a name search or a
 * sort other than by date only orders that seller's rows.
 */
export async function listMyCars(ctx: AppContext, seller: UserRow, query: MyCarsQuery): Promise<MyCarsPage> {
  enforce("read:my-cars", seller);
  const now = ctx.now();
  const where = and(
    eq(cars.sellerId, seller.id),
    statusCondition(query.status, now),
    query.q ? likeContains(cars.name, query.q) : undefined,
  );
  const [rows, [counted]] = await ctx.db.batch([
    ctx.db
      .select({
        _id: cars.id,
        productName: cars.name,
        resalePrice: cars.resalePrice,
        isPaid: cars.isPaid,
        isAdvertised: cars.isAdvertised,
        views:
          sql<number>`(select coalesce(sum(${carViewDays.views}), 0) from ${carViewDays} where ${carViewDays.productId} = ${cars.id} and ${carViewDays.day} >= ${statsSince(now)})`.mapWith(
            Number,
          ),
      })
      .from(cars)
      .where(where)
      .orderBy(...SORTS[query.sort])
      .limit(MY_CARS_PAGE_SIZE)
      .offset((query.page - 1) * MY_CARS_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(cars).where(where),
  ]);
  return { rows, total: counted.total, page: query.page, totalPages: totalPages(counted.total, MY_CARS_PAGE_SIZE) };
}

/** The owner's listing with its photos, for the edit page; 404 unknown, 403 for anyone else. */
export async function findOwnListing(ctx: AppContext, user: UserRow, id: string): Promise<CarDetail> {
  const car = await findCarDetail(ctx, id);
  enforce("update:car:own", user, car.sellerId === user.id, "You can only change your own products");
  return car;
}

/**
 * The edit page's save: the owner's changes, with the photo file sent without JavaScript (if any)
 * stored and added after the photos kept. The file goes again if the change is refused.
 */
export function updateListing(
  ctx: AppContext,
  user: UserRow,
  id: string,
  changes: CarChanges & { photos: PhotoInput[] },
  photo?: Blob,
): Promise<void> {
  if (!photo) return updateCar(ctx, user, id, changes);
  return createWithPhoto(ctx, user.id, photo, (url) => updateCar(ctx, user, id, { ...changes, photos: [...changes.photos, { url }] }));
}

/** Monday 00:00 UTC of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const daysSinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - daysSinceMonday));
}
