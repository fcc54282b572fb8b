import { and, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { type AppContext } from "../../context";
import { notifications, savedSearches, users } from "../../db/schema";
import { emailInsert, enqueueEmails } from "../../email/outgoing";
import { matchDigestEmail } from "../../email/templates";
import { unsubscribeUrl } from "../../email/unsubscribe";
import { recipientColumns } from "../users/users";

// Saved searches' new matches are not emailed one by one: each search's owner gets at most one
// email an hour listing what matched since (the Cron Trigger runs this).

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
