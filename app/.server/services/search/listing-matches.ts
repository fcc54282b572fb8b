import { and, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { formatPrice } from "~/lib/shared/format";
import { normalizeSearchQuery, savedSearchName } from "~/lib/search/saved-searches";
import { type AppContext } from "../../context";
import { categories, notifications, products, savedSearches, users } from "../../db/schema";
import { emailInsert, enqueueEmails } from "../../email/outgoing";
import { matchDigestEmail } from "../../email/templates";
import { unsubscribeUrl } from "../../email/unsubscribe";
import { carLink, notificationWrites, recipientColumns, writeNotifications } from "../notifications/notifications";
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
export async function notifyNewListingMatches(ctx: AppContext, productId: string): Promise<number> {
  const [car] = await ctx.db
    .select({
      name: products.name,
      make: products.make,
      categoryId: products.categoryId,
      categoryName: categories.name,
      sellerId: products.sellerId,
      price: products.resalePrice,
      isPaid: products.isPaid,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, productId))
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
    const [first, ...rest] = chunk.map((candidate) => searchMatchStatement(ctx, candidate.filters, productId));
    const results = await ctx.db.batch([first, ...rest]);
    matched.push(...chunk.filter((_, index) => results[index].length > 0));
  }
  // One notification per owner, for their oldest matching search (the same one on every delivery).
  const owners = new Map(matched.toReversed().map((search) => [search.userId, search]));
  const categoryName = (id: string) => (id === car.categoryId ? (car.categoryName ?? undefined) : undefined);
  const notices = [...owners.values()].map(({ searchId, query, userId, email, emailOptedOut }) => ({
    userId,
    email,
    emailOptedOut,
    kind: "new_match" as const,
    text: `New match for “${savedSearchName(query, categoryName)}”: ${car.name} at ${formatPrice(car.price)}`,
    link: carLink(productId),
    sourceKey: `new_match:${searchId}:${productId}`,
  }));
  const stillForSale = sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${products.isPaid} = 0)`;
  await writeNotifications(ctx, await notificationWrites(ctx, notices, stillForSale));
  return notices.length;
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
    .select({ productId: products.id })
    .from(products)
    .where(and(eq(products.isPaid, false), gte(products.createdAt, from), lt(products.createdAt, until)))
    .limit(SWEEP_LIMIT);
  if (recent.length > 0) await ctx.listingsQueue.sendBatch(recent.map(({ productId }) => ({ body: { kind: "new-listing", productId } })));
  return recent.length;
}

const DIGEST_EVERY_MS = 60 * 60_000;
const DIGEST_SWEEP_LIMIT = 500;

/**
 * New matches by email: one message per saved search listing every match still waiting, at most
 * once an hour per search (its `matches_emailed_at`, claimed by a conditional update, so two runs
 * never both send). Run after each listing is matched and by the Cron Trigger, so a first match is
 * mailed at once and later ones within the hour together when it has passed. Returns how many emails.
 */
export async function sendMatchDigests(ctx: AppContext): Promise<number> {
  const now = ctx.now().toISOString();
  const hourAgo = new Date(ctx.now().getTime() - DIGEST_EVERY_MS).toISOString();
  const waiting = await ctx.db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      text: notifications.text,
      link: notifications.link,
      sourceKey: notifications.sourceKey,
    })
    .from(notifications)
    .where(eq(notifications.emailPending, true))
    .orderBy(notifications.createdAt)
    .limit(DIGEST_SWEEP_LIMIT);
  // A new match's source key is `new_match:<saved search>:<car>`.
  const bySearch = new Map<string, typeof waiting>();
  for (const notice of waiting) {
    const searchId = notice.sourceKey.split(":")[1];
    bySearch.set(searchId, [...(bySearch.get(searchId) ?? []), notice]);
  }
  if (bySearch.size === 0) return 0;
  const searches = await ctx.db
    .select({ id: savedSearches.id, emailedAt: savedSearches.matchesEmailedAt, ...recipientColumns("new_match") })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(inArray(savedSearches.id, [...bySearch.keys()]));
  const searchOf = new Map(searches.map((search) => [search.id, search]));
  const emailIds: string[] = [];
  for (const [searchId, matches] of bySearch) {
    const search = searchOf.get(searchId);
    const done = ctx.db
      .update(notifications)
      .set({ emailPending: false, ...(search && !search.emailOptedOut ? { emailedAt: now } : {}) })
      .where(
        inArray(
          notifications.id,
          matches.map((match) => match.id),
        ),
      );
    // The search was deleted, or its owner wants no such email: its matches stay in the app only.
    if (!search || search.emailOptedOut) {
      await done;
      continue;
    }
    if (search.emailedAt !== null && search.emailedAt > hourAgo) continue;
    const claimed = await ctx.db
      .update(savedSearches)
      .set({ matchesEmailedAt: now })
      .where(and(eq(savedSearches.id, searchId), or(isNull(savedSearches.matchesEmailedAt), lte(savedSearches.matchesEmailedAt, hourAgo))))
      .returning({ id: savedSearches.id });
    if (claimed.length === 0) continue;
    const { id, insert } = emailInsert(
      ctx,
      matchDigestEmail(
        search.email,
        matches.map((match) => ({ text: match.text, link: new URL(match.link, ctx.publicOrigin).toString() })),
        await unsubscribeUrl(ctx, search.userId, "new_match"),
      ),
    );
    await ctx.db.batch([insert, done]);
    emailIds.push(id);
  }
  await enqueueEmails(ctx, emailIds);
  return emailIds.length;
}
