import { and, eq, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { bookings, offers, products, users } from "../../db/schema";
import { notificationWrites, type Notice, recipientColumns, sendNotificationEmails } from "../notifications/notifications";
import { bookingPaymentUnderWay } from "./payment-window";

// What happens to offers without anyone answering them: a sale ends the others, time ends the
// unanswered ones, and an agreement not paid for in time lets its price go.

export const OFFER_ANSWER_HOURS = 48;
export const AGREEMENT_HOURS = 24;
const SCHEDULED_BATCH = 100;

export const LIVE_OFFER = ["open", "countered"] as const;

/**
 * The car was sold: every offer still waiting on it, and other buyers' accepted ones, are declined
 * and their buyers told, only if `onlyIf` (the payment that sold it stands) holds.
 */
export async function offersEndWithSaleWrites(
  ctx: AppContext,
  sale: { productId: string; productName: string; buyerId: string | null },
  onlyIf: SQL,
) {
  // The winner's own accepted offer stays: it is what they paid.
  const ended = and(
    eq(offers.productId, sale.productId),
    or(
      inArray(offers.status, [...LIVE_OFFER]),
      and(eq(offers.status, "accepted"), sale.buyerId ? ne(offers.buyerId, sale.buyerId) : undefined),
    ),
  )!;
  const ending = await ctx.db
    .select({ ...recipientColumns("offer_answered"), offerId: offers.id })
    .from(offers)
    .innerJoin(users, eq(users.id, offers.buyerId))
    .where(ended);
  if (ending.length === 0) return { statements: [], emailIds: [] };
  const now = ctx.now().toISOString();
  const ids = ending.map((row) => row.offerId);
  const told = await notificationWrites(
    ctx,
    ending
      .filter((buyer) => buyer.userId !== sale.buyerId)
      .map(({ offerId, ...buyer }) => ({
        ...buyer,
        kind: "offer_answered",
        text: `${sale.productName} was sold to another buyer, so your offer was declined`,
        link: PATHS.myOffers,
        sourceKey: `offer_answered:${offerId}:sold`,
      })),
    onlyIf,
  );
  const decline = sql`update ${offers} set status = 'declined', responded_at = ${now}
    where ${inArray(offers.id, ids)} and ${ended} and ${onlyIf}`;
  return { statements: [...told.statements, decline], emailIds: told.emailIds };
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
      productName: products.name,
      buyerId: offers.buyerId,
      sellerId: offers.sellerId,
    })
    .from(offers)
    .innerJoin(products, eq(products.id, offers.productId))
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

async function expireOne(
  ctx: AppContext,
  offer: { id: string; productName: string; buyerId: string; sellerId: string | null },
  now: string,
) {
  const people = await ctx.db
    .select(recipientColumns("offer_expired"))
    .from(users)
    .where(inArray(users.id, [offer.buyerId, ...(offer.sellerId ? [offer.sellerId] : [])]));
  const notices: Notice[] = people.map((person) => ({
    ...person,
    kind: "offer_expired",
    text:
      person.userId === offer.buyerId
        ? `Your offer on ${offer.productName} expired without an answer`
        : `An offer on your ${offer.productName} expired without an answer`,
    link: person.userId === offer.buyerId ? PATHS.myOffers : PATHS.offers,
    sourceKey: `offer_expired:${offer.id}`,
  }));
  const live = sql`${offers.status} in ('open', 'countered') and ${offers.expiresAt} <= ${now}`;
  const expiredNow = sql`exists (select 1 from ${offers} where ${offers.id} = ${offer.id} and ${offers.status} = 'expired')`;
  const told = await notificationWrites(ctx, notices, expiredNow);
  const [result] = await ctx.db.batch([
    ctx.db.run(sql`update ${offers} set status = 'expired' where ${offers.id} = ${offer.id} and ${live}`),
    // Written after the update: told only if this run expired it.
    ...told.statements.map((statement) => ctx.db.run(statement)),
  ]);
  const changed = result.rowsAffected === 1;
  if (changed) await sendNotificationEmails(ctx, told);
  return changed;
}
