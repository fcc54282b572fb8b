import { asc } from "drizzle-orm";
import { type Category } from "~/lib/types";
import { type AppContext } from "../context";
import { isUniqueViolation } from "../db/errors";
import { categories } from "../db/schema";
import { Conflict, Invalid } from "../errors";
import { imageExists } from "../storage/images";
import { auditEntry } from "./audit";
import { createWithPhoto } from "./uploads";
import { type UserRow } from "./users";

export function toCategory(row: typeof categories.$inferSelect): Category {
  return { _id: row.id, categoryName: row.name, image: row.image };
}

/** All categories by name. The list is small by nature (an admin curates it). */
export async function listCategories(ctx: AppContext): Promise<Category[]> {
  return (await categoriesQuery(ctx)).map(toCategory);
}

/** listCategories' statement, for a batch that reads more beside it (the search pages). */
export function categoriesQuery(ctx: AppContext) {
  return ctx.db.select().from(categories).orderBy(asc(categories.name)).limit(200);
}

/** Adds a category (names are unique whatever their letter case); the photo must be one we stored. */
export async function createCategory(ctx: AppContext, admin: UserRow, input: { categoryName: string; image: string }): Promise<string> {
  if (!(await imageExists(ctx, input.image))) throw new Invalid("Photo is required", [{ path: "image", message: "Photo is required" }]);
  try {
    const id = crypto.randomUUID();
    await ctx.db.batch([
      ctx.db.insert(categories).values({ id, name: input.categoryName, image: input.image, createdAt: ctx.now().toISOString() }),
      auditEntry(ctx, admin, "add-category", id, input.categoryName),
    ]);
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("A category with this name already exists");
    throw error;
  }
}

/** Adds a category with the photo sent along (the add-category form); the photo goes again if adding fails. */
export function addCategory(ctx: AppContext, admin: UserRow, categoryName: string, photo: Blob): Promise<string> {
  return createWithPhoto(ctx, admin.id, photo, (image) => createCategory(ctx, admin, { categoryName, image }));
}
