import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { NOTIFICATION_KINDS } from "../../../lib/notifications/notification-kinds";
import { createdAt, id } from "./columns";
import { users } from "./accounts";

/** Mail kept locally when no email API is configured (development and tests read it). */
export const outbox = sqliteTable(
  "outbox",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // JSON object of extra headers (List-Unsubscribe), as the email API would get them.
    headers: text("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("outbox_to_idx").on(t.to, t.createdAt)],
);

/**
 * Every email the app sends, kept until delivered (and a while after, for the records): a request
 * never fails because the email API does. Delivery runs after the response (waitUntil), on later
 * requests that send mail and on the Cron Trigger, with backoff between attempts.
 */
export const outgoingEmails = sqliteTable(
  "outgoing_emails",
  {
    id: id(),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    // JSON object of extra headers (List-Unsubscribe, List-Unsubscribe-Post), or null.
    headers: text("headers"),
    attempts: integer("attempts").notNull().default(0),
    // Null once sent (or given up), so the index holds only the messages still to send.
    nextAttemptAt: text("next_attempt_at"),
    sentAt: text("sent_at"),
    lastError: text("last_error"),
    // Set when delivery was given up after the last retry: the dead letters an admin sees.
    deadAt: text("dead_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outgoing_emails_next_idx").on(t.nextAttemptAt),
    index("outgoing_emails_to_idx").on(t.to, t.createdAt),
    index("outgoing_emails_dead_idx").on(t.deadAt),
  ],
);

/** Every attempt to deliver an email, with the email API's error when it failed (null: delivered). */
export const emailAttempts = sqliteTable(
  "email_attempts",
  {
    id: id(),
    emailId: text("email_id")
      .notNull()
      .references(() => outgoingEmails.id, { onDelete: "cascade" }),
    attemptedAt: text("attempted_at").notNull(),
    error: text("error"),
  },
  (t) => [index("email_attempts_email_idx").on(t.emailId, t.attemptedAt)],
);

const NOTIFICATION_KIND_LIST = sql.raw(NOTIFICATION_KINDS.map((kind) => `'${kind}'`).join(", "));

/**
 * What happened that a user should hear about, newest first, with its unread state. `sourceKey`
 * names the cause (e.g. the price change or the saved search and car), so a cause handled twice
 * (a queue message delivered again) makes one notification only.
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    text: text("text").notNull(),
    link: text("link").notNull(),
    sourceKey: text("source_key").notNull(),
    readAt: text("read_at"),
    // When its email was written (null: none, e.g. opted out or limited): a price drop emails a
    // user about a car at most once a day.
    emailedAt: text("emailed_at"),
    // A new match waiting for its saved search's hourly digest email.
    emailPending: integer("email_pending", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_source_idx").on(t.userId, t.sourceKey),
    // The digests' sweep reads only the new matches still waiting for their email.
    index("notifications_email_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.emailPending} = 1`),
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // The bell's unread count reads only the unread rows.
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    check("notifications_kind_check", sql`${t.kind} IN (${NOTIFICATION_KIND_LIST})`),
  ],
);

/** The kinds of notification a user no longer wants by email (one-click unsubscribe, account settings). */
export const emailOptOuts = sqliteTable(
  "email_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
