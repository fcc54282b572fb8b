import { index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { cars } from "./catalog";

/** Cars a user saved (any role), most recently saved first; sold cars stay saved. */
export const favourites = sqliteTable(
  "favourites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId] }),
    index("favourites_user_idx").on(t.userId, t.createdAt),
    // Who saved a car (price-drop notifications).
    index("favourites_product_idx").on(t.productId),
  ],
);

/**
 * The cars a signed-in user looked at last (Home and car pages show them): one row per user and car,
 * its time moved forward on each visit, and only the latest few kept per user (recently-viewed.ts).
 */
export const recentlyViewed = sqliteTable(
  "recently_viewed",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    viewedAt: text("viewed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index("recently_viewed_user_idx").on(t.userId, t.viewedAt)],
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
