import { and, eq, gte, lt, sql } from "drizzle-orm";
import { normalizeSearchQuery, savedSearchName } from "~/lib/search/saved-searches";
import { type AppContext } from "../../context";
import { categories, cars, savedSearches, users } from "../../db/schema";
import { recipientColumns } from "../users/users";
import { publishOnTheirOwn } from "../events";
import { searchMatchStatement } from "./search";

// New listings against saved searches, on the listings queue (never in the seller's request): the
// consumer's work, and the Cron Trigger's safety net for listings whose enqueue failed.

// Candidates checked per database batch: the work for one listing is bounded by its candidates.
const MATCHES_PER_BATCH = 100;

/**
 * The queue consumer's work for a new listing: a `new_match` for the owner of each saved search it
 * is a result of (never its seller), one per owner. Only candidate searches are read, through the
 * saved_searches_make_idx index: those for the car's make, or without a make and for its category
 * or none. Each candidate's whole query is then run as GET /api/products runs it, restricted to this
 * car. The source key (search and car) makes a message delivered twice notify once. Returns how many matched.
 */
export async function notifyNewListingMatches(ctx: AppContext, carId: string): Promise<number> {
  const [car] = await ctx.db
    .select({
      name: cars.name,
      make: cars.make,
      categoryId: cars.categoryId,
      categoryName: categories.name,
      sellerId: cars.sellerId,
      price: cars.resalePrice,
      isPaid: cars.isPaid,
    })
    .from(cars)
    .leftJoin(categories, eq(categories.id, cars.categoryId))
    .where(eq(cars.id, carId))
    .limit(1);
  if (!car || car.isPaid) return 0;
  const candidateIds = sql`
    select id from ${savedSearches} where make = lower(${car.make})
    union all select id from ${savedSearches} where make is null and category_id = ${car.categoryId}
    union all select id from ${savedSearches} where make is null and category_id is null`;
  const candidates = await ctx.db
    .select({ searchId: savedSearches.id, query: savedSearches.query, ...recipientColumns("new_match") })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(sql`${savedSearches.id} in (${candidateIds})`, sql`${savedSearches.userId} is not ${car.sellerId}`))
    .orderBy(savedSearches.createdAt, savedSearches.id);
  const checkable = candidates.flatMap((candidate) => {
    const parsed = normalizeSearchQuery(candidate.query);
    return parsed.ok ? [{ ...candidate, filters: parsed.search }] : [];
  });
  const matched: typeof checkable = [];
  for (let start = 0; start < checkable.length; start += MATCHES_PER_BATCH) {
    const chunk = checkable.slice(start, start + MATCHES_PER_BATCH);
    const [first, ...rest] = chunk.map((candidate) => searchMatchStatement(ctx, candidate.filters, carId));
    const results = await ctx.db.batch([first, ...rest]);
    matched.push(...chunk.filter((_, index) => results[index].length > 0));
  }
  // One notification per owner, for their oldest matching search (the same one on every delivery).
  const owners = new Map(matched.toReversed().map((search) => [search.userId, search]));
  const categoryName = (id: string) => (id === car.categoryId ? (car.categoryName ?? undefined) : undefined);
  const matches = [...owners.values()].map(({ searchId, query, userId, email, emailOptedOut }) => ({
    searchId,
    searchName: savedSearchName(query, categoryName),
    owner: { userId, email, emailOptedOut },
  }));
  const stillForSale = sql`exists (select 1 from ${cars} where ${cars.id} = ${carId} and ${cars.isPaid} = 0)`;
  await publishOnTheirOwn(ctx, [
    { type: "saved_searches_matched", car: { id: carId, name: car.name, price: car.price }, matches, when: stillForSale },
  ]);
  return matches.length;
}

// The sweep's window: listings made 10 to 20 minutes before a run of the 10-minute Cron Trigger, so
// each listing falls in one run's window, after its own enqueue has long been handled.
const SWEEP_WINDOW_MS = 10 * 60_000;
const SWEEP_LIMIT = 500;

/**
 * The safety net for listings whose enqueue failed: the Cron Trigger enqueues every listing of its
 * window again (matching twice notifies once). Returns how many.
 */
export async function enqueueRecentListings(ctx: AppContext, runAt: Date): Promise<number> {
  const until = new Date(runAt.getTime() - SWEEP_WINDOW_MS).toISOString();
  const from = new Date(runAt.getTime() - 2 * SWEEP_WINDOW_MS).toISOString();
  const recent = await ctx.db
    .select({ productId: cars.id })
    .from(cars)
    .where(and(eq(cars.isPaid, false), gte(cars.createdAt, from), lt(cars.createdAt, until)))
    .limit(SWEEP_LIMIT);
  if (recent.length > 0)
    await ctx.listingsQueue.sendBatch(recent.map(({ productId: carId }) => ({ body: { kind: "new-listing", productId: carId } })));
  return recent.length;
}
