import { type SQL, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { PRICE_RATINGS } from "../../../lib/catalog/price-rating";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "../../../lib/schemas/catalog";
import { createdAt, id } from "./columns";
import { users } from "./accounts";

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

export const cars = sqliteTable(
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
    // Vehicle data: optional on input, so unknown for cars listed without it, so nullable.
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
  (t) => {
    // The search's filters and sorts over cars for sale (`GET /api/products`, /cars): each filter a
    // user may pick alone has an index led by is_paid, so no search reads the whole table. Each also
    // carries the facets' columns (make, location, condition, category) and the three ranges' (price,
    // year, mileage) after its own keys, the ranges' indexes also the newest sort's (date listed, id):
    // the facet counts of a filter's matches, and the choice of a page's cars, read the index alone
    // (decision records 12 and 32), so SQLite walks a sort's index in order instead of sorting them.
    const facets = [t.make, t.location, t.condition, t.categoryId];
    const ranges = [t.resalePrice, t.purchaseYear, t.mileageKm];
    const others = <T>(all: T[], own: T) => all.filter((column) => column !== own);
    // A facet's index: its value (a make whatever its letter case), then newest first.
    const facetIndex = (name: string, facet: (typeof facets)[number], key: SQL | typeof facet = facet) =>
      index(name).on(t.isPaid, key, t.createdAt, ...others(facets, facet), ...ranges);
    const rangeIndex = (name: string, range: (typeof ranges)[number]) =>
      index(name).on(t.isPaid, range, ...facets, t.createdAt, t.id, ...others(ranges, range));
    return [
      // Led by is_paid like the other search indexes, so the category facet reads it in order.
      facetIndex("products_unsold_category_idx", t.categoryId),
      index("products_advertised_idx").on(t.isAdvertised, t.isPaid, t.createdAt),
      index("products_seller_idx").on(t.sellerId, t.createdAt),
      index("products_seller_unsold_idx").on(t.sellerId, t.isPaid, t.createdAt),
      // The upload clean-up asks whether a photo is still used.
      index("products_image_idx").on(t.image),
      check("products_prices_check", sql`${t.originalPrice} > 0 and ${t.resalePrice} > 0`),
      index("products_unsold_newest_idx").on(t.isPaid, t.createdAt),
      facetIndex("products_make_idx", t.make, sql`${t.make} collate nocase`),
      index("products_make_model_idx").on(t.isPaid, sql`${t.make} collate nocase`, sql`${t.model} collate nocase`, t.createdAt),
      facetIndex("products_location_idx", t.location),
      facetIndex("products_condition_idx", t.condition),
      rangeIndex("products_price_idx", t.resalePrice),
      rangeIndex("products_mileage_idx", t.mileageKm),
      rangeIndex("products_year_idx", t.purchaseYear),
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
    ];
  },
);

/**
 * A car's photos in order, the cover at position 0 (products.image repeats the cover's URL, which
 * older reads and the bookings use). `smallUrl` is the ~480 px copy the browser made for cards.
 */
export const carPhotos = sqliteTable(
  "product_photos",
  {
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
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
      .references(() => cars.id, { onDelete: "cascade" }),
    price: integer("price").notNull(),
    changedAt: text("changed_at").notNull(),
  },
  (t) => [index("price_changes_product_idx").on(t.productId, t.changedAt)],
);

/**
 * How often each car's page was opened, per UTC day (YYYY-MM-DD). Page views are never written one
 * by one: each goes on the views queue, and its consumer adds a batch's views per car and day in one
 * statement each (app/.server/services/catalog/car-views.ts). A seller's 30 days read the key's range.
 */
export const carViewDays = sqliteTable(
  "car_view_days",
  {
    productId: text("product_id")
      .notNull()
      .references(() => cars.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views").notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] })],
);
