import { asc, count, sql } from "drizzle-orm";
import { type Category } from "~/lib/types";
import { enforce } from "../auth/enforce";
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

/** How many categories Home shows: the busiest, so Home stays the same size however many there are. */
export const HOME_CATEGORIES = 12;
/** Categories a page of /categories lists. */
export const CATEGORIES_PAGE_SIZE = 24;

export type CategoryWithCars = Category & { cars: number };

/**
 * Home's categories: the HOME_CATEGORIES with the most cars for sale (ties by name), each with that
 * count, and how many categories there are in all, in one statement. The counts come from
 * `facet_counts`, which triggers keep (migration 0007), so no car is read.
 */
export async function busiestCategories(ctx: AppContext): Promise<{ categories: CategoryWithCars[]; total: number }> {
  const rows = await ctx.db.all<{ id: string; name: string; image: string; cars: number; total: number }>(sql`
    select ${categories.id} as id, ${categories.name} as name, ${categories.image} as image,
      coalesce(facet_counts.count, 0) as cars, count(*) over () as total
    from ${categories} left join facet_counts on facet_counts.facet = 'categoryId' and facet_counts.value = ${categories.id}
    order by cars desc, ${categories.name}
    limit ${HOME_CATEGORIES}`);
  return {
    categories: rows.map((row) => ({ _id: row.id, categoryName: row.name, image: row.image, cars: Number(row.cars) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** One page of every category by name (the /categories page), with how many there are. */
export async function pageOfCategories(ctx: AppContext, page: number) {
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(categories)
      .orderBy(asc(categories.name))
      .limit(CATEGORIES_PAGE_SIZE)
      .offset((page - 1) * CATEGORIES_PAGE_SIZE),
    ctx.db.select({ total: count() }).from(categories),
  ]);
  return { categories: rows.map(toCategory), total, totalPages: Math.ceil(total / CATEGORIES_PAGE_SIZE) };
}

/** Adds a category (names are unique whatever their letter case); the photo must be one we stored. */
export async function createCategory(ctx: AppContext, admin: UserRow, input: { categoryName: string; image: string }): Promise<string> {
  enforce("create:category", admin);
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
export async function addCategory(ctx: AppContext, admin: UserRow, categoryName: string, photo: Blob): Promise<string> {
  enforce("create:category", admin);
  return createWithPhoto(ctx, admin.id, photo, (image) => createCategory(ctx, admin, { categoryName, image }));
}
