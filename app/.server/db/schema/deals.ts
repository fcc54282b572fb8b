import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";
import { users } from "./accounts";

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    // Not a reference: a booking with payment history outlives its car (the payment keeps the car's
    // name); the others go with the car (trigger bookings_go_with_their_car, migration 0022).
    productId: text("product_id").notNull(),
    // Paid bookings outlive the buyer's account; the buyer's name and email stay on the order.
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    phone: text("phone").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    paid: integer("paid", { mode: "boolean" }).notNull().default(false),
    transactionId: text("transaction_id"),
    // The provider's payment intent of this booking's latest attempt to pay.
    paymentIntentId: text("payment_intent_id"),
    // When the buyer last started paying: the car cannot be deleted while a payment is under way.
    paymentStartedAt: text("payment_started_at"),
    // Paid after someone else had bought the car: refunded, the car is not theirs.
    lost: integer("lost", { mode: "boolean" }).notNull().default(false),
    // Paid, then refunded: no longer the buyer's booking of the car, who may book it again.
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
    // A price the seller agreed to (an accepted offer, whole dollars), charged instead of the car's
    // price until agreedUntil; after that the asking price applies again.
    agreedPrice: integer("agreed_price"),
    agreedUntil: text("agreed_until"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bookings_buyer_product_unique")
      .on(t.buyerId, t.productId)
      .where(sql`${t.refunded} = 0`),
    index("bookings_buyer_idx").on(t.buyerId, t.createdAt),
    index("bookings_product_idx").on(t.productId),
  ],
);

/**
 * A buyer's review of the seller, one per paid booking. The seller may answer it once; an admin may
 * remove it (audit trail). Triggers keep users.rating_count and rating_total in step (migration 0013).
 */
export const reviews = sqliteTable(
  "reviews",
  {
    id: id(),
    bookingId: text("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    // Null once the seller closed their account: the review stays on the record.
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    text: text("text").notNull().default(""),
    answer: text("answer"),
    answeredAt: text("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reviews_booking_unique").on(t.bookingId),
    // A seller's reviews, newest first (the seller's page, paged).
    index("reviews_seller_idx").on(t.sellerId, t.createdAt, t.id),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
