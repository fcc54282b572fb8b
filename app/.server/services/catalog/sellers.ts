import { and, count, desc, eq, sql } from "drizzle-orm";
import { sellerRating } from "~/lib/catalog/seller-rating";
import { type SellerProfile } from "~/lib/schemas/types";
import { type AppContext } from "../../context";
import { cars, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { selectCars, toCar } from "./cars";

export const SELLER_PAGE_SIZE = 24;

/**
 * A seller's public profile: name, badge, member since, and how many cars they have for sale and
 * have sold. Unknown ids and accounts that are not sellers → 404. One round trip.
 */
export async function findSellerProfile(ctx: AppContext, sellerId: string): Promise<SellerProfile> {
  return toProfile(await profileQuery(ctx, sellerId));
}

// Written out in full: in a one-table select Drizzle leaves columns unqualified, and inside the
// sub-select "id" would then mean the car's id.
const carsOfSeller = (sold: boolean) =>
  sql<number>`(select count(*) from "products" where "products"."seller_id" = "users"."id" and "products"."is_paid" = ${sold ? 1 : 0})`;

function profileQuery(ctx: AppContext, sellerId: string) {
  return ctx.db
    .select({
      id: users.id,
      name: users.name,
      verified: users.sellerVerified,
      createdAt: users.createdAt,
      ratingCount: users.ratingCount,
      ratingTotal: users.ratingTotal,
      forSale: carsOfSeller(false),
      sold: carsOfSeller(true),
    })
    .from(users)
    .where(and(eq(users.id, sellerId), eq(users.role, "seller")))
    .limit(1);
}

function toProfile([seller]: Awaited<ReturnType<typeof profileQuery>>): SellerProfile {
  if (!seller) throw new NotFound("Seller not found");
  return {
    _id: seller.id,
    name: seller.name,
    verify: seller.verified,
    memberSince: seller.createdAt,
    forSale: seller.forSale,
    sold: seller.sold,
    rating: sellerRating(seller.ratingCount, seller.ratingTotal),
  };
}

/** One page of a seller's cars for sale, newest first, with the seller's profile; one round trip. */
export async function listSellerCarsForSale(ctx: AppContext, sellerId: string, page = 1, pageSize = SELLER_PAGE_SIZE) {
  const forSale = and(eq(cars.sellerId, sellerId), eq(cars.isPaid, false));
  const [profile, rows, [{ total }]] = await ctx.db.batch([
    profileQuery(ctx, sellerId),
    selectCars(ctx)
      .where(forSale)
      .orderBy(desc(cars.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(cars).where(forSale),
  ]);
  return { seller: toProfile(profile), cars: rows.map(toCar), total, totalPages: Math.ceil(total / pageSize) };
}
