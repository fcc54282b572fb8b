import { and, eq, sql } from "drizzle-orm";
import { formatCents, formatDate, formatPrice } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type AppContext } from "../../context";
import { bookings, favourites, users } from "../../db/schema";
import { recipientColumns } from "../users/users";
import { type EventOf } from "../events";
import { messageSourceKey } from "../messages/messages";
import { NO_NOTIFICATIONS, notificationWrites, type NotificationWrites } from "./notifications";

// What people hear of cars, bookings, sales, messages and saved searches: each function composes the
// notices of one event (events.ts), written under the event's condition in the change's own batch.

const carLink = (carId: string) => pathTo(PATHS.car, { id: carId });

/** A saved car got a lower price: one `price_drop` for each user who saved it, but its seller (who made the change). */
export async function priceDropNotices(
  ctx: AppContext,
  { car, priceChangeId, when }: EventOf<"car_price_dropped">,
): Promise<NotificationWrites> {
  const savers = await ctx.db
    .select(recipientColumns("price_drop"))
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .where(and(eq(favourites.productId, car.id), sql`${favourites.userId} is not ${car.sellerId}`));
  const text = `${car.name} dropped to ${formatPrice(car.newPrice)} (was ${formatPrice(car.oldPrice)})`;
  return notificationWrites(
    ctx,
    savers.map((saver) => ({ ...saver, kind: "price_drop", text, link: carLink(car.id), sourceKey: `price_drop:${priceChangeId}` })),
    when,
  );
}

/** The seller hears that their car was booked (only if the booking gets written). */
export function bookingNotices(ctx: AppContext, { booking, seller }: EventOf<"car_booked">): Promise<NotificationWrites> {
  const written = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${booking.id})`;
  return notificationWrites(
    ctx,
    [
      {
        ...seller,
        kind: "booking",
        text: `${booking.buyerName} booked your ${booking.carName}`,
        link: PATHS.receivedBookings,
        sourceKey: `booking:${booking.id}`,
      },
    ],
    written,
  );
}

/** The seller declined a booking: its buyer hears why, if the booking is still there to decline. */
export function bookingDeclinedNotices(ctx: AppContext, event: EventOf<"booking_declined">): Promise<NotificationWrites> {
  const { buyer, car, reason, bookingId } = event;
  return notificationWrites(
    ctx,
    [
      {
        ...buyer,
        kind: "booking_declined",
        text: `The seller declined your booking of ${car.name}${reason ? `: ${reason}` : ""}`,
        link: carLink(car.id),
        sourceKey: `booking_declined:${bookingId}`,
      },
    ],
    event.when,
  );
}

/**
 * A car was sold: its buyer hears "you bought it" (with what they paid, until when the money is
 * held, and their receipt), everyone else who booked it "sold to someone else".
 */
export async function soldNotices(ctx: AppContext, { sale, when }: EventOf<"car_sold">): Promise<NotificationWrites> {
  const bookers = await ctx.db
    .select({ ...recipientColumns("sold"), bookingId: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .where(eq(bookings.productId, sale.carId));
  return notificationWrites(
    ctx,
    bookers.map(({ bookingId, ...booker }) => {
      const bought = bookingId === sale.buyerBookingId;
      return {
        ...booker,
        kind: "sold",
        text: bought
          ? `You bought ${sale.carName} for ${formatCents(sale.amount)}. The money is held until ${formatDate(sale.releaseAt)}: confirm you have the car, or report a problem before then. Your receipt is linked below.`
          : `${sale.carName}, which you booked, was sold to someone else`,
        link: bought ? pathTo(PATHS.receipt, { id: bookingId }) : PATHS.myOrders,
        sourceKey: `sold:${sale.carId}`,
      };
    }),
    when,
  );
}

/** The car's seller hears that a buyer paid for it. */
export async function saleNotices(ctx: AppContext, { sale, when }: EventOf<"car_sold">): Promise<NotificationWrites> {
  if (!sale.sellerId) return NO_NOTIFICATIONS;
  const [seller] = await ctx.db.select(recipientColumns("sale")).from(users).where(eq(users.id, sale.sellerId)).limit(1);
  if (!seller) return NO_NOTIFICATIONS;
  return notificationWrites(
    ctx,
    [
      {
        ...seller,
        kind: "sale",
        text: `A buyer paid ${formatCents(sale.amount)} for your ${sale.carName}. The money is held until they have the car.`,
        link: PATHS.sales,
        sourceKey: `sale:${sale.intentId}`,
      },
    ],
    when,
  );
}

/** Other buyers' offers ended with the sale: each hears theirs was declined. */
export async function offersEndedNotices(ctx: AppContext, { sale, endedOffers, when }: EventOf<"car_sold">): Promise<NotificationWrites> {
  return notificationWrites(
    ctx,
    endedOffers.map(({ id, buyer }) => ({
      ...buyer,
      kind: "offer_answered",
      text: `${sale.carName} was sold to another buyer, so your offer was declined`,
      link: PATHS.myOffers,
      sourceKey: `offer_answered:${id}:sold`,
    })),
    when,
  );
}

/**
 * A message arrived: the recipient hears who wrote about which car. `emailed` false leaves the email
 * out (the messages' throttle: one email per conversation side in 15 minutes while unread).
 */
export async function messageNotices(ctx: AppContext, { message, when }: EventOf<"message_sent">): Promise<NotificationWrites> {
  const [recipient] = await ctx.db.select(recipientColumns("message")).from(users).where(eq(users.id, message.recipientId)).limit(1);
  if (!recipient) return NO_NOTIFICATIONS;
  return notificationWrites(
    ctx,
    [
      {
        ...recipient,
        emailOptedOut: recipient.emailOptedOut || !message.emailed,
        kind: "message",
        text: `New message from ${message.senderName} about ${message.carName}`,
        link: message.link,
        sourceKey: messageSourceKey(message.id),
      },
    ],
    when,
  );
}

/** Saved searches matched a new listing: each owner hears once, for their oldest matching search. */
export function matchNotices(ctx: AppContext, { car, matches, when }: EventOf<"saved_searches_matched">): Promise<NotificationWrites> {
  return notificationWrites(
    ctx,
    matches.map(({ searchId, searchName, owner }) => ({
      ...owner,
      kind: "new_match" as const,
      text: `New match for “${searchName}”: ${car.name} at ${formatPrice(car.price)}`,
      link: carLink(car.id),
      sourceKey: `new_match:${searchId}:${car.id}`,
    })),
    when,
  );
}
