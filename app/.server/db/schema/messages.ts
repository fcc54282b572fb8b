import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { cars } from "./catalog";

/**
 * A private thread between a buyer and the seller of one car: one per buyer and car. Each side's
 * read mark (the time it last read the thread) gives its unread count; each side's emailed mark
 * keeps message emails to one per 15 minutes while unread.
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: id(),
    // Null once the car is deleted: the thread stays readable by both sides.
    productId: text("product_id").references(() => cars.id, { onDelete: "set null" }),
    // Null once that side closed their account: the thread stays for the other side, under "Deleted user".
    buyerId: text("buyer_id").references(() => users.id, { onDelete: "set null" }),
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    lastMessageAt: text("last_message_at").notNull(),
    buyerReadAt: text("buyer_read_at"),
    sellerReadAt: text("seller_read_at"),
    buyerEmailedAt: text("buyer_emailed_at"),
    sellerEmailedAt: text("seller_emailed_at"),
    // Set when an admin closed it (after a report): both sides still read it, neither writes.
    closedAt: text("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_buyer_product_unique").on(t.buyerId, t.productId),
    index("conversations_buyer_idx").on(t.buyerId, t.lastMessageAt),
    index("conversations_seller_idx").on(t.sellerId, t.lastMessageAt),
  ],
);

/** The messages of a conversation, oldest first; text only (shown as text, never HTML). */
export const messages = sqliteTable(
  "messages",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // Null once the sender closed their account: the other side keeps the message.
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** A participant's report of a conversation, for the admins' reported-items area. */
export const conversationReports = sqliteTable(
  "conversation_reports",
  {
    id: id(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversation_reports_unique").on(t.conversationId, t.reporterId),
    index("conversation_reports_created_idx").on(t.createdAt),
  ],
);
