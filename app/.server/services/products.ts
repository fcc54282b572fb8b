import { and, desc, eq, getTableColumns } from "drizzle-orm";
import { type Product } from "~/lib/types";
import { type AppContext } from "../context";
import { products, users } from "../db/schema";

// Every product read carries the seller's live verified flag, so the badge needs no second call.
const productColumns = { ...getTableColumns(products), sellerVerified: users.verified };
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
