import { and, desc, eq, sql } from "drizzle-orm";
import { type Car } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { favourites, cars } from "../../db/schema";
import { NotFound } from "../../errors";
import { selectCars, toCar } from "../catalog/cars";
import { type UserRow } from "../users/users";

// A user's saved cars (the heart on cards and car pages, /dashboard/favourites, /api/favourites).

const FAVOURITES_LIMIT = 500;

/** The cars the user saved, most recently saved first, sold ones included. */
export async function listFavourites(ctx: AppContext, user: UserRow): Promise<Car[]> {
  enforce("save:favourite", user);
  const rows = await selectCars(ctx)
    .innerJoin(favourites, and(eq(favourites.productId, cars.id), eq(favourites.userId, user.id)))
    .orderBy(desc(favourites.createdAt), desc(cars.id))
    .limit(FAVOURITES_LIMIT);
  return rows.map(toCar);
}

/** Saves a car: false when it was saved already (idempotent). Unknown car → 404. */
export async function saveFavourite(ctx: AppContext, user: UserRow, carId: string): Promise<boolean> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("save:favourite", user);
  // One statement: insert only when the car exists, and nothing when it is saved already.
  const result = await ctx.db.run(
    sql`insert into ${favourites} (user_id, product_id, created_at) select ${user.id}, ${cars.id}, ${ctx.now().toISOString()} from ${cars} where ${cars.id} = ${carId} on conflict do nothing`,
  );
  if (result.rowsAffected > 0) return true;
  const [known] = await ctx.db.select({ id: cars.id }).from(cars).where(eq(cars.id, carId)).limit(1);
  if (!known) throw new NotFound("Product not found");
  return false;
}

/** Removes a saved car: false when it was not saved (idempotent). */
export async function removeFavourite(ctx: AppContext, user: UserRow, carId: string): Promise<boolean> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("save:favourite", user);
  const result = await ctx.db.delete(favourites).where(and(eq(favourites.userId, user.id), eq(favourites.productId, carId)));
  return result.rowsAffected > 0;
}
