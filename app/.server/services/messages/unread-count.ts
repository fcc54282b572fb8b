import { type SQL, sql } from "drizzle-orm";
import { conversations, messages, type users } from "../../db/schema";

/**
 * How many messages wait unread for the user across their conversations: a sub-select for the
 * session lookup (the navbar's count), read through the conversations' buyer and seller indexes
 * and the messages' (conversation, time) index.
 */
export const unreadMessagesOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*) from ${conversations} c join ${messages} m on m.conversation_id = c.id
    where (c.buyer_id = ${userId} or c.seller_id = ${userId}) and m.sender_id <> ${userId}
      and m.created_at > coalesce(case when c.buyer_id = ${userId} then c.buyer_read_at else c.seller_read_at end, ''))`.mapWith(Number);
