import { and, desc, eq, sql } from "drizzle-orm";
import { type Product } from "~/lib/shared/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { favourites, products } from "../../db/schema";
import { NotFound } from "../../errors";
import { selectProducts, toProduct } from "../catalog/products";
import { type UserRow } from "../users/users";

// A user's saved cars (the heart on cards and car pages, /dashboard/favourites, /api/favourites).

const FAVOURITES_LIMIT = 500;

/** The cars the user saved, most recently saved first, sold ones included. */
export async function listFavourites(ctx: AppContext, user: UserRow): Promise<Product[]> {
  enforce("save:favourite", user);
  const rows = await selectProducts(ctx)
    .innerJoin(favourites, and(eq(favourites.productId, products.id), eq(favourites.userId, user.id)))
    .orderBy(desc(favourites.createdAt), desc(products.id))
    .limit(FAVOURITES_LIMIT);
  return rows.map(toProduct);
}

/** Saves a car: false when it was saved already (idempotent). Unknown car → 404. */
export async function saveFavourite(ctx: AppContext, user: UserRow, productId: string): Promise<boolean> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("save:favourite", user);
  // One statement: insert only when the car exists, and nothing when it is saved already.
  const result = await ctx.db.run(
    sql`insert into ${favourites} (user_id, product_id, created_at) select ${user.id}, ${products.id}, ${ctx.now().toISOString()} from ${products} where ${products.id} = ${productId} on conflict do nothing`,
  );
  if (result.rowsAffected > 0) return true;
  const [known] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!known) throw new NotFound("Product not found");
  return false;
}

/** Removes a saved car: false when it was not saved (idempotent). */
export async function removeFavourite(ctx: AppContext, user: UserRow, productId: string): Promise<boolean> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("save:favourite", user);
  const result = await ctx.db.delete(favourites).where(and(eq(favourites.userId, user.id), eq(favourites.productId, productId)));
  return result.rowsAffected > 0;
}
