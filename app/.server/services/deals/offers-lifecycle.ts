import { and, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { bookings, offers, cars, users } from "../../db/schema";
import { effectsOf } from "../events";
import { bookingPaymentUnderWay } from "../catalog/payment-window";
import { recipientColumns } from "../users/users";

// What happens to offers without anyone answering them: a sale ends the others, time ends the
// unanswered ones, and an agreement not paid for in time lets its price go.

export const OFFER_ANSWER_HOURS = 48;
export const AGREEMENT_HOURS = 24;
const SCHEDULED_BATCH = 100;

export const LIVE_OFFER = ["open", "countered"] as const;

/**
 * The car was sold: every offer still waiting on it, and other buyers' accepted ones, end declined,
 * only if `onlyIf` (the payment that sold it stands) holds. Returns the statement that declines them
 * and the offers whose buyers are to be told, each with its buyer (not the buyer who bought it).
 */
export async function offersEndWithSale(ctx: AppContext, sale: { productId: string; buyerId: string | null }, onlyIf: SQL) {
  // The buyer's own accepted offer stays: it is what they paid.
  const ended = and(
    eq(offers.productId, sale.productId),
    or(
      inArray(offers.status, [...LIVE_OFFER]),
      and(eq(offers.status, "accepted"), sale.buyerId ? ne(offers.buyerId, sale.buyerId) : undefined),
    ),
  )!;
  const ending = await ctx.db
    .select({ id: offers.id, buyer: recipientColumns("offer_answered") })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(ended);
  if (ending.length === 0) return { statements: [], endedOffers: [] };
  const now = ctx.now().toISOString();
  const decline = sql`update ${offers} set status = 'declined', responded_at = ${now}
    where ${inArray(
      offers.id,
      ending.map((offer) => offer.id),
    )} and ${ended} and ${onlyIf}`;
  return { statements: [decline], endedOffers: ending.filter((offer) => offer.buyer.userId !== sale.buyerId) };
}

/**
 * The scheduled job: offers whose side to answer let 48 hours pass expire (both people told), and
 * agreements whose 24 hours passed with no payment under way made under them lose their price.
 */
export async function expireOffers(ctx: AppContext): Promise<{ expired: number; lapsed: number }> {
  const now = ctx.now().toISOString();
  const due = await ctx.db
    .select({
      id: offers.id,
      carName: cars.name,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
    })
    .from(offers)
    .innerJoin(cars, eq(cars.id, offers.productId))
    .where(and(inArray(offers.status, [...LIVE_OFFER]), lte(offers.expiresAt, now)))
    .limit(SCHEDULED_BATCH);
  let expired = 0;
  for (const offer of due) if (await expireOne(ctx, offer, now)) expired++;
  const [lapsed] = await ctx.db.batch([
    ctx.db
      .update(bookings)
      .set({ agreedPrice: null, agreedUntil: null })
      .where(
        and(
          lte(bookings.agreedUntil, now),
          // A payment started under the agreement may still succeed at the agreed price.
          sql`not (${bookings.paymentStartedAt} <= ${bookings.agreedUntil} and ${bookingPaymentUnderWay(ctx)})`,
        ),
      ),
  ]);
  return { expired, lapsed: lapsed.rowsAffected };
}

async function expireOne(ctx: AppContext, offer: { id: string; carName: string; buyerId: string; sellerId: string | null }, now: string) {
  const live = sql`${offers.status} in ('open', 'countered') and ${offers.expiresAt} <= ${now}`;
  const expiredNow = sql`exists (select 1 from ${offers} where ${offers.id} = ${offer.id} and ${offers.status} = 'expired')`;
  const notices = await effectsOf(ctx, [{ type: "offer_expired", offer, when: expiredNow }]);
  const [result] = await ctx.db.batch([
    ctx.db.run(sql`update ${offers} set status = 'expired' where ${offers.id} = ${offer.id} and ${live}`),
    // Written after the update: notified only if this run expired it.
    ...notices.statements.map((statement) => ctx.db.run(statement)),
  ]);
  const changed = result.rowsAffected === 1;
  if (changed) await notices.afterCommit();
  return changed;
}
