import { and, count, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { type SQLiteColumn } from "drizzle-orm/sqlite-core";
import { totalPages } from "~/lib/shared/list-query";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type StartConversationInput } from "~/lib/schemas/messages";
import { type PagedList, type ReportedConversation } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { batchItemsOf, effectsOf, publish } from "../events";
import { countEvent, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { bookings, conversationReports, conversations, messages, notifications, cars, users } from "../../db/schema";
import { Conflict, Forbidden, NotFound, TooManyRequests } from "../../errors";
import { DELETED_USER } from "~/lib/accounts/roles";
import { type UserRow } from "../users/users";

// Private messages between a buyer and the seller of a car (/dashboard/messages, /api/conversations).
// One conversation per buyer and car; only its two participants can read or write it (for anyone
// else, admins included, it does not exist). Read marks (`buyer_read_at`, `seller_read_at`) hold the
// time of the newest message that side was shown: the other side's later messages are unread.

/** How many conversations the inbox lists (latest activity first), and how many messages a thread shows (the newest). */
export const INBOX_LIMIT = 100;
export const THREAD_LIMIT = 500;

const CONVERSATION_NOT_FOUND = "Conversation not found";

/** Where a conversation opens (its notifications link there). */
const threadLink = (conversationId: string) => pathTo(PATHS.messageThread, { id: conversationId });

export interface ConversationSummary {
  _id: string;
  /** Null once the car was deleted (the conversation stays). */
  product: { _id: string; productName: string; image: string } | null;
  withName: string;
  lastMessage: { text: string; createdAt: string };
  unread: number;
}

export interface MessageItem {
  _id: string;
  mine: boolean;
  text: string;
  createdAt: string;
}

export interface Thread {
  _id: string;
  product: { _id: string; productName: string; image: string; resalePrice: number; isPaid: boolean } | null;
  withName: string;
  /** Changes exactly when a message is added: the thread's ETag. */
  version: string;
  /** An admin closed it: it is read only. */
  closed: boolean;
  messages: MessageItem[];
}

const participates = (userId: string) => or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId));

/** Counts a message against the sender's limit (30 a minute): 429 past it. */
async function countMessage(ctx: AppContext, sender: UserRow) {
  const { allowed, retryAfter } = await countEvent(ctx, LIMITS.messagesPerMinute, sender.id);
  if (!allowed) {
    throw new TooManyRequests(
      retryAfter,
      `You are sending messages too fast: at most ${LIMITS.messagesPerMinute.max} a minute. Please wait ${retryAfter} seconds.`,
    );
  }
}

/**
 * A buyer writes to a car's seller: the buyer's conversation about that car, started now or the one
 * they have (asking again adds the message to it). Unknown car → 404, the caller's own car → 403,
 * a car sold to someone else → 409; the buyer who paid for it may write to its seller (the handover).
 */
export async function startConversation(
  ctx: AppContext,
  buyer: UserRow,
  input: StartConversationInput,
): Promise<{ conversationId: string; messageId: string }> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  enforce("start:conversation", buyer);
  // For sale, or bought by this buyer: they still have a handover to arrange with its seller.
  const open = sql`(${cars.isPaid} = 0 or exists (select 1 from ${bookings} b
    where b.product_id = ${cars.id} and b.buyer_id = ${buyer.id} and b.paid = 1))`;
  const [car] = await ctx.db
    .select({
      name: cars.name,
      sellerId: cars.sellerId,
      open: sql<number>`${open}`,
      conversationId: conversations.id,
      closedAt: conversations.closedAt,
    })
    .from(cars)
    .leftJoin(conversations, and(eq(conversations.productId, cars.id), eq(conversations.buyerId, buyer.id)))
    .where(eq(cars.id, input.product_id))
    .limit(1);
  if (!car) throw new NotFound("Product not found");
  if (car.sellerId === buyer.id) throw new Forbidden("You cannot message yourself about your own car");
  // A car without a seller outlived the seller's account, which only sold cars do.
  if (!Number(car.open) || !car.sellerId) throw new Conflict(SOLD);
  if (car.closedAt) throw new Conflict(CLOSED);
  await countMessage(ctx, buyer);
  const now = ctx.now().toISOString();
  const conversationId = car.conversationId ?? crypto.randomUUID();
  // A new conversation's first message is always emailed (and marks the seller's side emailed).
  const emailed = car.conversationId ? await claimEmail(ctx, car.conversationId, "seller", now) : true;
  const message = {
    id: crypto.randomUUID(),
    conversationId,
    sender: buyer,
    recipientId: car.sellerId,
    productName: car.name,
    emailed,
    now,
  };
  const notices = await messageNotices(ctx, message);
  // One batch: the conversation (new, or the buyer's one about this car), the message and its
  // notification, each only while the car is still unsold (or theirs), so a car sold to someone else
  // a moment ago takes nothing.
  const [upserted] = await ctx.db.batch([
    ctx.db.all<{ id: string }>(sql`
      insert into ${conversations} (id, product_id, buyer_id, seller_id, last_message_at, seller_emailed_at, created_at)
      select ${conversationId}, ${cars.id}, ${buyer.id}, ${cars.sellerId}, ${now}, ${now}, ${now}
      from ${cars}
      where ${cars.id} = ${input.product_id} and ${open} and ${cars.sellerId} is not null and ${cars.sellerId} <> ${buyer.id}
      on conflict (buyer_id, product_id) do update set last_message_at = excluded.last_message_at where ${conversations.closedAt} is null
      returning id`),
    ctx.db.run(sql`
      insert into ${messages} (id, conversation_id, sender_id, text, created_at)
      select ${message.id}, c.id, ${buyer.id}, ${input.text}, ${now}
      from ${conversations} c join ${cars} on ${cars.id} = c.product_id
      where c.buyer_id = ${buyer.id} and c.product_id = ${input.product_id} and ${open}`),
    ...notices.statements.map((statement) => ctx.db.run(statement)),
  ]);
  if (upserted.length === 0) throw new Conflict(SOLD);
  await notices.afterCommit();
  return { conversationId: upserted[0].id, messageId: message.id };
}

const SOLD = "This car is sold to someone else: its seller takes no new conversations about it";
const CLOSED = "An admin closed this conversation: no new messages can be sent in it";
const OTHER_SIDE_CLOSED = "The other person closed their account: no new messages can be sent in this conversation";

/** How long after a conversation side was emailed about a message no other email goes to it, while it has not read. */
const EMAIL_QUIET_MS = 15 * 60 * 1000;

/**
 * Whether a new message is also emailed to the recipient's side: when that side was never emailed
 * about this conversation, or not in the last 15 minutes, or has read it since. Claimed with one
 * conditional update, so of messages sent at once only one is emailed.
 */
async function claimEmail(ctx: AppContext, conversationId: string, side: "buyer" | "seller", now: string): Promise<boolean> {
  const [emailedAt, readAt] =
    side === "buyer"
      ? [conversations.buyerEmailedAt, conversations.buyerReadAt]
      : [conversations.sellerEmailedAt, conversations.sellerReadAt];
  const quietSince = new Date(Date.parse(now) - EMAIL_QUIET_MS).toISOString();
  const claimed = await ctx.db
    .update(conversations)
    .set(side === "buyer" ? { buyerEmailedAt: now } : { sellerEmailedAt: now })
    .where(and(eq(conversations.id, conversationId), or(isNull(emailedAt), lt(emailedAt, quietSince), gte(readAt, emailedAt))))
    .returning({ id: conversations.id });
  return claimed.length > 0;
}

interface NewMessage {
  id: string;
  conversationId: string;
  sender: UserRow;
  recipientId: string;
  productName: string | null;
  emailed: boolean;
}

/** The recipient's `message` notification (and email, unless throttled), written only with the message. */
function messageNotices(ctx: AppContext, message: NewMessage) {
  return effectsOf(ctx, [
    {
      type: "message_sent",
      message: {
        id: message.id,
        recipientId: message.recipientId,
        senderName: message.sender.name,
        carName: message.productName ?? "a car no longer listed",
        link: threadLink(message.conversationId),
        emailed: message.emailed,
      },
      when: sql`exists (select 1 from ${messages} where ${messages.id} = ${message.id})`,
    },
  ]);
}

/** The cause a message's notification names (reading the message marks it read). */
export const messageSourceKey = (messageId: string) => `message:${messageId}`;

/** The inbox page: the conversations of a buyer or seller (admins have no inbox; the API lists their none). */
export async function listInbox(ctx: AppContext, user: UserRow): Promise<ConversationSummary[]> {
  enforce("read:inbox", user);
  return listConversations(ctx, user);
}

/** The conversations the user is in, latest activity first (the newest INBOX_LIMIT): one query. */
export async function listConversations(ctx: AppContext, user: UserRow): Promise<ConversationSummary[]> {
  enforce("read:conversations", user);
  // The page of conversations is chosen first (an index read per side), so the last message and
  // the unread count are read for those rows only, each from the messages' (conversation, time) index.
  const rows = await ctx.db.all<{
    id: string;
    productId: string | null;
    productName: string | null;
    image: string | null;
    withName: string;
    lastMessageAt: string;
    lastText: string;
    unread: number;
  }>(sql`
    select c.id as id, p.id as productId, p.name as productName, p.image as image, coalesce(u.name, ${DELETED_USER}) as withName,
      c.last_message_at as lastMessageAt,
      (select m.text from ${messages} m where m.conversation_id = c.id order by m.created_at desc, m.rowid desc limit 1) as lastText,
      (select count(*) from ${messages} m
        where m.conversation_id = c.id and coalesce(m.sender_id, '') <> ${user.id}
          and m.created_at > coalesce(case when c.buyer_id = ${user.id} then c.buyer_read_at else c.seller_read_at end, '')) as unread
    from (
      select * from ${conversations}
      where buyer_id = ${user.id} or seller_id = ${user.id}
      order by last_message_at desc, id desc limit ${INBOX_LIMIT}
    ) c
    left join ${cars} p on p.id = c.product_id
    left join ${users} u on u.id = case when c.buyer_id = ${user.id} then c.seller_id else c.buyer_id end
    order by c.last_message_at desc, c.id desc`);
  return rows.map((row) => ({
    _id: row.id,
    product: row.productId ? { _id: row.productId, productName: row.productName ?? "", image: row.image ?? "" } : null,
    withName: row.withName,
    lastMessage: { text: row.lastText, createdAt: row.lastMessageAt },
    unread: Number(row.unread),
  }));
}

/** The conversation as one of its participants sees it; anyone else → 404 (admins included). */
async function findConversation(
  ctx: AppContext,
  user: UserRow,
  id: string,
  permission: "read:conversation:own" | "write:conversation:own",
) {
  enforce(permission, user);
  const otherSide = sql`case when ${conversations.buyerId} = ${user.id} then ${conversations.sellerId} else ${conversations.buyerId} end`;
  const [row] = await ctx.db
    .select({
      id: conversations.id,
      buyerId: conversations.buyerId,
      sellerId: conversations.sellerId,
      withName: sql<string>`coalesce(${users.name}, ${DELETED_USER})`,
      closedAt: conversations.closedAt,
      product: {
        _id: cars.id,
        productName: cars.name,
        image: cars.image,
        resalePrice: cars.resalePrice,
        isPaid: cars.isPaid,
      },
      latestMessageId: sql<string>`(select m.id from ${messages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.rowid desc limit 1)`,
    })
    .from(conversations)
    .leftJoin(cars, eq(cars.id, conversations.productId))
    .leftJoin(users, eq(users.id, otherSide))
    .where(and(eq(conversations.id, id), participates(user.id)))
    .limit(1);
  if (!row) {
    enforce(permission, user, false, CONVERSATION_NOT_FOUND);
    throw new NotFound(CONVERSATION_NOT_FOUND);
  }
  return row;
}

/**
 * A thread for one of its two participants: the newest THREAD_LIMIT messages, oldest first, which
 * are then marked read for the reader. With the version the reader has already (an ETag), an
 * unchanged thread answers `unchanged` after one small read, marking nothing.
 */
export async function readThread(ctx: AppContext, user: UserRow, id: string): Promise<Thread>;
export async function readThread(
  ctx: AppContext,
  user: UserRow,
  id: string,
  knownVersion: string | undefined,
): Promise<Thread | "unchanged">;
export async function readThread(ctx: AppContext, user: UserRow, id: string, knownVersion?: string): Promise<Thread | "unchanged"> {
  const conversation = await findConversation(ctx, user, id, "read:conversation:own");
  if (knownVersion !== undefined && knownVersion === conversation.latestMessageId) return "unchanged";
  const rows = await ctx.db
    .select({ _id: messages.id, senderId: messages.senderId, text: messages.text, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(desc(messages.createdAt), desc(sql`${messages}.rowid`))
    .limit(THREAD_LIMIT);
  const newest = rows[0]?.createdAt;
  if (newest) {
    // Read up to the newest message shown (not "now"), so one that arrives meanwhile stays unread.
    const readUpTo = (mark: SQLiteColumn) => sql`max(coalesce(${mark}, ''), ${newest})`;
    // The `message` notifications of the messages shown are read with them, so the navbar's bell counts only news.
    await ctx.db.batch([
      ctx.db
        .update(conversations)
        .set(
          conversation.buyerId === user.id
            ? { buyerReadAt: readUpTo(conversations.buyerReadAt) }
            : { sellerReadAt: readUpTo(conversations.sellerReadAt) },
        )
        .where(eq(conversations.id, id)),
      ctx.db
        .update(notifications)
        .set({ readAt: ctx.now().toISOString() })
        .where(
          and(
            eq(notifications.userId, user.id),
            isNull(notifications.readAt),
            inArray(
              notifications.sourceKey,
              rows.filter((row) => row.senderId !== user.id).map((row) => messageSourceKey(row._id)),
            ),
          ),
        ),
    ]);
  }
  return {
    _id: conversation.id,
    product: conversation.product?._id ? conversation.product : null,
    withName: conversation.withName,
    version: conversation.latestMessageId,
    closed: conversation.closedAt !== null,
    messages: rows.reverse().map((row) => ({ _id: row._id, mine: row.senderId === user.id, text: row.text, createdAt: row.createdAt })),
  };
}

/** A participant writes in a conversation (30 messages a minute per user); anyone else → 404. The other side is notified. */
export async function sendMessage(ctx: AppContext, user: UserRow, conversationId: string, text: string): Promise<string> {
  await publish(ctx, [{ type: "private_data_changed" }]);
  const conversation = await findConversation(ctx, user, conversationId, "write:conversation:own");
  await countMessage(ctx, user);
  const now = ctx.now().toISOString();
  const recipientIsBuyer = conversation.sellerId === user.id;
  const recipientId = recipientIsBuyer ? conversation.buyerId : conversation.sellerId;
  if (!recipientId) throw new Conflict(OTHER_SIDE_CLOSED);
  const message: NewMessage = {
    id: crypto.randomUUID(),
    conversationId,
    sender: user,
    recipientId,
    productName: conversation.product?.productName ?? null,
    emailed: await claimEmail(ctx, conversationId, recipientIsBuyer ? "buyer" : "seller", now),
  };
  const notices = await messageNotices(ctx, message);
  // Each write holds only while the conversation is open: an admin closing it at the same moment wins.
  const open = sql`exists (select 1 from ${conversations} where ${conversations.id} = ${conversationId} and ${conversations.closedAt} is null)`;
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(conversations)
      .set({ lastMessageAt: now })
      .where(and(eq(conversations.id, conversationId), isNull(conversations.closedAt)))
      .returning({ id: conversations.id }),
    ctx.db.run(sql`
      insert into ${messages} (id, conversation_id, sender_id, text, created_at)
      select ${message.id}, ${conversationId}, ${user.id}, ${text}, ${now} where ${open}`),
    ...notices.statements.map((statement) => ctx.db.run(statement)),
  ]);
  if (updated.length === 0) throw new Conflict(CLOSED);
  await notices.afterCommit();
  return message.id;
}

/** A participant reports a conversation to the admins, once; anyone else → 404. */
export async function reportConversation(ctx: AppContext, user: UserRow, conversationId: string, reason = ""): Promise<string> {
  enforce("write:conversation:own", user);
  const id = crypto.randomUUID();
  let inserted: number;
  try {
    const result = await ctx.db.run(sql`
      insert into ${conversationReports} (id, conversation_id, reporter_id, reason, created_at)
      select ${id}, ${conversations.id}, ${user.id}, ${reason}, ${ctx.now().toISOString()}
      from ${conversations}
      where ${conversations.id} = ${conversationId} and (${conversations.buyerId} = ${user.id} or ${conversations.sellerId} = ${user.id})`);
    inserted = result.rowsAffected;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("You have already reported this conversation. Our admins will look at it.");
    throw error;
  }
  if (inserted === 0) enforce("write:conversation:own", user, false, CONVERSATION_NOT_FOUND);
  return id;
}

/** How many of a reported conversation's newest messages the admins see with the report. */
export const REPORTED_MESSAGES_SHOWN = 20;

/** One page of conversation reports for the admins, newest first, each with its latest messages: two round trips. */
/**
 * An admin's answer to a reported conversation: `dismiss` removes its reports and leaves it as it
 * is; `close` also ends it, so neither side can write in it again (both still read it). 404 when
 * no report of it is open. Recorded in the audit trail.
 */
export async function moderateConversation(ctx: AppContext, admin: UserRow, conversationId: string, outcome: "dismiss" | "close") {
  enforce("moderate:reports", admin);
  const [reported] = await ctx.db
    .select({ productName: cars.name })
    .from(conversationReports)
    .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
    .leftJoin(cars, eq(cars.id, conversations.productId))
    .where(eq(conversationReports.conversationId, conversationId))
    .limit(1);
  if (!reported) throw new NotFound("No open report of this conversation");
  const about = `The conversation about ${reported.productName ?? "a car no longer listed"}`;
  await ctx.db.batch([
    ctx.db.delete(conversationReports).where(eq(conversationReports.conversationId, conversationId)),
    ...(outcome === "close"
      ? [ctx.db.update(conversations).set({ closedAt: ctx.now().toISOString() }).where(eq(conversations.id, conversationId))]
      : []),
    ...(await batchItemsOf(ctx, [
      {
        type: "admin_acted",
        actor: admin,
        action: outcome === "close" ? "close-conversation" : "dismiss-conversation-reports",
        target: conversationId,
        details: about,
      },
    ])),
  ]);
}

export async function listReportedConversations(
  ctx: AppContext,
  admin: UserRow,
  page: number,
  limit: number,
): Promise<PagedList<ReportedConversation>> {
  enforce("moderate:reports", admin);
  const buyer = sql<string>`coalesce((select name from ${users} where id = ${conversations.buyerId}), ${DELETED_USER})`;
  const seller = sql<string>`coalesce((select name from ${users} where id = ${conversations.sellerId}), ${DELETED_USER})`;
  const [reports, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        _id: conversationReports.id,
        conversationId: conversationReports.conversationId,
        productName: cars.name,
        buyerName: buyer,
        sellerName: seller,
        reporterName: users.name,
        reason: conversationReports.reason,
        createdAt: conversationReports.createdAt,
      })
      .from(conversationReports)
      .innerJoin(conversations, eq(conversations.id, conversationReports.conversationId))
      .innerJoin(users, eq(users.id, conversationReports.reporterId))
      .leftJoin(cars, eq(cars.id, conversations.productId))
      .orderBy(desc(conversationReports.createdAt), desc(conversationReports.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(conversationReports),
  ]);
  const conversationIds = [...new Set(reports.map((report) => report.conversationId))];
  const shown =
    conversationIds.length === 0
      ? []
      : await ctx.db.all<{ id: string; conversationId: string; senderName: string; text: string; createdAt: string }>(sql`
          select id, conversationId, senderName, text, createdAt from (
            select m.id as id, m.conversation_id as conversationId, coalesce(u.name, ${DELETED_USER}) as senderName, m.text as text, m.created_at as createdAt,
              row_number() over (partition by m.conversation_id order by m.created_at desc, m.rowid desc) as newest
            from ${messages} m left join ${users} u on u.id = m.sender_id
            where ${inArray(sql`m.conversation_id`, conversationIds)}
          ) where newest <= ${REPORTED_MESSAGES_SHOWN}
          order by createdAt, id`);
  return {
    data: reports.map((report) => ({
      ...report,
      messages: shown
        .filter((message) => message.conversationId === report.conversationId)
        .map(({ id, senderName, text, createdAt }) => ({ _id: id, senderName, text, createdAt })),
    })),
    total,
    currentPage: page,
    totalPages: totalPages(total, limit),
  };
}
