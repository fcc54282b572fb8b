import { asc, eq } from "drizzle-orm";
import { type Category } from "~/lib/types";
import { type AppContext } from "../context";
import { categories } from "../db/schema";

function toCategory(row: typeof categories.$inferSelect): Category {
  return { _id: row.id, categoryName: row.name, image: row.image };
}

/** All categories by name. The list is small by nature (an admin curates it). */
export async function listCategories(ctx: AppContext): Promise<Category[]> {
  const rows = await ctx.db.select().from(categories).orderBy(asc(categories.name)).limit(200);
  return rows.map(toCategory);
}

export async function findCategory(ctx: AppContext, id: string): Promise<Category | undefined> {
  const [row] = await ctx.db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row && toCategory(row);
}
