import { and, count, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { type ProductInput } from "~/lib/schemas/catalog";
import { type Product } from "~/lib/types";
import { enforce } from "../auth/enforce";
import { type AppContext } from "../context";
import { categories, products, users } from "../db/schema";
import { Conflict, Invalid, NotFound } from "../errors";
import { imageExists } from "../storage/images";
import { type AuditStatement } from "./audit";
import { noPaymentUnderWay } from "./payments";
import { createWithPhoto } from "./uploads";
import { type UserRow } from "./users";

// Every product read carries the seller's live verified flag, so the badge needs no second call.
const productColumns = { ...getTableColumns(products), sellerVerified: users.sellerVerified };
type ProductRow = typeof products.$inferSelect & { sellerVerified: boolean | null };

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    productName: row.name,
    originalPrice: row.originalPrice,
    resalePrice: row.resalePrice,
    location: row.location,
    categoryId: row.categoryId,
    condition: row.condition,
    mobile: row.mobile,
    productDescription: row.description,
    purchaseYear: row.purchaseYear,
    image: row.image,
    createdDate: row.createdAt,
    seller: row.sellerName,
    email: row.sellerEmail,
    isAdvertised: row.isAdvertised,
    isPaid: row.isPaid,
    sellerVerified: row.sellerVerified ?? false,
  };
}

function selectProducts(ctx: AppContext) {
  return ctx.db.select(productColumns).from(products).leftJoin(users, eq(users.id, products.sellerId));
}

/** Advertised cars that are still for sale, newest first (the home page grid). */
export async function listAdvertisedProducts(ctx: AppContext, limit = 24): Promise<Product[]> {
  const rows = await selectProducts(ctx)
    .where(and(eq(products.isAdvertised, true), eq(products.isPaid, false)))
    .orderBy(desc(products.createdAt))
    .limit(limit);
  return rows.map(toProduct);
}

export const CATEGORY_PAGE_SIZE = 24;

/**
 * One page of a category's cars for sale, newest first, with the total count. Unknown category → 404.
 * One round trip: the category, the page and the count go in one batch.
 */
export async function listCategoryProducts(ctx: AppContext, categoryId: string, page = 1, pageSize = CATEGORY_PAGE_SIZE) {
  const forSale = and(eq(products.categoryId, categoryId), eq(products.isPaid, false));
  const [categoryRows, rows, [{ total }]] = await ctx.db.batch([
    ctx.db.select().from(categories).where(eq(categories.id, categoryId)).limit(1),
    selectProducts(ctx)
      .where(forSale)
      .orderBy(desc(products.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(products).where(forSale),
  ]);
  const [category] = categoryRows;
  if (!category) throw new NotFound("Category not found");
  return {
    category: { _id: category.id, categoryName: category.name, image: category.image },
    products: rows.map(toProduct),
    total,
    totalPages: Math.ceil(total / pageSize),
  };
}

export async function findProduct(ctx: AppContext, id: string): Promise<Product> {
  const [row] = await selectProducts(ctx).where(eq(products.id, id)).limit(1);
  if (!row) throw new NotFound("Product not found");
  return toProduct(row);
}

const SELLER_LIST_LIMIT = 500;

/** A seller's cars, sold ones included, newest first (their own dashboard list). */
export async function listSellerProducts(ctx: AppContext, sellerEmail: string): Promise<Product[]> {
  const rows = await selectProducts(ctx)
    .where(eq(products.sellerId, sql`(select ${users.id} from ${users} where lower(${users.email}) = ${sellerEmail.toLowerCase()})`))
    .orderBy(desc(products.createdAt))
    .limit(SELLER_LIST_LIMIT);
  return rows.map(toProduct);
}

/**
 * Lists a car for a seller. Seller, email, date and flags come from the server, never the client;
 * the category must exist and the photo must be one this app stored.
 */
export async function createProduct(ctx: AppContext, seller: UserRow, input: ProductInput): Promise<string> {
  enforce("create:product", seller);
  const [[category], photoStored] = await Promise.all([
    ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1),
    imageExists(ctx, input.image),
  ]);
  if (!category) throw new NotFound("Category not found");
  if (!photoStored) throw new Invalid("Photo is required", [{ path: "image", message: "Photo is required" }]);
  const [row] = await ctx.db
    .insert(products)
    .values({
      name: input.productName,
      originalPrice: input.originalPrice,
      resalePrice: input.resalePrice,
      location: input.location,
      categoryId: input.categoryId,
      condition: input.condition,
      mobile: input.mobile,
      description: input.productDescription,
      purchaseYear: input.purchaseYear,
      image: input.image,
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      isAdvertised: false,
      isPaid: false,
      createdAt: ctx.now().toISOString(),
    })
    .returning({ id: products.id });
  return row.id;
}

/** Lists a car with the photo sent along (the add-product form); the photo goes again if listing fails. */
export function addProduct(ctx: AppContext, seller: UserRow, input: Omit<ProductInput, "image">, photo: Blob): Promise<string> {
  return createWithPhoto(ctx, seller.id, photo, (image) => createProduct(ctx, seller, { ...input, image }));
}

async function ownedProduct(
  ctx: AppContext,
  user: UserRow,
  id: string,
  permission: "advertise:product:own" | "delete:product:own-or-admin",
) {
  const [product] = await ctx.db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) throw new NotFound("Product not found");
  enforce(permission, user, product.sellerId === user.id, "You can only change your own products");
  return product;
}

/** One-way switch to the home page's advertised grid; 0 when already advertised, 409 when sold. */
export async function advertiseProduct(ctx: AppContext, user: UserRow, id: string): Promise<number> {
  const product = await ownedProduct(ctx, user, id, "advertise:product:own");
  if (product.isPaid) throw new Conflict("This car is sold and can no longer be advertised");
  const updated = await ctx.db
    .update(products)
    .set({ isAdvertised: true })
    .where(and(eq(products.id, id), eq(products.isAdvertised, false), eq(products.isPaid, false)))
    .returning({ id: products.id });
  return updated.length;
}

/**
 * Removes an unsold car (its reports and unpaid bookings go with it by cascade). Sold cars stay
 * for the records: 409. The seller's own cars, or any car for an admin; `audit` records an
 * admin's delete.
 */
export async function deleteProduct(ctx: AppContext, user: UserRow, id: string, audit?: AuditStatement): Promise<number> {
  const product = await ownedProduct(ctx, user, id, "delete:product:own-or-admin");
  if (product.isPaid) throw new Conflict(SOLD_CANNOT_DELETE);
  const deleteCar = ctx.db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.isPaid, false), noPaymentUnderWay(ctx, id)))
    .returning({ id: products.id });
  // An admin's delete is recorded in the same batch (and only if the car went).
  const [deleted] = await ctx.db.batch([deleteCar, ...(audit ? [audit] : [])]);
  if (deleted.length === 1) return 1;
  // Refused by the conditions: say which one held (a concurrent delete, a sale, or a payment).
  const [now] = await ctx.db
    .select({ isPaid: products.isPaid, paying: sql<number>`not ${noPaymentUnderWay(ctx, id)}` })
    .from(products)
    .where(eq(products.id, id));
  if (!now) throw new NotFound("Product not found");
  if (now.isPaid) throw new Conflict(SOLD_CANNOT_DELETE);
  throw new Conflict("A buyer is paying for this car right now. Try again in half an hour.");
}

const SOLD_CANNOT_DELETE = "This car is sold: it stays for the records and cannot be deleted";
