import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { totalPages } from "~/lib/shared/list-query";
import { firstNameAndInitial, type SellerReview } from "~/lib/catalog/reviews";
import { type ReviewInput } from "~/lib/schemas/catalog";
import { type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { bookings, cars, reviews, users } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { batchItemsOf } from "../events";
import { type UserRow } from "../users/users";

const BOOKING_NOT_FOUND = "Booking not found";
const REVIEW_NOT_FOUND = "Review not found";

/**
 * The buyer of a paid booking rates the car's seller, once per booking. A booking that lost the car
 * to another buyer was refunded and was never a purchase. When the seller's account is gone there
 * is no one to rate (409): the review would name nobody, and the rating would count for nobody.
 * The insert re-checks every condition, and the unique index on the booking keeps it to one
 * review even when two arrive at once.
 */
export async function createReview(ctx: AppContext, buyer: UserRow, input: ReviewInput): Promise<string> {
  enforce("review:booking:own", buyer);
  const id = crypto.randomUUID();
  let inserted: number;
  try {
    const result = await ctx.db.run(sql`
      insert into ${reviews} (id, booking_id, seller_id, rating, text, created_at)
      select ${id}, ${bookings.id}, ${cars.sellerId}, ${input.rating}, ${input.text ?? ""}, ${ctx.now().toISOString()}
      from ${bookings} join ${cars} on ${cars.id} = ${bookings.productId}
      where ${bookings.id} = ${input.bookingId} and ${bookings.buyerId} = ${buyer.id}
        and ${bookings.paid} = 1 and ${bookings.lost} = 0 and ${cars.sellerId} is not null`);
    inserted = result.rowsAffected;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(ALREADY_REVIEWED);
    throw error;
  }
  if (inserted === 1) return id;
  throw await whyNoReview(ctx, buyer, input.bookingId);
}

const ALREADY_REVIEWED = "You have already rated the seller for this booking";

/** Which condition refused a review: not the caller's booking (404), not paid for, or no seller left (409). */
async function whyNoReview(ctx: AppContext, buyer: UserRow, bookingId: string): Promise<Error> {
  const [booking] = await ctx.db
    .select({ buyerId: bookings.buyerId, paid: bookings.paid, lost: bookings.lost, sellerId: cars.sellerId })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.productId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return new NotFound(BOOKING_NOT_FOUND);
  enforce("review:booking:own", buyer, booking.buyerId === buyer.id, BOOKING_NOT_FOUND);
  if (!booking.paid || booking.lost) return new Conflict("You can rate the seller once you have paid for the car");
  return new Conflict("The seller's account has been closed, so there is no one to rate");
}

/** What My Orders shows of a paid booking's review: the rating given (null: not yet), and whether the seller can still be rated. */
export interface OrderReview {
  rating: number | null;
  mayRate: boolean;
}

// As many as My Orders lists (the newest).
const PAID_ORDERS_LIMIT = 200;

/** The review state of each of a buyer's paid bookings, by booking id; one indexed query. */
export async function reviewsOfPaidOrders(ctx: AppContext, buyerId: string): Promise<Record<string, OrderReview>> {
  const rows = await ctx.db
    .select({ bookingId: bookings.id, rating: reviews.rating, sellerId: cars.sellerId })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.productId))
    .leftJoin(reviews, eq(reviews.bookingId, bookings.id))
    .where(and(eq(bookings.buyerId, buyerId), eq(bookings.paid, true), eq(bookings.lost, false)))
    .orderBy(desc(bookings.createdAt))
    .limit(PAID_ORDERS_LIMIT);
  return Object.fromEntries(
    rows.map((row) => [row.bookingId, { rating: row.rating, mayRate: row.rating === null && row.sellerId !== null }]),
  );
}

/**
 * One page of a seller's reviews, newest first (paged in SQL on reviews_seller_idx), with the seller's
 * count from the column the triggers keep; unknown ids and accounts that are not sellers → 404.
 * One round trip.
 */
export async function listSellerReviews(ctx: AppContext, sellerId: string, page: number, limit: number): Promise<PagedList<SellerReview>> {
  const [[seller], rows] = await ctx.db.batch([
    ctx.db
      .select({ count: users.ratingCount })
      .from(users)
      .where(and(eq(users.id, sellerId), eq(users.role, "seller")))
      .limit(1),
    ctx.db
      .select({
        _id: reviews.id,
        rating: reviews.rating,
        text: reviews.text,
        buyerName: bookings.buyerName,
        productName: cars.name,
        createdAt: reviews.createdAt,
        answer: reviews.answer,
        answeredAt: reviews.answeredAt,
      })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .innerJoin(cars, eq(cars.id, bookings.productId))
      .where(eq(reviews.sellerId, sellerId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
  ]);
  if (!seller) throw new NotFound("Seller not found");
  return {
    data: rows.map((row) => ({ ...row, buyerName: firstNameAndInitial(row.buyerName) })),
    total: seller.count,
    currentPage: page,
    totalPages: totalPages(seller.count, limit),
  };
}

/**
 * The reviewed seller answers a review, once (a second answer → 409); for anyone else the review
 * does not exist (404). One conditional update decides it.
 */
export async function answerReview(ctx: AppContext, seller: UserRow, reviewId: string, answer: string): Promise<void> {
  enforce("answer:review:own", seller);
  const answered = await ctx.db
    .update(reviews)
    .set({ answer, answeredAt: ctx.now().toISOString() })
    .where(and(eq(reviews.id, reviewId), eq(reviews.sellerId, seller.id), isNull(reviews.answer)))
    .returning({ id: reviews.id });
  if (answered.length === 1) return;
  const [review] = await ctx.db.select({ sellerId: reviews.sellerId }).from(reviews).where(eq(reviews.id, reviewId)).limit(1);
  if (!review) throw new NotFound(REVIEW_NOT_FOUND);
  enforce("answer:review:own", seller, review.sellerId === seller.id, REVIEW_NOT_FOUND);
  throw new Conflict("You have already answered this review");
}

/**
 * An admin removes a review that breaks the rules; the audit trail records it in the same batch,
 * naming the buyer, the seller and the car. The seller's average follows (triggers). Unknown → 404.
 */
export async function removeReview(ctx: AppContext, admin: UserRow, reviewId: string): Promise<number> {
  enforce("remove:review", admin);
  const [review] = await ctx.db
    .select({ rating: reviews.rating, buyerName: bookings.buyerName, sellerName: users.name, productName: cars.name })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.productId))
    .innerJoin(users, eq(users.id, reviews.sellerId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!review) throw new NotFound(REVIEW_NOT_FOUND);
  const [deleted] = await ctx.db.batch([
    ctx.db.delete(reviews).where(eq(reviews.id, reviewId)).returning({ id: reviews.id }),
    ...(await batchItemsOf(ctx, [
      {
        type: "admin_acted",
        actor: admin,
        action: "remove-review",
        target: reviewId,
        details: `${review.buyerName}'s ${review.rating}-star review of ${review.sellerName} (${review.productName})`,
        onlyIfChanged: true,
      },
    ])),
  ]);
  return deleted.length;
}
