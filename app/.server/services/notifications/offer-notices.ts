import { eq, inArray } from "drizzle-orm";
import { formatPrice } from "~/lib/shared/format";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { users } from "../../db/schema";
import { recipientColumns } from "../users/users";
import { AGREEMENT_HOURS } from "../deals/offers-lifecycle";
import { type EventOf } from "../events";
import { NO_NOTIFICATIONS, type Notice, notificationWrites, type NotificationWrites } from "./notifications";

// What the two sides of an offer hear: each step one side takes is told to the other, on the page
// where they answer it (the seller's Offers, the buyer's My offers).

/** What the other side reads of a step: a buyer makes offers, a seller counters, either accepts or declines the other's. */
function stepText({ offer, step, by, price, askingPrice }: EventOf<"offer_step">): string {
  switch (step) {
    case "made":
      return `${offer.buyerName} offered ${formatPrice(price)} for your ${offer.carName} (asking ${formatPrice(askingPrice ?? price)})`;
    case "countered":
      return `The seller of ${offer.carName} answered your offer of ${formatPrice(offer.amount)} with ${formatPrice(price)}`;
    case "accepted":
      return by === "seller"
        ? `The seller of ${offer.carName} accepted your offer of ${formatPrice(price)}. Pay within ${AGREEMENT_HOURS} hours to buy it at that price.`
        : `${offer.buyerName} accepted your counter-offer of ${formatPrice(price)} for your ${offer.carName}`;
    case "declined":
      return by === "seller"
        ? `The seller of ${offer.carName} declined your offer of ${formatPrice(offer.amount)}`
        : `${offer.buyerName} declined your counter-offer for your ${offer.carName}`;
  }
}

/** The side that did not take the step hears of it, if the step was written. */
export async function offerStepNotices(ctx: AppContext, event: EventOf<"offer_step">): Promise<NotificationWrites> {
  const { offer, step, by } = event;
  const toSeller = by === "buyer";
  const recipientId = toSeller ? offer.sellerId : offer.buyerId;
  if (!recipientId) return NO_NOTIFICATIONS;
  const kind = toSeller ? "offer" : "offer_answered";
  const [person] = await ctx.db.select(recipientColumns(kind)).from(users).where(eq(users.id, recipientId)).limit(1);
  if (!person) return NO_NOTIFICATIONS;
  const sourceKey = toSeller ? `offer:${offer.id}${step === "made" ? "" : `:${step}`}` : `offer_answered:${offer.id}:${step}`;
  return notificationWrites(
    ctx,
    [{ ...person, kind, text: stepText(event), link: toSeller ? PATHS.offers : PATHS.myOffers, sourceKey }],
    event.when,
  );
}

/** An offer expired unanswered: both sides hear, if this run expired it. */
export async function offerExpiredNotices(ctx: AppContext, { offer, when }: EventOf<"offer_expired">): Promise<NotificationWrites> {
  const people = await ctx.db
    .select(recipientColumns("offer_expired"))
    .from(users)
    .where(inArray(users.id, [offer.buyerId, ...(offer.sellerId ? [offer.sellerId] : [])]));
  const notices: Notice[] = people.map((person) => ({
    ...person,
    kind: "offer_expired",
    text:
      person.userId === offer.buyerId
        ? `Your offer on ${offer.carName} expired without an answer`
        : `An offer on your ${offer.carName} expired without an answer`,
    link: person.userId === offer.buyerId ? PATHS.myOffers : PATHS.offers,
    sourceKey: `offer_expired:${offer.id}`,
  }));
  return notificationWrites(ctx, notices, when);
}
