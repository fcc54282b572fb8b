import { and, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "~/lib/notifications/notification-kinds";
import { type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { type DomainEvent, type Effect, type EventOf, publish, type Subscriber } from "../events";
import { emailOptOuts, notifications, outgoingEmails, users } from "../../db/schema";
import { enqueueEmails } from "../../email/outgoing";
import { storedHeaders } from "../../email/sender";
import { notificationEmail } from "../../email/templates";
import { readUnsubscribeLink, unsubscribeUrl } from "../../email/unsubscribe";
import { Invalid } from "../../errors";
import { type UserRow } from "../users/users";

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

/**
 * After the batch: hands the emails to the queue. An id whose email the batch did not write (the
 * notification existed, or the user opted out meanwhile) is dropped by the consumer.
 */
function sendNotificationEmails(ctx: AppContext, writes: NotificationWrites): Promise<void> {
  return enqueueEmails(ctx, writes.emailIds);
}

/** A subscriber's part for these notifications: written in the change's batch, emailed once it succeeded. */
function toldEffect(ctx: AppContext, writes: NotificationWrites): Effect {
  return { statements: writes.statements, afterCommit: () => sendNotificationEmails(ctx, writes) };
}

/** A subscriber that tells people of an event: `compose` says who hears what. */
export const notify =
  <T extends DomainEvent["type"]>(compose: (ctx: AppContext, event: EventOf<T>) => Promise<NotificationWrites>): Subscriber<T> =>
  async (ctx, event) =>
    toldEffect(ctx, await compose(ctx, event));

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
  await publish(ctx, [{ type: "private_data_changed" }]);
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
  await publish(ctx, [{ type: "private_data_changed" }]);
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
  await publish(ctx, [{ type: "private_data_changed" }]);
  const link = await readUnsubscribeLink(ctx, params);
  if (!link) throw new Invalid(INVALID_UNSUBSCRIBE_LINK);
  await ctx.db.run(sql`
    insert into ${emailOptOuts} (user_id, kind, created_at)
    select ${users.id}, ${link.kind}, ${ctx.now().toISOString()} from ${users} where ${users.id} = ${link.userId}
    on conflict do nothing`);
  return link.kind;
}
