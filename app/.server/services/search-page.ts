import { and, eq, isNotNull, sql } from "drizzle-orm";
import { type PageFilter, activeFilters } from "~/lib/search-params";
import { type SearchQuery } from "~/lib/schemas/search";
import { type AppContext } from "../context";
import { products } from "../db/schema";
import { NotFound } from "../errors";
import { searchStatements, searchWithCategories } from "./search";

/** A category's page: the search with its category fixed; 404 for an unknown category. */
export async function searchCategoryPage(ctx: AppContext, query: SearchQuery & { categoryId: string }) {
  const found = await searchWithCategories(ctx, query);
  const category = found.categories.find((candidate) => candidate._id === query.categoryId);
  if (!category) throw new NotFound("Category not found");
  return { ...found, category };
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
  const make = sql`${products.make} collate nocase`;
  const rows = await ctx.db
    .select({ make: sql<string>`min(${products.make})` })
    .from(products)
    .where(and(eq(products.isPaid, false), isNotNull(products.make)))
    .groupBy(make)
    .orderBy(make)
    .limit(limit);
  return rows.map((row) => row.make);
}
