import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

// Ids are random UUID strings; times are ISO 8601 UTC strings (they sort as text).
const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  text("created_at")
    .notNull()
    .$defaultFn(() => new Date().toISOString());

export const ROLES = ["buyer", "seller", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const users = sqliteTable(
  "users",
  {
    id: id(),
    name: text("name").notNull(),
    // Stored lower-cased by the service; the index makes uniqueness hold even if not.
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    role: text("role", { enum: ROLES }).notNull().default("buyer"),
    verified: integer("verified", { mode: "boolean" }).notNull().default(false),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    index("users_role_name_idx").on(t.role, sql`lower(${t.name})`),
    index("users_role_email_idx").on(t.role, t.email),
    check("users_role_check", sql`${t.role} in ('buyer', 'seller', 'admin')`),
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
  (t) => [uniqueIndex("categories_name_unique").on(sql`lower(${t.name})`)],
);

export const LOCATIONS = ["Dhaka", "Chittagong", "Khulna", "Barishal", "Rangpur", "Rajshahi", "Sylhet"] as const;
export const CONDITIONS = ["Excellent", "Good", "Fair"] as const;

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
    createdAt: createdAt(),
  },
  (t) => [
    index("products_category_idx").on(t.categoryId, t.isPaid, t.createdAt),
    index("products_advertised_idx").on(t.isAdvertised, t.isPaid, t.createdAt),
    index("products_seller_idx").on(t.sellerId, t.createdAt),
    check("products_prices_check", sql`${t.originalPrice} > 0 and ${t.resalePrice} > 0`),
  ],
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bookings_buyer_product_unique").on(t.buyerId, t.productId),
    index("bookings_buyer_idx").on(t.buyerId, t.createdAt),
    index("bookings_product_idx").on(t.productId),
  ],
);

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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_transaction_unique").on(t.transactionId),
    // A car is sold exactly once: the database refuses a second payment for it.
    uniqueIndex("payments_product_unique").on(t.productId),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reports_reporter_product_unique").on(t.reporterId, t.productId),
    index("reports_product_idx").on(t.productId),
    index("reports_created_idx").on(t.createdAt),
  ],
);
