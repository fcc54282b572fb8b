import { type SQL, sql } from "drizzle-orm";
import { conversations, messages, notifications, type users } from "./schema";

// The navbar's counts as sub-selects, read with the session in one round trip (auth/sessions.ts).

/** The user's unread notifications, as a column of a read that has the user's id. */
export const unreadNotificationsOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`.mapWith(
    Number,
  );

/**
 * How many messages wait unread for the user across their conversations: a sub-select for the
 * session lookup (the navbar's count), read through the conversations' buyer and seller indexes
 * and the messages' (conversation, time) index.
 */
export const unreadMessagesOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*) from ${conversations} c join ${messages} m on m.conversation_id = c.id
    where (c.buyer_id = ${userId} or c.seller_id = ${userId}) and m.sender_id <> ${userId}
      and m.created_at > coalesce(case when c.buyer_id = ${userId} then c.buyer_read_at else c.seller_read_at end, ''))`.mapWith(Number);
