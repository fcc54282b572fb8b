import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DISPUTE_OUTCOMES, DISPUTE_REASONS } from "../../../lib/schemas/deals";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { products } from "./catalog";

export const bookings = sqliteTable(
  "bookings",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    // Paid bookings outlive the buyer's account; the buyer's name and email stay on the order.
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    phone: text("phone").notNull(),
    meetingLocation: text("meeting_location").notNull(),
    paid: integer("paid", { mode: "boolean" }).notNull().default(false),
    transactionId: text("transaction_id"),
    // The provider's payment intent for this booking (one per booking).
    paymentIntentId: text("payment_intent_id"),
    // When the buyer last started paying: the car cannot be deleted while a payment is under way.
    paymentStartedAt: text("payment_started_at"),
    // Paid after someone else had bought the car: refunded, the car is not theirs.
    lost: integer("lost", { mode: "boolean" }).notNull().default(false),
    // Paid, then refunded (v1.2): no longer the buyer's booking of the car, who may book it again.
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
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
 * A paid booking's money (v1.2): held until the handover, disputed until an admin decides, released
 * to the seller, or refunded to the buyer. `refunding` is a refund decided whose card refund has not
 * been confirmed yet (the scheduled run retries it); it counts as held, and answers say `refunded`.
 */
export const PAYMENT_STATUSES = ["held", "disputed", "released", "refunding", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    transactionId: text("transaction_id").notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    buyerEmail: text("buyer_email").notNull(),
    amount: integer("amount").notNull(),
    // The deal (v1.2, app/.server/services/deals/deals.ts); null for payments made before it, whose money
    // the platform kept (they are outside the ledger).
    status: text("status", { enum: PAYMENT_STATUSES }),
    /** The platform's fee and the seller's share, in cents (fee + sellerAmount = amount). */
    fee: integer("fee"),
    sellerAmount: integer("seller_amount"),
    // Whom the money goes to: the car's seller when it was paid for (the car may go, the seller stays).
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    releaseAt: text("release_at"),
    releasedAt: text("released_at"),
    refundedAt: text("refunded_at"),
    // The seller's share sent to their payout account (null while released money is due).
    transferId: text("transfer_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_transaction_unique").on(t.transactionId),
    index("payments_booking_idx").on(t.bookingId),
    // A car is sold exactly once: the database refuses a second payment for it while one stands
    // (a refunded car is for sale again).
    uniqueIndex("payments_product_unique")
      .on(t.productId)
      .where(sql`${t.status} is null or ${t.status} not in ('refunding', 'refunded')`),
    // The scheduled release (held past release_at), refunds and transfers to retry, and sellers' sums.
    index("payments_status_release_idx").on(t.status, t.releaseAt),
    index("payments_seller_status_idx").on(t.sellerId, t.status),
    // Sales by period (the admin's dashboard), counted and summed from the index alone.
    index("payments_created_idx").on(t.createdAt, t.amount),
  ],
);

/**
 * A payment that stands (not given back): a car has at most one. Written as payments_product_unique's
 * condition, so a read that joins a car's payment with it goes through that index.
 */
export const standingPayment = sql`(${payments.status} is null or ${payments.status} not in ('refunding', 'refunded'))`;

export const LEDGER_KINDS = ["charge", "refund", "fee", "transfer", "transfer_reversal"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every movement of a deal's money, in cents (positive), each written in the batch of the state
 * change it records. At most one row of each kind per payment: a movement is recorded once.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: text("booking_id"),
    sellerId: text("seller_id"),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amount: integer("amount").notNull(),
    providerId: text("provider_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_payment_kind_unique").on(t.paymentId, t.kind),
    index("ledger_entries_created_idx").on(t.createdAt, t.id),
    index("ledger_entries_seller_idx").on(t.sellerId, t.createdAt, t.id),
    check("ledger_entries_amount_check", sql`${t.amount} > 0`),
  ],
);

export const PAYOUT_ACCOUNT_STATUSES = ["pending", "ready"] as const;

/** A seller's Stripe Express connected account (or the simulator's): where their money goes. */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("pending"),
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("payout_accounts_account_unique").on(t.accountId)],
);

/** A buyer's (or a card network's) complaint about a held payment; an admin resolves it. */
export const disputes = sqliteTable(
  "disputes",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: text("booking_id").notNull(),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    resolution: text("resolution", { enum: DISPUTE_OUTCOMES }),
    resolvedAt: text("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One dispute per payment: its money stops once.
    uniqueIndex("disputes_payment_unique").on(t.paymentId),
    index("disputes_open_idx").on(sql`${t.resolution} is null`, t.createdAt, t.id),
  ],
);

/** The offline simulator's transfers to sellers (one per idempotency key, like Stripe's). */
export const simulatedTransfers = sqliteTable(
  "simulated_transfers",
  {
    id: text("id").primaryKey(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    destination: text("destination").notNull(),
    transferGroup: text("transfer_group").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("simulated_transfers_idempotency_unique").on(t.idempotencyKey)],
);

export const REFUND_REASONS = ["sold-to-someone-else", "no-longer-for-sale", "amount-mismatch"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * Refunds of payments that bought nothing (one per payment intent): the car was sold to someone
 * else first, or it, its booking or its seller was gone by the time the payment was recorded.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: id(),
    transactionId: text("transaction_id").notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    // Not a reference: the car may be gone; the id is kept for the records.
    productId: text("product_id"),
    reason: text("reason", { enum: REFUND_REASONS }).notNull().default("sold-to-someone-else"),
    amount: integer("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("refunds_transaction_unique").on(t.transactionId)],
);

/** Stripe webhook events already handled (Stripe may deliver an event more than once). */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** The offline payment simulator's intents (development and tests only). */
export const simulatedIntents = sqliteTable(
  "simulated_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    status: text("status").notNull(),
    refunded: integer("refunded", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("simulated_intents_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("simulated_intents_secret_unique").on(t.clientSecret),
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
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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
