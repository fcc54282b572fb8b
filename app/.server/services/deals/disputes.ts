import { and, count, desc, eq, sql } from "drizzle-orm";
import { type Dispute } from "~/lib/deals/deal";
import { totalPages } from "~/lib/shared/list-query";
import { type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, conversations, disputes, messages, payments, cars } from "../../db/schema";
import { paymentNames } from "./ledger";
import { type UserRow } from "../users/users";

// The disputes as admins read them: a page of open or resolved ones, and each case with its parties
// and their conversation.

/** GET /api/admin/disputes: open (oldest first would hide new ones: newest first) or resolved disputes. */
export async function listDisputes(
  ctx: AppContext,
  admin: UserRow,
  status: "open" | "resolved",
  page: number,
  limit: number,
): Promise<PagedList<Dispute>> {
  enforce("resolve:disputes", admin);
  const which = status === "open" ? sql`${disputes.resolution} is null` : sql`${disputes.resolution} is not null`;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        dispute: disputes,
        amount: payments.amount,
        ...paymentNames,
        buyerName: bookings.buyerName,
      })
      .from(disputes)
      .innerJoin(payments, eq(payments.id, disputes.paymentId))
      .leftJoin(cars, eq(cars.id, payments.productId))
      .leftJoin(bookings, eq(bookings.id, disputes.bookingId))
      .where(which)
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(disputes).where(which),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.dispute.id,
      bookingId: row.dispute.bookingId,
      productName: row.productName,
      buyerName: row.buyerName ?? "",
      sellerName: row.sellerName,
      amount: row.amount,
      reason: row.dispute.reason,
      note: row.dispute.note,
      createdAt: row.dispute.createdAt,
      resolution: row.dispute.resolution,
    })),
    total,
    currentPage: page,
    totalPages: totalPages(total, limit),
  };
}

/** What an admin needs to decide a dispute: the booking, both parties, and their conversation about the car. */
export interface DisputeCase extends Dispute {
  buyerEmail: string;
  buyerPhone: string;
  meetingLocation: string;
  sellerEmail: string;
  productId: string;
  messages: { from: "buyer" | "seller"; text: string; createdAt: string }[];
}

const CASE_MESSAGES = 50;

/** The Disputes page: a page of disputes, each with its parties and their latest messages (oldest first). */
export async function listDisputeCases(
  ctx: AppContext,
  admin: UserRow,
  status: "open" | "resolved",
  page: number,
  limit: number,
): Promise<PagedList<DisputeCase>> {
  const list = await listDisputes(ctx, admin, status, page, limit);
  const data = await Promise.all(
    list.data.map(async (dispute): Promise<DisputeCase> => {
      const [parties] = await ctx.db
        .select({
          buyerId: bookings.buyerId,
          buyerEmail: bookings.buyerEmail,
          buyerPhone: bookings.phone,
          meetingLocation: bookings.meetingLocation,
          productId: bookings.productId,
          sellerEmail: cars.sellerEmail,
        })
        .from(bookings)
        .leftJoin(cars, eq(cars.id, bookings.productId))
        .where(eq(bookings.id, dispute.bookingId))
        .limit(1);
      const thread = parties?.buyerId
        ? await ctx.db
            .select({ senderId: messages.senderId, text: messages.text, createdAt: messages.createdAt })
            .from(messages)
            .innerJoin(conversations, eq(conversations.id, messages.conversationId))
            .where(and(eq(conversations.buyerId, parties.buyerId), eq(conversations.productId, parties.productId)))
            .orderBy(desc(messages.createdAt))
            .limit(CASE_MESSAGES)
        : [];
      return {
        ...dispute,
        buyerEmail: parties?.buyerEmail ?? "",
        buyerPhone: parties?.buyerPhone ?? "",
        meetingLocation: parties?.meetingLocation ?? "",
        sellerEmail: parties?.sellerEmail ?? "",
        productId: parties?.productId ?? "",
        messages: thread.reverse().map((message) => ({
          from: message.senderId === parties?.buyerId ? "buyer" : "seller",
          text: message.text,
          createdAt: message.createdAt,
        })),
      };
    }),
  );
  return { ...list, data };
}
