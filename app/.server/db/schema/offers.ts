import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { cars } from "./catalog";

export const OFFER_STATUSES = ["open", "countered", "accepted", "declined", "withdrawn", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * A buyer's offer of less than a car's price, answered by its seller (accept, counter, decline).
 * Amounts are whole dollars. The car's own price never changes because of one.
 */
export const offers = sqliteTable(
  "offers",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "cascade" }),
    amount: integer("amount").notNull(),
    counterAmount: integer("counter_amount"),
    status: text("status", { enum: OFFER_STATUSES }).notNull().default("open"),
    message: text("message").notNull().default(""),
    // Until when the side whose turn it is may answer (48 hours from the offer or the counter).
    expiresAt: text("expires_at").notNull(),
    respondedAt: text("responded_at"),
    bookingId: text("booking_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open or countered offer per buyer and car: the database decides two at once.
    uniqueIndex("offers_buyer_product_live_unique")
      .on(t.buyerId, t.productId)
      .where(sql`${t.status} in ('open', 'countered')`),
    index("offers_buyer_idx").on(t.buyerId, t.createdAt),
    index("offers_seller_idx").on(t.sellerId, t.createdAt),
    index("offers_product_idx").on(t.productId, t.status),
    index("offers_expiry_idx").on(t.status, t.expiresAt),
    check("offers_status_check", sql`${t.status} in ('open', 'countered', 'accepted', 'declined', 'withdrawn', 'expired')`),
    check("offers_amount_check", sql`${t.amount} > 0`),
  ],
);
