import { desc, eq, sql } from "drizzle-orm";
import { type Receipt } from "~/lib/deals/deal";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, payments, cars } from "../../db/schema";
import { NotFound } from "../../errors";
import { type UserRow } from "../users/users";
import { dealPaymentColumns, dealPaymentOf } from "./payment-states";
import { DELETED_USER } from "~/lib/accounts/roles";

const NO_RECEIPT = "Receipt not found";

/**
 * A paid booking's receipt: what was paid (the payment's own amount in cents, from the database),
 * to whom, the transaction, when, and where the deal's money stands. For its buyer and admins; for
 * anyone else, and for a booking never paid, it does not exist (404).
 */
export async function findReceipt(ctx: AppContext, user: UserRow, bookingId: string): Promise<Receipt> {
  enforce("read:receipt:own-or-admin", user);
  // The booking's latest payment (a payment lost to another buyer was refunded, and stays on the record).
  const [row] = await ctx.db
    .select({
      buyerId: bookings.buyerId,
      buyerName: bookings.buyerName,
      meetingLocation: bookings.meetingLocation,
      productId: bookings.productId,
      productName: sql<string>`coalesce(${cars.name}, ${payments.productName})`,
      image: sql<string>`coalesce(${cars.image}, '')`,
      sellerId: cars.sellerId,
      sellerName: sql<string>`coalesce(${cars.sellerName}, ${DELETED_USER})`,
      transactionId: payments.transactionId,
      ...dealPaymentColumns,
    })
    .from(bookings)
    .leftJoin(cars, eq(cars.id, bookings.productId))
    .innerJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  enforce("read:receipt:own-or-admin", user, row?.buyerId === user.id, NO_RECEIPT);
  if (!row) throw new NotFound(NO_RECEIPT);
  return {
    bookingId,
    productId: row.productId,
    productName: row.productName,
    image: row.image,
    sellerId: row.sellerId,
    sellerName: row.sellerName,
    buyerName: row.buyerName,
    meetingLocation: row.meetingLocation,
    transactionId: row.transactionId,
    amount: row.paymentAmount,
    paidAt: row.paymentCreatedAt,
    payment: dealPaymentOf(row),
  };
}
