import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { consumeLimit, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import {
  offers,
  bookings,
  conversations,
  favourites,
  messages,
  notifications,
  oauthAccounts,
  payments,
  carPhotos,
  cars,
  reviews,
  savedSearches,
  sessions,
} from "../../db/schema";
import { type UserRow } from "../users/users";

/**
 * Everything held about the caller, as one JSON document (GDPR's right of access). Only the caller's
 * own data: other people appear by the words "the buyer", "the seller" or "you", never with their
 * names, addresses or phone numbers, and secrets (password hash, two-factor secret, token hashes)
 * are left out. At most 5 a day per account: it reads a lot.
 */
export async function exportAccountData(ctx: AppContext, user: UserRow) {
  await consumeLimit(ctx, LIMITS.exportsPerDay, user.id);
  const id = user.id;
  const [
    signInWith,
    listings,
    ownBookings,
    paymentRows,
    threads,
    reviewsWritten,
    reviewsReceived,
    favouriteRows,
    searches,
    notificationRows,
    devices,
    offerRows,
  ] = await ctx.db.batch([
    ctx.db
      .select({ provider: oauthAccounts.provider, since: oauthAccounts.createdAt })
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, id)),
    ctx.db.select().from(cars).where(eq(cars.sellerId, id)).orderBy(asc(cars.createdAt)),
    ctx.db.select().from(bookings).where(eq(bookings.buyerId, id)).orderBy(asc(bookings.createdAt)),
    ctx.db
      .select({ payment: payments, buyerId: bookings.buyerId })
      .from(payments)
      .leftJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(or(eq(payments.sellerId, id), eq(bookings.buyerId, id)))
      .orderBy(asc(payments.createdAt)),
    ctx.db
      .select()
      .from(conversations)
      .where(or(eq(conversations.buyerId, id), eq(conversations.sellerId, id)))
      .orderBy(asc(conversations.createdAt)),
    ctx.db
      .select({ review: reviews, productId: bookings.productId })
      .from(reviews)
      .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
      .where(eq(bookings.buyerId, id)),
    ctx.db.select().from(reviews).where(eq(reviews.sellerId, id)),
    ctx.db
      .select({ productId: favourites.productId, productName: cars.name, savedAt: favourites.createdAt })
      .from(favourites)
      .innerJoin(cars, eq(cars.id, favourites.productId))
      .where(eq(favourites.userId, id)),
    ctx.db.select({ query: savedSearches.query, savedAt: savedSearches.createdAt }).from(savedSearches).where(eq(savedSearches.userId, id)),
    ctx.db.select().from(notifications).where(eq(notifications.userId, id)).orderBy(asc(notifications.createdAt)),
    ctx.db
      .select({ browser: sessions.userAgent, signedInAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
      .from(sessions)
      .where(eq(sessions.userId, id)),
    ctx.db
      .select()
      .from(offers)
      .where(or(eq(offers.buyerId, id), eq(offers.sellerId, id)))
      .orderBy(asc(offers.createdAt)),
  ]);

  const listingIds = listings.map((car) => car.id);
  const conversationIds = threads.map((thread) => thread.id);
  const [photos, threadMessages] = await Promise.all([
    listingIds.length === 0
      ? []
      : ctx.db
          .select({ productId: carPhotos.productId, url: carPhotos.url, smallUrl: carPhotos.smallUrl })
          .from(carPhotos)
          .where(inArray(carPhotos.productId, listingIds))
          .orderBy(asc(carPhotos.position)),
    conversationIds.length === 0
      ? []
      : ctx.db
          .select({ conversationId: messages.conversationId, senderId: messages.senderId, text: messages.text, sentAt: messages.createdAt })
          .from(messages)
          .where(inArray(messages.conversationId, conversationIds))
          .orderBy(asc(messages.createdAt), asc(sql`${messages}.rowid`)),
  ]);
  const absolute = (url: string) => (url.startsWith("/") ? `${ctx.publicOrigin}${url}` : url);

  return {
    about:
      "Everything Auto Reseller holds about you, as of exportedAt. Other people in your deals and conversations appear " +
      "only as 'the buyer' or 'the seller'. Passwords and two-factor secrets are stored only as hashes and are not included.",
    exportedAt: ctx.now().toISOString(),
    sections: {
      account: "Your account",
      listings: "Cars you listed, with their photos",
      bookings: "Cars you booked",
      payments: "Payments you made or received",
      receipts: "Receipts of your paid bookings",
      offers: "Offers you made or received",
      messages: "Messages you sent and received",
      reviews: "Reviews you wrote and reviews of you",
      favourites: "Cars you saved",
      savedSearches: "Searches you saved",
      notifications: "Notifications sent to you",
      devices: "Where you are signed in",
    },
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      accountType: user.role,
      emailConfirmed: user.emailVerified,
      verifiedSeller: user.sellerVerified,
      twoFactorOn: user.totpEnabled,
      hasPassword: user.passwordHash !== null,
      signInWith,
      createdAt: user.createdAt,
    },
    listings: listings.map((car) => ({
      id: car.id,
      name: car.name,
      location: car.location,
      condition: car.condition,
      purchaseYear: car.purchaseYear,
      originalPrice: car.originalPrice,
      resalePrice: car.resalePrice,
      description: car.description,
      mobile: car.mobile,
      sold: car.isPaid,
      listedAt: car.createdAt,
      photos: [car.image, ...photos.filter((photo) => photo.productId === car.id).map((photo) => photo.url)]
        .filter((url, index, all) => url && all.indexOf(url) === index)
        .map(absolute),
    })),
    bookings: ownBookings.map((booking) => ({
      id: booking.id,
      carId: booking.productId,
      name: booking.buyerName,
      email: booking.buyerEmail,
      phone: booking.phone,
      meetingLocation: booking.meetingLocation,
      paid: booking.paid,
      refunded: booking.refunded,
      bookedAt: booking.createdAt,
    })),
    payments: paymentRows.map(({ payment, buyerId }) => ({
      id: payment.id,
      youWere: buyerId === id ? "the buyer" : "the seller",
      car: payment.productName,
      amount: payment.amount,
      fee: payment.fee,
      sellerAmount: payment.sellerAmount,
      status: payment.status,
      refundedAmount: payment.refundedAmount,
      paidAt: payment.createdAt,
      releasedAt: payment.releasedAt,
      refundedAt: payment.refundedAt,
    })),
    receipts: ownBookings
      .filter((booking) => booking.paid)
      .map((booking) => ({ bookingId: booking.id, url: `${ctx.publicOrigin}${pathTo(PATHS.receipt, { id: booking.id })}` })),
    offers: offerRows.map((offer) => ({
      id: offer.id,
      carId: offer.productId,
      youWere: offer.buyerId === id ? "the buyer" : "the seller",
      amount: offer.amount,
      counterAmount: offer.counterAmount,
      status: offer.status,
      message: offer.message,
      madeAt: offer.createdAt,
      answeredAt: offer.respondedAt,
    })),
    messages: threads.map((thread) => ({
      conversationId: thread.id,
      carId: thread.productId,
      youWere: thread.buyerId === id ? "the buyer" : "the seller",
      messages: threadMessages
        .filter((message) => message.conversationId === thread.id)
        .map((message) => ({
          from: message.senderId === id ? "you" : thread.buyerId === id ? "the seller" : "the buyer",
          text: message.text,
          sentAt: message.sentAt,
        })),
    })),
    reviews: {
      written: reviewsWritten.map(({ review, productId: carId }) => ({
        carId,
        rating: review.rating,
        text: review.text,
        sellerAnswer: review.answer,
        writtenAt: review.createdAt,
      })),
      received: reviewsReceived.map((review) => ({
        rating: review.rating,
        text: review.text,
        yourAnswer: review.answer,
        writtenAt: review.createdAt,
      })),
    },
    favourites: favouriteRows,
    savedSearches: searches,
    notifications: notificationRows.map((notification) => ({
      kind: notification.kind,
      text: notification.text,
      link: notification.link,
      read: notification.readAt !== null,
      createdAt: notification.createdAt,
    })),
    devices,
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;
