import { eq } from "drizzle-orm";
import { type AppContext } from "../context";
import { products, reports } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { isUniqueViolation, type UserRow } from "./users";

/** Flags a listing for the admins; each user can report a car once. */
export async function createReport(ctx: AppContext, reporter: UserRow, productId: string): Promise<string> {
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
  if (!product) throw new NotFound("Product not found");
  try {
    const [report] = await ctx.db
      .insert(reports)
      .values({ productId, reporterId: reporter.id, createdAt: ctx.now().toISOString() })
      .returning({ id: reports.id });
    return report.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("You have already reported this item. Our admins will look at it.");
    throw error;
  }
}
