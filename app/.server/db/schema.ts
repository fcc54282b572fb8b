import { sql } from "drizzle-orm";
import { FLAG_REASONS } from "../../lib/flags";
import { NOTIFICATION_KINDS } from "../../lib/notifications";
import { ROLES } from "../../lib/roles";
import { PRICE_RATINGS } from "../../lib/price-rating";
import { CONDITIONS, FUELS, LOCATIONS, REPORT_REASONS, TRANSMISSIONS } from "../../lib/schemas/catalog";
import { DISPUTE_OUTCOMES, DISPUTE_REASONS } from "../../lib/schemas/deals";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Ids are random UUID strings; times are ISO 8601 UTC strings (they sort as text).
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());

// The roles are declared in app/lib/roles.ts; the column's enum and check constraint follow it.
export { ROLES, type Role } from "../../lib/roles";
const ROLE_LIST = sql.raw(ROLES.map((role) => `'${role}'`).join(", "));

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    // Stored lower-cased by the service; the index makes uniqueness hold even if not.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("buyer"),
    // The seller badge an admin gives (not emailVerified); the column keeps its first name.
    sellerVerified: integer("verified", { mode: "boolean" }).notNull().default(false),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    // Raised on password change: access tokens carry it, so older tokens stop working.
    credentialsVersion: integer("credentials_version").notNull().default(1),
    totpSecret: text("totp_secret"),
    totpEnabled: integer("totp_enabled", { mode: "boolean" }).notNull().default(false),
    // The last accepted TOTP time step: a code is accepted at most once.
    totpLastStep: integer("totp_last_step"),
    // A seller's reviews, counted and summed by triggers on reviews (migration 0013), so every card
    // shows the seller's average from the join it already makes.
    ratingCount: integer("rating_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_role_name_idx").on(t.role, sql`lower(${t.name})`, t.id),
    index("users_role_email_idx").on(t.role, t.email, t.id),
    // New users by period (the admin's dashboard).
    index("users_created_idx").on(t.createdAt),
    check("users_role_check", sql`${t.role} in (${ROLE_LIST})`),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const categories = sqliteTable(
  "categories",
  {
    id: id(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categories_name_unique").on(sql`lower(${t.name})`), index("categories_image_idx").on(t.image)],
);

export const products = sqliteTable(
  "products",
  {
    id: id(),
    name: text("name").notNull(),
    originalPrice: integer("original_price").notNull(),
    resalePrice: integer("resale_price").notNull(),
    location: text("location", { enum: LOCATIONS }).notNull(),
    categoryId: text("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    mobile: text("mobile").notNull(),
    description: text("description").notNull(),
    purchaseYear: integer("purchase_year").notNull(),
    image: text("image").notNull(),
    // Sold cars outlive their seller's account (records); the name and email are kept with the car.
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    sellerName: text("seller_name").notNull(),
    sellerEmail: text("seller_email").notNull(),
    isAdvertised: integer("is_advertised", { mode: "boolean" }).notNull().default(false),
    isPaid: integer("is_paid", { mode: "boolean" }).notNull().default(false),
    // Vehicle data (v1.1): unknown for cars listed by v1 clients, so nullable.
    make: text("make"),
    model: text("model"),
    mileageKm: integer("mileage_km"),
    transmission: text("transmission", { enum: TRANSMISSIONS }),
    fuel: text("fuel", { enum: FUELS }),
    colour: text("colour"),
    vin: text("vin"),
    // The fair-price rating (decision record 17), stored so cards need no query of their own; kept up
    // to date for the whole make whenever a car of that make is listed, changed or sold. Null: unknown.
    priceRating: text("price_rating", { enum: PRICE_RATINGS }),
    createdAt: createdAt(),
    // Null until the listing is first changed (the answer falls back to createdAt).
    updatedAt: text("updated_at"),
  },
  (t) => [
    // Led by is_paid (like the search's indexes below) so the category facet reads it in order; the
    // facets' columns and the price at the end, like theirs (see below).
    index("products_unsold_category_idx").on(t.isPaid, t.categoryId, t.createdAt, t.make, t.location, t.condition, t.resalePrice),
    index("products_advertised_idx").on(t.isAdvertised, t.isPaid, t.createdAt),
    index("products_seller_idx").on(t.sellerId, t.createdAt),
    index("products_seller_unsold_idx").on(t.sellerId, t.isPaid, t.createdAt),
    // The upload clean-up asks whether a photo is still used.
    index("products_image_idx").on(t.image),
    check("products_prices_check", sql`${t.originalPrice} > 0 and ${t.resalePrice} > 0`),
    // The search's filters and sorts over cars for sale (`GET /api/products`, /cars): each filter a
    // user may pick alone has an index led by is_paid, so no search reads the whole table. Each also
    // carries the facets' columns (make, location, condition, category) and the price after its own
    // keys, the ranges' indexes also the newest sort's (date listed, id): the facet counts of a
    // filter's matches, and the choice of a page's cars, read the index alone (decision record 12).
    index("products_unsold_newest_idx").on(t.isPaid, t.createdAt),
    index("products_make_idx").on(
      t.isPaid,
      sql`${t.make} collate nocase`,
      t.createdAt,
      t.location,
      t.condition,
      t.categoryId,
      t.resalePrice,
    ),
    index("products_make_model_idx").on(t.isPaid, sql`${t.make} collate nocase`, sql`${t.model} collate nocase`, t.createdAt),
    index("products_location_idx").on(t.isPaid, t.location, t.createdAt, t.make, t.condition, t.categoryId, t.resalePrice),
    index("products_condition_idx").on(t.isPaid, t.condition, t.createdAt, t.make, t.location, t.categoryId, t.resalePrice),
    index("products_price_idx").on(t.isPaid, t.resalePrice, t.make, t.location, t.condition, t.categoryId, t.createdAt, t.id),
    index("products_mileage_idx").on(t.isPaid, t.mileageKm, t.make, t.location, t.condition, t.categoryId, t.createdAt, t.id),
    index("products_year_idx").on(t.isPaid, t.purchaseYear, t.make, t.location, t.condition, t.categoryId, t.createdAt, t.id),
    // A car's comparables (price analysis, decision record 17): the same make and model, or make and
    // category, over a span of years, sold or not; each rule reads its range of years alone.
    index("products_comparable_model_idx").on(sql`${t.make} collate nocase`, sql`${t.model} collate nocase`, t.purchaseYear),
    index("products_comparable_category_idx").on(sql`${t.make} collate nocase`, t.categoryId, t.purchaseYear),
    // Whoever listed a VIN lately, sold or not (a VIN listed again by another seller is flagged).
    index("products_vin_idx").on(t.vin, t.createdAt),
    // One unsold listing per VIN; a sold car's VIN may be listed again by its next owner.
    uniqueIndex("products_vin_unsold_unique")
      .on(t.vin)
      .where(sql`${t.isPaid} = 0 and ${t.vin} is not null`),
  ],
);

/**
 * A car's photos in order, the cover at position 0 (products.image repeats the cover's URL, which
 * older reads and the bookings use). `smallUrl` is the ~480 px copy the browser made for cards.
 */
export const productPhotos = sqliteTable(
  "product_photos",
  {
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    url: text("url").notNull(),
    smallUrl: text("small_url"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.position] }),
    // The upload clean-up asks whether a photo is still used.
    index("product_photos_url_idx").on(t.url),
    index("product_photos_small_url_idx").on(t.smallUrl),
  ],
);

/** Every asking price a car has had, the listing price first. */
export const priceChanges = sqliteTable(
  "price_changes",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    changedAt: text("changed_at").notNull(),
  },
  (t) => [index("price_changes_product_idx").on(t.productId, t.changedAt)],
);

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
    // The deal (v1.2, app/.server/services/deals.ts); null for payments made before it, whose money
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

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The spec's Report carries the car's name and seller; kept here so the admin list sorts by index.
    productName: text("product_name").notNull().default(""),
    sellerName: text("seller_name").notNull().default(""),
    reason: text("reason", { enum: REPORT_REASONS }).notNull().default("other"),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_product_unique").on(t.reporterId, t.productId),
    index("reports_product_idx").on(t.productId),
    index("reports_created_idx").on(t.createdAt),
    index("reports_product_name_idx").on(sql`lower(${t.productName})`, t.id),
    index("reports_seller_name_idx").on(sql`lower(${t.sellerName})`, t.id),
  ],
);

export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: text("used_at"),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

export const TOKEN_PURPOSES = ["password-reset", "email-verification"] as const;

/** Single-use links sent by email; only a hash of the token is stored. */
export const emailTokens = sqliteTable(
  "email_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: text("expires_at").notNull(),
    usedAt: text("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_tokens_user_idx").on(t.userId, t.purpose)],
);

export const oauthAccounts = sqliteTable(
  "oauth_accounts",
  {
    provider: text("provider", { enum: ["google", "github"] }).notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] }), index("oauth_accounts_user_idx").on(t.userId)],
);

/** Fixed-window counters for abuse limits; in the database so they hold across Worker instances. */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** Mail kept locally when no email API is configured (development and tests read it). */
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // JSON object of extra headers (List-Unsubscribe), as the email API would get them.
    headers: text("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
);

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

/** Who did what as an admin, and when (deleted users, items, dismissed reports, verifications, categories). */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    details: text("details").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);

/**
 * Every email the app sends, kept until delivered (and a while after, for the records): a request
 * never fails because the email API does. Delivery runs after the response (waitUntil), on later
 * requests that send mail and on the Cron Trigger, with backoff between attempts.
 */
export const outgoingEmails = sqliteTable(
  "outgoing_emails",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post), or null.
    headers: text("headers"),
    attempts: integer("attempts").notNull().default(0),
    // Null once sent (or given up), so the index holds only the messages still to send.
    nextAttemptAt: text("next_attempt_at"),
    sentAt: text("sent_at"),
    lastError: text("last_error"),
    // Set when delivery was given up after the last retry: the dead letters an admin sees.
    deadAt: text("dead_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outgoing_emails_next_idx").on(t.nextAttemptAt),
    index("outgoing_emails_to_idx").on(t.to, t.createdAt),
    index("outgoing_emails_dead_idx").on(t.deadAt),
  ],
);

/** Every attempt to deliver an email, with the email API's error when it failed (null: delivered). */
export const emailAttempts = sqliteTable(
  "email_attempts",
  {
    id: id(),
    emailId: text("email_id")
      .notNull()
      .references(() => outgoingEmails.id, { onDelete: "cascade" }),
    attemptedAt: text("attempted_at").notNull(),
    error: text("error"),
  },
  (t) => [index("email_attempts_email_idx").on(t.emailId, t.attemptedAt)],
);

/** Cars a user saved (any role), most recently saved first; sold cars stay saved. */
export const favourites = sqliteTable(
  "favourites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favourites_user_idx").on(t.userId, t.createdAt),
    // Who saved a car (price-drop notifications).
    index("favourites_product_idx").on(t.productId),
  ],
);

/** Searches a user saved: the query string as `GET /api/products` takes it. */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    query: text("query").notNull(),
    // The query's make and category, if it has them: matching a new listing reads only the
    // searches for its make or category (or with neither) through these indexes, not every search.
    make: text("make"),
    categoryId: text("category_id"),
    // When its last new-match digest was emailed: at most one an hour (the in-app notifications all stay).
    matchesEmailedAt: text("matches_emailed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // Also serves "no make, this category or none" (make IS NULL AND category_id ...).
    index("saved_searches_make_idx").on(t.make, t.categoryId),
  ],
);

const NOTIFICATION_KIND_LIST = sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(", "));

/**
 * What happened that a user should hear about, newest first, with its unread state. `sourceKey`
 * names the cause (e.g. the price change or the saved search and car), so a cause handled twice
 * (a queue message delivered again) makes one notification only.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    text: text("text").notNull(),
    link: text("link").notNull(),
    sourceKey: text("source_key").notNull(),
    readAt: text("read_at"),
    // When its email was written (null: none, e.g. opted out or limited): a price drop emails a
    // user about a car at most once a day.
    emailedAt: text("emailed_at"),
    // A new match waiting for its saved search's hourly digest email.
    emailPending: integer("email_pending", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_source_idx").on(t.userId, t.sourceKey),
    // The digests' sweep reads only the new matches still waiting for their email.
    index("notifications_email_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.emailPending} = 1`),
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // The bell's unread count reads only the unread rows.
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    check("notifications_kind_check", sql`${t.kind} IN (${NOTIFICATION_KIND_LIST})`),
  ],
);

/** The kinds of notification a user no longer wants by email (one-click unsubscribe, account settings). */
export const emailOptOuts = sqliteTable(
  "email_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/** Two-factor sign-in tickets already used: each ticket cookie signs in at most once. */
export const usedTwoFactorTickets = sqliteTable("used_two_factor_tickets", {
  id: text("id").primaryKey(),
  expiresAt: text("expires_at").notNull(),
});

/**
 * Every photo uploaded through the app, with its real dimensions (for layout). Uploads that no
 * car or category refers to a day later are removed by the scheduled clean-up.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    key: text("key").primaryKey(),
    uploaderId: text("uploader_id").references(() => users.id, { onDelete: "set null" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_uploader_idx").on(t.uploaderId, t.createdAt), index("uploads_created_idx").on(t.createdAt)],
);

/**
 * Photo uploads a browser was given a pre-signed URL for and has not completed yet. Completing one
 * checks the stored bytes and moves it to `uploads`; the clean-up removes the rest (and any object
 * sent for them) once they are a day old.
 */
export const directUploads = sqliteTable(
  "direct_uploads",
  {
    key: text("key").primaryKey(),
    uploaderId: text("uploader_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    expiresAt: text("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("direct_uploads_created_idx").on(t.createdAt)],
);

/**
 * One row whose number triggers raise on every change a search answer shows (a car, its photos,
 * its seller's badge; migration 0010). A cached search answer is served only while the number it
 * was read with still stands, so the cache never shows a change late.
 */
export const catalogueVersion = sqliteTable(
  "catalogue_version",
  {
    id: integer("id").primaryKey(),
    version: integer("version").notNull(),
  },
  (t) => [check("catalogue_version_single_row", sql`${t.id} = 1`)],
);

/**
 * A private thread between a buyer and the seller of one car: one per buyer and car. Each side's
 * read mark (the time it last read the thread) gives its unread count; each side's emailed mark
 * keeps message emails to one per 15 minutes while unread.
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    // Null once the car is deleted: the thread stays readable by both sides.
    productId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastMessageAt: text("last_message_at").notNull(),
    buyerReadAt: text("buyer_read_at"),
    sellerReadAt: text("seller_read_at"),
    buyerEmailedAt: text("buyer_emailed_at"),
    sellerEmailedAt: text("seller_emailed_at"),
    // Set when an admin closed it (after a report): both sides still read it, neither writes.
    closedAt: text("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_buyer_product_unique").on(t.buyerId, t.productId),
    index("conversations_buyer_idx").on(t.buyerId, t.lastMessageAt),
    index("conversations_seller_idx").on(t.sellerId, t.lastMessageAt),
  ],
);

/** The messages of a conversation, oldest first; text only (shown as text, never HTML). */
export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: text("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** A participant's report of a conversation, for the admins' reported-items area. */
export const conversationReports = sqliteTable(
  "conversation_reports",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_reports_unique").on(t.conversationId, t.reporterId),
    index("conversation_reports_created_idx").on(t.createdAt),
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

/**
 * Listings that look wrong, for an admin to look at: flagged, never blocked (the listing stays up).
 * One per car and reason; an admin clears it.
 */
export const flags = sqliteTable(
  "flags",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: FLAG_REASONS }).notNull(),
    // The facts behind it in words, e.g. "$9,000, 45 % of the $20,000 estimate".
    details: text("details").notNull(),
    clearedAt: text("cleared_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("flags_product_reason_unique").on(t.productId, t.reason),
    // The admins' list: open flags, newest first.
    index("flags_open_idx")
      .on(t.createdAt)
      .where(sql`${t.clearedAt} is null`),
  ],
);
