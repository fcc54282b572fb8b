import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { formatCents, formatDate, formatPrice } from "~/lib/shared/format";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "~/lib/notifications/notification-kinds";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type PagedList } from "~/lib/shared/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, emailOptOuts, favourites, notifications, outgoingEmails, products, users } from "../../db/schema";
import { enqueueEmails } from "../../email/outgoing";
import { storedHeaders } from "../../email/sender";
import { notificationEmail } from "../../email/templates";
import { readUnsubscribeLink, unsubscribeUrl } from "../../email/unsubscribe";
import { Invalid } from "../../errors";
import { type UserRow } from "../accounts/users";
import { nothingPublicChanged } from "../../page-changes";

// What a user should hear about (the bell, /dashboard/notifications, /api/notifications), each also
// sent by email unless the user opted out of its kind. A change that causes notifications puts
// their writes in its own database batch (so they exist exactly when the change does) and hands
// the emails to the queue once the batch has succeeded.

/** One notification to create: for whom, what it says, where it leads, and what caused it. */
export interface Notice {
  userId: string;
  /** The user's email address. */
  email: string;
  kind: NotificationKind;
  text: string;
  /** A path of this app (the email makes it absolute on APP_ORIGIN). */
  link: string;
  /** Names the cause: the same cause handled twice makes one notification (and one email). */
  sourceKey: string;
  /** The user opted out of this kind's email when read: no email is written (the batch checks again). */
  emailOptedOut?: boolean;
}

export interface NotificationWrites {
  /** The inserts, to run in the causing change's batch after its own statements. */
  statements: SQL[];
  /** The emails they may write: enqueue them with `sendNotificationEmails` once the batch succeeded. */
  emailIds: string[];
}

export const NO_NOTIFICATIONS: NotificationWrites = { statements: [], emailIds: [] };

// How often a user may be emailed about one thing: a price drop once a day per car (ten $1 drops
// send one email). New matches are not emailed one by one at all: each saved search's wait for its
// hourly digest (sendMatchDigests). Every in-app notification is kept either way.
const EMAIL_AT_MOST_EVERY_SECONDS: Partial<Record<NotificationKind, number>> = { price_drop: 24 * 3600 };
const DIGEST_KINDS: readonly NotificationKind[] = ["new_match"];

/**
 * The writes that create these notifications and their emails, each only if `onlyIf` holds when
 * the batch runs (e.g. the booking was written). The notifications are one insert (a notification
 * whose cause was handled already is skipped by the unique source index), and the emails another,
 * written only for notifications this batch created, users who did not opt out of the kind, and
 * within the kind's email limit; a third notes which were emailed. Three statements, however many users.
 */
export async function notificationWrites(ctx: AppContext, notices: Notice[], onlyIf: SQL = sql`1`): Promise<NotificationWrites> {
  if (notices.length === 0) return NO_NOTIFICATIONS;
  const now = ctx.now().toISOString();
  const rows = notices.map((notice) => ({
    ...notice,
    id: crypto.randomUUID(),
    emailPending: DIGEST_KINDS.includes(notice.kind) && !notice.emailOptedOut ? 1 : 0,
  }));
  const emails = await Promise.all(
    rows
      .filter((row) => !row.emailOptedOut && !DIGEST_KINDS.includes(row.kind))
      .map(async (row) => {
        const message = notificationEmail(
          row.email,
          { kind: row.kind, text: row.text, link: new URL(row.link, ctx.publicOrigin).toString() },
          await unsubscribeUrl(ctx, row.userId, row.kind),
        );
        const limit = EMAIL_AT_MOST_EVERY_SECONDS[row.kind];
        return {
          ...message,
          headers: storedHeaders(message.headers),
          id: crypto.randomUUID(),
          notificationId: row.id,
          userId: row.userId,
          kind: row.kind,
          link: row.link,
          // Emails about the same thing since then hold this one back (none: no limit).
          limitSince: limit === undefined ? null : new Date(ctx.now().getTime() - limit * 1000).toISOString(),
        };
      }),
  );
  const field = (name: string) => sql.raw(`j.value ->> '${name}'`);
  const statements = [
    sql`insert into ${notifications} (id, user_id, kind, text, link, source_key, email_pending, created_at)
      select ${field("id")}, ${field("userId")}, ${field("kind")}, ${field("text")}, ${field("link")}, ${field("sourceKey")}, ${field("emailPending")}, ${now}
      from json_each(${JSON.stringify(rows)}) j where ${onlyIf}
      on conflict do nothing`,
  ];
  if (emails.length > 0) {
    statements.push(
      sql`insert into ${outgoingEmails} (id, to_address, subject, text, headers, next_attempt_at, created_at)
      select ${field("id")}, ${field("to")}, ${field("subject")}, ${field("text")}, ${field("headers")}, ${now}, ${now}
      from json_each(${JSON.stringify(emails)}) j
      where exists (select 1 from ${notifications} n where n.id = ${field("notificationId")})
        and not exists (select 1 from ${emailOptOuts} o where o.user_id = ${field("userId")} and o.kind = ${field("kind")})
        and (${field("limitSince")} is null or not exists (
          select 1 from ${notifications} p
          where p.user_id = ${field("userId")} and p.created_at > ${field("limitSince")}
            and p.kind = ${field("kind")} and p.link = ${field("link")} and p.emailed_at is not null))`,
      sql`update ${notifications} set emailed_at = ${now}
      where id in (
        select ${field("notificationId")} from json_each(${JSON.stringify(emails)}) j
        where exists (select 1 from ${outgoingEmails} e where e.id = ${field("id")}))`,
    );
  }
  return { statements, emailIds: emails.map((email) => email.id) };
}

/** Runs writes on their own (no causing change to batch with, e.g. a queue consumer's) and sends their emails. */
export async function writeNotifications(ctx: AppContext, writes: NotificationWrites): Promise<void> {
  const [first, ...rest] = writes.statements.map((statement) => ctx.db.run(statement));
  if (!first) return;
  await ctx.db.batch([first, ...rest]);
  await sendNotificationEmails(ctx, writes);
}

/**
 * After the batch: hands the emails to the queue. An id whose email the batch did not write (the
 * notification existed, or the user opted out meanwhile) is dropped by the consumer.
 */
export function sendNotificationEmails(ctx: AppContext, writes: NotificationWrites): Promise<void> {
  return enqueueEmails(ctx, writes.emailIds);
}

/** Whether a user opted out of a kind's email, as a column of a read of `users`. */
const optedOut = (kind: NotificationKind) =>
  sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.userId} = ${users.id} and ${emailOptOuts.kind} = ${kind})`.mapWith(
    (value) => Number(value) === 1,
  );
export const recipientColumns = (kind: NotificationKind) => ({ userId: users.id, email: users.email, emailOptedOut: optedOut(kind) });

export const carLink = (productId: string) => pathTo(PATHS.car, { id: productId });

/**
 * A saved car got a lower price: one `price_drop` for each user who saved it, but its seller (who
 * made the change). `priceChangeId` names the cause.
 */
export async function priceDropWrites(
  ctx: AppContext,
  car: { id: string; name: string; sellerId: string | null; oldPrice: number; newPrice: number },
  priceChangeId: string,
  onlyIf?: SQL,
): Promise<NotificationWrites> {
  if (car.newPrice >= car.oldPrice) return NO_NOTIFICATIONS;
  const savers = await ctx.db
    .select(recipientColumns("price_drop"))
    .from(favourites)
    .innerJoin(users, eq(users.id, favourites.userId))
    .where(and(eq(favourites.productId, car.id), sql`${favourites.userId} is not ${car.sellerId}`));
  const text = `${car.name} dropped to ${formatPrice(car.newPrice)} (was ${formatPrice(car.oldPrice)})`;
  return notificationWrites(
    ctx,
    savers.map((saver) => ({ ...saver, kind: "price_drop", text, link: carLink(car.id), sourceKey: `price_drop:${priceChangeId}` })),
    onlyIf,
  );
}

/** The seller hears that their car was booked (only if the booking `bookingId` gets written). */
export async function bookingWrites(
  ctx: AppContext,
  seller: { userId: string; email: string; emailOptedOut: boolean },
  booking: { id: string; buyerName: string; productName: string },
): Promise<NotificationWrites> {
  const written = sql`exists (select 1 from ${bookings} where ${bookings.id} = ${booking.id})`;
  return notificationWrites(
    ctx,
    [
      {
        ...seller,
        kind: "booking",
        text: `${booking.buyerName} booked your ${booking.productName}`,
        link: PATHS.receivedBookings,
        sourceKey: `booking:${booking.id}`,
      },
    ],
    written,
  );
}

/** The car's seller, as bookingWrites takes them, and the car's name: one read before booking. */
export function sellerOfCar(ctx: AppContext, productId: string) {
  return ctx.db
    .select({ ...recipientColumns("booking"), productName: products.name, sellerId: products.sellerId, isPaid: products.isPaid })
    .from(products)
    .leftJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
}

/**
 * A car was sold: its buyer hears "you bought it" (with what they paid, until when the money is
 * held, and their receipt), everyone else who booked it "sold to someone else". Each only if
 * `onlyIf` (the payment that sold it was recorded) holds.
 */
export async function soldWrites(
  ctx: AppContext,
  sale: { productId: string; productName: string; buyerBookingId: string; amount?: number; releaseAt?: string },
  onlyIf: SQL,
): Promise<NotificationWrites> {
  const bookers = await ctx.db
    .select({ ...recipientColumns("sold"), bookingId: bookings.id })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.buyerId))
    .where(eq(bookings.productId, sale.productId));
  return notificationWrites(
    ctx,
    bookers.map(({ bookingId, ...booker }) => ({
      ...booker,
      kind: "sold",
      text:
        bookingId === sale.buyerBookingId
          ? `You bought ${sale.productName}${sale.amount === undefined ? "" : ` for ${formatCents(sale.amount)}`}.${
              sale.releaseAt
                ? ` The money is held until ${formatDate(sale.releaseAt)}: confirm you have the car, or report a problem before then. Your receipt is linked below.`
                : ""
            }`
          : `${sale.productName}, which you booked, was sold to someone else`,
      link: bookingId === sale.buyerBookingId && sale.releaseAt ? pathTo(PATHS.receipt, { id: bookingId }) : PATHS.myOrders,
      sourceKey: `sold:${sale.productId}`,
    })),
    onlyIf,
  );
}

/** The car's seller hears that a buyer paid for it (`sale`), only if `onlyIf` (the payment was recorded) holds. */
export async function saleWrites(
  ctx: AppContext,
  sale: { sellerId: string | null; productName: string; amount: number; intentId: string },
  onlyIf: SQL,
): Promise<NotificationWrites> {
  if (!sale.sellerId) return NO_NOTIFICATIONS;
  const [seller] = await ctx.db.select(recipientColumns("sale")).from(users).where(eq(users.id, sale.sellerId)).limit(1);
  if (!seller) return NO_NOTIFICATIONS;
  return notificationWrites(
    ctx,
    [
      {
        ...seller,
        kind: "sale",
        text: `A buyer paid ${formatCents(sale.amount)} for your ${sale.productName}. The money is held until they have the car.`,
        link: PATHS.sales,
        sourceKey: `sale:${sale.intentId}`,
      },
    ],
    onlyIf,
  );
}

/** The cause a message's notification names (reading the message marks it read). */
export const messageSourceKey = (messageId: string) => `message:${messageId}`;

/**
 * A message arrived (the messages work calls this): the recipient hears who wrote about which car.
 * `messageId` names the cause; `link` opens the conversation; `emailed` false leaves the email out
 * (the messages' throttle: one email per conversation side in 15 minutes while unread).
 */
export async function messageWrites(
  ctx: AppContext,
  message: { id: string; recipientId: string; senderName: string; productName: string; link: string; emailed: boolean },
  onlyIf?: SQL,
): Promise<NotificationWrites> {
  const [recipient] = await ctx.db.select(recipientColumns("message")).from(users).where(eq(users.id, message.recipientId)).limit(1);
  if (!recipient) return NO_NOTIFICATIONS;
  return notificationWrites(
    ctx,
    [
      {
        ...recipient,
        emailOptedOut: recipient.emailOptedOut || !message.emailed,
        kind: "message",
        text: `New message from ${message.senderName} about ${message.productName}`,
        link: message.link,
        sourceKey: messageSourceKey(message.id),
      },
    ],
    onlyIf,
  );
}

export interface NotificationItem {
  _id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  createdAt: string;
  read: boolean;
}

export type NotificationPage = PagedList<NotificationItem> & { unread: number };

/** One page of the user's notifications, newest first, with the total and the unread count: one round trip. */
export async function listNotifications(ctx: AppContext, user: UserRow, page: number, limit: number): Promise<NotificationPage> {
  enforce("read:notifications", user);
  const theirs = eq(notifications.userId, user.id);
  const [rows, [{ total }], [{ unread }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(notifications)
      .where(theirs)
      .orderBy(desc(notifications.createdAt), sql`rowid desc`)
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(notifications).where(theirs),
    ctx.db
      .select({ unread: count() })
      .from(notifications)
      .where(and(theirs, isNull(notifications.readAt))),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      text: row.text,
      link: row.link,
      createdAt: row.createdAt,
      read: row.readAt !== null,
    })),
    total,
    currentPage: page,
    totalPages: total === 0 ? 0 : Math.ceil(total / limit),
    unread,
  };
}

/** Marks some of the user's notifications (or, without ids, all) read; others' ids change nothing. Returns how many changed. */
export async function markNotificationsRead(ctx: AppContext, user: UserRow, ids?: string[]): Promise<number> {
  nothingPublicChanged(ctx.changedPages);
  enforce("mark-read:notifications", user);
  const result = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.now().toISOString() })
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt), ids ? inArray(notifications.id, ids) : undefined));
  return result.rowsAffected;
}

/** The kinds the user gets by email (account settings). */
export async function emailChoices(ctx: AppContext, user: UserRow): Promise<NotificationKind[]> {
  const rows = await ctx.db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.userId, user.id));
  const out = new Set(rows.map((row) => row.kind));
  return NOTIFICATION_KIND_LIST.filter((kind) => !out.has(kind));
}

/** Sets which kinds the user gets by email; every other kind is opted out of. */
export async function setEmailChoices(ctx: AppContext, user: UserRow, wanted: NotificationKind[]): Promise<void> {
  nothingPublicChanged(ctx.changedPages);
  const unwanted = NOTIFICATION_KIND_LIST.filter((kind) => !wanted.includes(kind));
  const now = ctx.now().toISOString();
  await ctx.db.batch([
    ctx.db.delete(emailOptOuts).where(eq(emailOptOuts.userId, user.id)),
    ...unwanted.map((kind) => ctx.db.insert(emailOptOuts).values({ userId: user.id, kind, createdAt: now })),
  ]);
}

const INVALID_UNSUBSCRIBE_LINK = "This unsubscribe link is not valid. Choose which emails you get in your account settings.";

/** The kind of email a signed unsubscribe link stops (the page says so before the user confirms); a bad link → 400. */
export async function unsubscribeLinkKind(ctx: AppContext, params: URLSearchParams): Promise<NotificationKind> {
  const link = await readUnsubscribeLink(ctx, params);
  if (!link) throw new Invalid(INVALID_UNSUBSCRIBE_LINK);
  return link.kind;
}

/**
 * One-click unsubscribe (RFC 8058): stops the kind of email the signed link names for its user, with
 * no session; idempotent, and nothing for an account that is gone. A bad link → 400.
 */
export async function unsubscribe(ctx: AppContext, params: URLSearchParams): Promise<NotificationKind> {
  nothingPublicChanged(ctx.changedPages);
  const link = await readUnsubscribeLink(ctx, params);
  if (!link) throw new Invalid(INVALID_UNSUBSCRIBE_LINK);
  await ctx.db.run(sql`
    insert into ${emailOptOuts} (user_id, kind, created_at)
    select ${users.id}, ${link.kind}, ${ctx.now().toISOString()} from ${users} where ${users.id} = ${link.userId}
    on conflict do nothing`);
  return link.kind;
}
