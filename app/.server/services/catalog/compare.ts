import { inArray } from "drizzle-orm";
import { MAX_COMPARED } from "~/lib/catalog/compare";
import { type Car } from "~/lib/schemas/types";
import { type AppContext } from "../../context";
import { cars } from "../../db/schema";
import { Invalid } from "../../errors";
import { selectCars, toCar } from "./cars";

/**
 * The cars to compare side by side, in the order asked (at most four, one statement on the key).
 * Sold cars come too (the page marks them); `missing` counts ids no car has (deleted, or mistyped).
 */
export async function findCarsToCompare(ctx: AppContext, ids: string[]): Promise<{ cars: Car[]; missing: number }> {
  if (ids.length > MAX_COMPARED) throw new Invalid(`Compare up to ${MAX_COMPARED} cars at a time`);
  if (ids.length === 0) return { cars: [], missing: 0 };
  const rows = await selectCars(ctx).where(inArray(cars.id, ids));
  const found = new Map(rows.map((row) => [row.id, toCar(row)]));
  const inOrder = ids.flatMap((id) => found.get(id) ?? []);
  return { cars: inOrder, missing: ids.length - inOrder.length };
}
