import { and, asc, count, eq, inArray, notExists, sql } from "drizzle-orm";
import { type Category } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { categories, cars } from "../../db/schema";
import { Conflict, Invalid, NotFound } from "../../errors";
import { imageExists } from "../../storage/images";
import { batchItemsOf } from "../events";
import { createWithPhoto } from "../uploads/uploads";
import { type UserRow } from "../users/users";

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

/** How many categories Home shows: the busiest, so Home stays the same size however many there are. */
export const HOME_CATEGORIES = 12;
/** Categories a page of /categories lists. */
export const CATEGORIES_PAGE_SIZE = 24;

export type CategoryWithCars = Category & { cars: number };

/**
 * Categories by their cars for sale, most first (ties by name), each with that count, and how many
 * categories there are in all, in one statement. The counts come from `facet_counts`, which triggers
 * keep (migration 0007), so no car is read; categories are few (an admin curates them), so an
 * offset is cheap.
 */
async function categoriesByCarsForSale(
  ctx: AppContext,
  limit: number,
  offset = 0,
): Promise<{ categories: CategoryWithCars[]; total: number }> {
  const rows = await ctx.db.all<{ id: string; name: string; image: string; cars: number; total: number }>(sql`
    select ${categories.id} as id, ${categories.name} as name, ${categories.image} as image,
      coalesce(facet_counts.count, 0) as cars, count(*) over () as total
    from ${categories} left join facet_counts on facet_counts.facet = 'categoryId' and facet_counts.value = ${categories.id}
    order by cars desc, ${categories.name}
    limit ${limit} offset ${offset}`);
  return {
    categories: rows.map((row) => ({ _id: row.id, categoryName: row.name, image: row.image, cars: Number(row.cars) })),
    // Past the last page no row carries the count: ask for it alone.
    total:
      rows.length > 0 || offset === 0 ? Number(rows[0]?.total ?? 0) : (await ctx.db.select({ total: count() }).from(categories))[0].total,
  };
}

/** Home's categories: the HOME_CATEGORIES with the most cars for sale, and how many categories there are. */
export function busiestCategories(ctx: AppContext): Promise<{ categories: CategoryWithCars[]; total: number }> {
  return categoriesByCarsForSale(ctx, HOME_CATEGORIES);
}

/** One page of every category, most cars for sale first (the /categories page), with how many there are. */
export async function pageOfCategories(ctx: AppContext, page: number) {
  const { categories: found, total } = await categoriesByCarsForSale(ctx, CATEGORIES_PAGE_SIZE, (page - 1) * CATEGORIES_PAGE_SIZE);
  return { categories: found, total, totalPages: Math.ceil(total / CATEGORIES_PAGE_SIZE) };
}

/** Adds a category (names are unique whatever their letter case); the photo must be one we stored. */
export async function createCategory(ctx: AppContext, admin: UserRow, input: { categoryName: string; image: string }): Promise<string> {
  enforce("create:category", admin);
  if (!(await imageExists(ctx, input.image))) throw new Invalid("Photo is required", [{ path: "image", message: "Photo is required" }]);
  try {
    const id = crypto.randomUUID();
    await ctx.db.batch([
      ctx.db.insert(categories).values({ id, name: input.categoryName, image: input.image, createdAt: ctx.now().toISOString() }),
      ...(await batchItemsOf(ctx, [
        { type: "admin_acted", actor: admin, action: "add-category", target: id, details: input.categoryName },
      ])),
    ]);
    return id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("A category with this name already exists");
    throw error;
  }
}

/** Adds a category with the photo sent along (the add-category form); the photo goes again if adding fails. */
export async function addCategory(ctx: AppContext, admin: UserRow, categoryName: string, photo: Blob): Promise<string> {
  enforce("create:category", admin);
  return createWithPhoto(ctx, admin.id, photo, (image) => createCategory(ctx, admin, { categoryName, image }));
}

const DUPLICATE_NAME = "A category with this name already exists";

/** Renames a category (names stay unique whatever their letter case); false when it already had that name. */
export async function renameCategory(ctx: AppContext, admin: UserRow, id: string, categoryName: string): Promise<boolean> {
  const [found] = await ctx.db.select({ name: categories.name }).from(categories).where(eq(categories.id, id));
  if (!found) throw new NotFound("Category not found");
  if (found.name === categoryName) return false;
  try {
    const [renamed] = await ctx.db.batch([
      ctx.db.update(categories).set({ name: categoryName }).where(eq(categories.id, id)),
      ...(await batchItemsOf(ctx, [
        {
          type: "admin_acted",
          actor: admin,
          action: "rename-category",
          target: id,
          details: `${found.name} → ${categoryName}`,
          onlyIfChanged: true,
        },
      ])),
    ]);
    if (renamed.rowsAffected === 0) throw new NotFound("Category not found");
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict(DUPLICATE_NAME);
    throw error;
  }
}

const HAS_CARS = "This category still has cars (sold ones stay for records), so it cannot be deleted";

/**
 * Deletes a category no car was ever listed in. The database decides: the delete only happens while
 * no car refers to it, and the cars' foreign key refuses a car listed into it at the same moment.
 */
export async function deleteCategory(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  // Both values of is_paid, so the category's cars are found through products_unsold_category_idx.
  const carsIn = ctx.db
    .select({ id: cars.id })
    .from(cars)
    .where(and(inArray(cars.isPaid, [false, true]), eq(cars.categoryId, id)));
  try {
    const [deleted] = await ctx.db.batch([
      ctx.db.delete(categories).where(and(eq(categories.id, id), notExists(carsIn))),
      ...(await batchItemsOf(ctx, [{ type: "admin_acted", actor: admin, action: "delete-category", target: id, onlyIfChanged: true }])),
    ]);
    if (deleted.rowsAffected > 0) return;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new Conflict(HAS_CARS);
    throw error;
  }
  const [still] = await ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  throw still ? new Conflict(HAS_CARS) : new NotFound("Category not found");
}
