import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { bookings, payments } from "../../db/schema";

// A card payment takes minutes at most; after this a started payment no longer holds anything back
// (the car may be deleted, the booking cancelled: a payment that still succeeds later is refunded
// automatically). Deals and the catalog both read it: a car being paid for keeps its price and stays listed.
const PAYMENT_UNDER_WAY_SECONDS = 30 * 60;

/**
 * SQL condition on a bookings row: unpaid, its buyer started paying within the window, and that
 * payment is not on record yet (one recorded and given back is over). Never NULL (a booking that
 * never started paying is simply false), so it can be negated.
 */
export function bookingPaymentUnderWay(ctx: AppContext) {
  const since = new Date(ctx.now().getTime() - PAYMENT_UNDER_WAY_SECONDS * 1000).toISOString();
  return and(
    eq(bookings.paid, false),
    isNotNull(bookings.paymentStartedAt),
    gt(bookings.paymentStartedAt, since),
    sql`not exists (select 1 from ${payments} where ${payments.transactionId} = ${bookings.paymentIntentId})`,
  )!;
}

/** SQL condition: no booking of this car has started paying recently (the car may be deleted). */
export function noPaymentUnderWay(ctx: AppContext, carId: string) {
  return sql`not exists (select 1 from ${bookings} where ${and(eq(bookings.productId, carId), bookingPaymentUnderWay(ctx))})`;
}
