import { and, eq, isNotNull, sql } from "drizzle-orm";
import { savedSearchOf } from "~/lib/search/saved-searches";
import { type PageFilter, activeFilters, parseSearchLeniently } from "~/lib/search/search-params";
import { type SearchQuery } from "~/lib/schemas/search";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { cars } from "../../db/schema";
import { NotFound } from "../../errors";
import { searchStatements, searchWithCategories } from "../search/search";
import { type UserRow, type Viewer } from "../users/users";
import { viewerCarActionsOnPage } from "../catalog/viewer-car-actions";
import { personalPageQueryFor } from "./personal-page-data";

// The search pages' one loader: /cars and a category's page (its category fixed by the path) read
// the URL's query once and make the same search; the API's category read is that search too.

/**
 * /cars: the search the URL asks for (bad values dropped), with what the page shows beside the cars.
 * The viewer may still be on its way (the session's read): the search does not wait for it.
 */
export function loadSearchPage(ctx: AppContext, request: Request, user: Viewer | null | Promise<Viewer | null>) {
  return loadSearch(ctx, request, user, {});
}

/** A category's page (signed-in users only, as the spec has it): the search with its category fixed; 404 for an unknown one. */
export async function loadCategoryPage(ctx: AppContext, request: Request, user: Viewer | null, categoryId: string) {
  enforce("read:cars", user);
  const found = await loadSearch(ctx, request, user, { categoryId });
  const category = found.categories.find((candidate) => candidate._id === categoryId);
  if (!category) throw new NotFound("Category not found");
  return { ...found, category };
}

async function loadSearch(
  ctx: AppContext,
  request: Request,
  viewer: Viewer | null | Promise<Viewer | null>,
  fixed: { categoryId?: string },
) {
  const query = parseSearchLeniently(new URL(request.url).searchParams, fixed);
  const [found, user] = await Promise.all([searchWithCategories(ctx, query), viewer]);
  const fixedFilters: PageFilter[] = fixed.categoryId ? ["categoryId"] : [];
  const [advice, carActions] = await Promise.all([
    found.total === 0 ? adviceForEmptySearch(ctx, query, fixedFilters) : null,
    viewerCarActionsOnPage(
      ctx,
      user,
      found.data.map((car) => car._id),
    ),
  ]);
  const toSave = savedSearchOf(query);
  return {
    ...found,
    query,
    advice,
    carActions,
    personalPageQuery: personalPageQueryFor(ctx, { cars: found.data.map((car) => car._id) }),
    // The search as "Save this search" would keep it (none when there is no filter to keep).
    saveQuery: toSave.ok ? toSave.query : null,
    // The copy for every signed-in visitor offers the save form too (its action reads the session).
    signedIn: user !== null || ctx.sharedPage?.member === true,
  };
}

/** GET /api/categories/:id: the category's cars for sale, newest first, as the search reads them; 404 for an unknown category. */
export async function searchCategory(ctx: AppContext, user: UserRow, categoryId: string, page: number, limit: number) {
  enforce("read:cars", user);
  const query: SearchQuery = { categoryId, sort: "newest", page, limit };
  const found = await searchWithCategories(ctx, query);
  if (!found.categories.some((category) => category._id === categoryId)) throw new NotFound("Category not found");
  return found.data;
}

export interface LoosenAdvice {
  filter: PageFilter;
  total: number;
}

/**
 * For a search that found nothing: the one filter whose removal finds the most cars, and how many.
 * One round trip of counts (one per filter in use, each on the same indexes as the search);
 * null when no single filter is to blame. `fixed` filters (the category of its page) are not offered.
 */
export async function adviceForEmptySearch(
  ctx: AppContext,
  query: SearchQuery,
  fixed: readonly PageFilter[] = [],
): Promise<LoosenAdvice | null> {
  const candidates = activeFilters(query, fixed);
  if (candidates.length === 0) return null;
  const counts = candidates.map((filter) => searchStatements(ctx, { ...query, [filter]: undefined })[1]);
  const results = await ctx.db.batch(counts as [(typeof counts)[number], ...typeof counts]);
  let best: LoosenAdvice | null = null;
  results.forEach(([{ total }], index) => {
    if (total > 0 && (!best || total > best.total)) best = { filter: candidates[index], total };
  });
  return best;
}

/** Every make with cars for sale, spelled as most of its listings spell it (the sitemap's make pages). */
export async function listMakesForSale(ctx: AppContext, limit = 1000): Promise<string[]> {
  const make = sql`${cars.make} collate nocase`;
  const rows = await ctx.db
    .select({ make: sql<string>`min(${cars.make})` })
    .from(cars)
    .where(and(eq(cars.isPaid, false), isNotNull(cars.make)))
    .groupBy(make)
    .orderBy(make)
    .limit(limit);
  return rows.map((row) => row.make);
}
