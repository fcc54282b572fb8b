import { and, eq, sql } from "drizzle-orm";
import { type ProductDetail } from "~/lib/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, products } from "../../db/schema";
import { type PhotoInput, type ProductChanges, findProductDetail, updateProduct } from "./products";
import { createWithPhoto } from "../uploads/uploads";
import { type UserRow } from "../accounts/users";

// What a seller's own dashboard needs beyond the catalogue: their listing to edit, and who booked
// their cars, so they can call the buyers and meet them.

/** A booking as the car's seller sees it: enough to reach the buyer, nothing about the payment. */
export interface SellerBooking {
  _id: string;
  buyerName: string;
  phone: string;
  meetingLocation: string;
  paid: boolean;
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
 * The bookings on a seller's cars, by product id, in one query (each car's bookings through
 * bookings_product_idx). Bookings that lost the car to another buyer are left out, and a sold
 * car shows only its paid booking: the others' buyers have nothing left to meet about.
 */
export async function listBookingsForSellerCars(ctx: AppContext, sellerId: string): Promise<Record<string, CarBookings>> {
  const ranked = ctx.db
    .select({
      id: bookings.id,
      productId: bookings.productId,
      buyerName: bookings.buyerName,
      phone: bookings.phone,
      meetingLocation: bookings.meetingLocation,
      paid: bookings.paid,
      createdAt: bookings.createdAt,
      position:
        sql<number>`row_number() over (partition by ${bookings.productId} order by ${bookings.paid} desc, ${bookings.createdAt} desc)`.as(
          "position",
        ),
      total: sql<number>`count(*) over (partition by ${bookings.productId})`.as("total"),
    })
    .from(products)
    .innerJoin(bookings, eq(bookings.productId, products.id))
    .where(and(eq(products.sellerId, sellerId), eq(bookings.lost, false), sql`(${products.isPaid} = 0 or ${bookings.paid} = 1)`))
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
      createdAt: row.createdAt,
    });
  }
  return byCar;
}

/** The owner's listing with its photos, for the edit page; 404 unknown, 403 for anyone else. */
export async function findOwnListing(ctx: AppContext, user: UserRow, id: string): Promise<ProductDetail> {
  const product = await findProductDetail(ctx, id);
  enforce("update:product:own", user, product.sellerId === user.id, "You can only change your own products");
  return product;
}

/**
 * The edit page's save: the owner's changes, with the photo file sent without JavaScript (if any)
 * stored and added after the photos kept. The file goes again if the change is refused.
 */
export function updateListing(
  ctx: AppContext,
  user: UserRow,
  id: string,
  changes: ProductChanges & { photos: PhotoInput[] },
  photo?: Blob,
): Promise<number> {
  if (!photo) return updateProduct(ctx, user, id, changes);
  return createWithPhoto(ctx, user.id, photo, (url) => updateProduct(ctx, user, id, { ...changes, photos: [...changes.photos, { url }] }));
}
