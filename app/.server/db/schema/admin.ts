import { sql } from "drizzle-orm";
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { FLAG_REASONS } from "../../../lib/admin/flags";
import { REPORT_REASONS } from "../../../lib/schemas/catalog";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { cars } from "./catalog";

export const reports = sqliteTable(
  "reports",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
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
 * Listings that look wrong, for an admin to look at: flagged, never blocked (the listing stays up).
 * One per car and reason; an admin clears it.
 */
export const flags = sqliteTable(
  "flags",
  {
    id: id(),
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
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

/**
 * A car with no open flag. A listing an admin has yet to look at (under-priced, a reused VIN...) is
 * left out of every price comparison until its flag is cleared; read through flags_product_reason_unique.
 */
export const unflagged = sql`not exists (select 1 from ${flags} where ${flags.productId} = ${cars.id} and ${flags.clearedAt} is null)`;
