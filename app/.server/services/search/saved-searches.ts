import { and, desc, eq, sql } from "drizzle-orm";
import { normalizeSearchQuery, SAVED_SEARCH_LIMIT, SAVED_SEARCH_LIMIT_MESSAGE } from "~/lib/search/saved-searches";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { savedSearches } from "../../db/schema";
import { Conflict, Invalid } from "../../errors";
import { type UserRow } from "../users/users";

// Searches a user keeps (/dashboard/saved-searches, /api/saved-searches): the normalized query string.

export interface SavedSearch {
  _id: string;
  query: string;
  createdAt: string;
}

/** The user's saved searches, newest first (at most SAVED_SEARCH_LIMIT exist). */
export async function listSavedSearches(ctx: AppContext, user: UserRow): Promise<SavedSearch[]> {
  enforce("save:search", user);
  const rows = await ctx.db
    .select({ _id: savedSearches.id, query: savedSearches.query, createdAt: savedSearches.createdAt })
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
    .limit(SAVED_SEARCH_LIMIT);
  return rows;
}

/**
 * Saves a search (a query string as `GET /api/products` takes it), normalized. The same search saved
 * again is not stored twice: the answer names the one kept (`created` false). Past the limit → 409.
 */
export async function saveSearch(ctx: AppContext, user: UserRow, rawQuery: string): Promise<{ id: string; created: boolean }> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("save:search", user);
  const normalized = normalizeSearchQuery(rawQuery);
  if (!normalized.ok) throw new Invalid(normalized.message, normalized.issues);
  const id = crypto.randomUUID();
  // The make (lower-cased as new listings' makes are when matched) and category let new listings
  // read only the searches that could match them (notifications' `notifyNewListingMatches`).
  const { make = null, categoryId = null } = normalized.search;
  // One statement: inserted only while under the limit and not saved already (writes are serialized).
  const result = await ctx.db.run(sql`
    insert into ${savedSearches} (id, user_id, query, make, category_id, created_at)
    select ${id}, ${user.id}, ${normalized.query}, lower(${make}), ${categoryId}, ${ctx.now().toISOString()}
    where (select count(*) from ${savedSearches} where ${savedSearches.userId} = ${user.id}) < ${SAVED_SEARCH_LIMIT}
      and not exists (select 1 from ${savedSearches} where ${savedSearches.userId} = ${user.id} and ${savedSearches.query} = ${normalized.query})`);
  if (result.rowsAffected === 1) return { id, created: true };
  const [existing] = await ctx.db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, user.id), eq(savedSearches.query, normalized.query)))
    .limit(1);
  if (existing) return { id: existing.id, created: false };
  throw new Conflict(SAVED_SEARCH_LIMIT_MESSAGE);
}

/** Deletes one of the user's saved searches; anyone else's (or an unknown one) → 404. */
export async function deleteSavedSearch(ctx: AppContext, user: UserRow, id: string): Promise<number> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("delete:saved-search:own", user);
  const result = await ctx.db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, user.id)));
  if (result.rowsAffected === 0) enforce("delete:saved-search:own", user, false, "Saved search not found");
  return result.rowsAffected;
}
