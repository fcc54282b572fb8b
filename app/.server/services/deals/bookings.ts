import { and, count, desc, eq, getTableColumns, not, sql } from "drizzle-orm";
import { totalPages } from "~/lib/shared/list-query";
import { type BookingInput } from "~/lib/schemas/deals";
import { type Booking, type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { effectsOf, publish } from "../events";
import { isUniqueViolation } from "../../db/errors";
import { preparedStatement, type RowsOf, runPrepared } from "../../db/prepared";
import { bookings, conversations, offers, payments, cars, users } from "../../db/schema";
import { Conflict, Forbidden, NotFound } from "../../errors";
import { dealPaymentColumns, dealPaymentJoin, dealPaymentOf } from "./payment-states";
import { bookingPaymentUnderWay } from "../catalog/payment-window";
import { findUserByEmail, recipientColumns, type UserRow } from "../users/users";
import { DELETED_USER } from "~/lib/accounts/roles";

// The car's name, photo and price are read from the car itself, never copied from the client. A
// booking with payment history outlives its car: then its payment keeps the car's name.
const bookingColumns = {
  ...getTableColumns(bookings),
  productName: sql<string>`coalesce(${cars.name}, ${payments.productName}, '')`,
  image: sql<string>`coalesce(${cars.image}, '')`,
  resalePrice: sql<number>`coalesce(${cars.resalePrice}, ${payments.amount} / 100, 0)`.mapWith(Number),
  carSold: sql<boolean>`coalesce(${cars.isPaid}, 0)`.mapWith((value) => Number(value) === 1),
  sellerId: cars.sellerId,
  sellerName: sql<string>`coalesce(${cars.sellerName}, ${DELETED_USER})`,
  mobile: sql<string>`coalesce(${cars.mobile}, '')`,
};
type BookingRow = typeof bookings.$inferSelect & {
  productName: string;
  image: string;
  resalePrice: number;
  carSold: boolean;
  sellerId: string | null;
  sellerName: string;
  mobile: string;
  paymentUnderWay: boolean;
  conversationId: string | null;
  agreementHolds: boolean;
  agreementLapsed: boolean;
  paidAfterSale: boolean;
} & Parameters<typeof dealPaymentOf>[0];

export function toBooking(row: BookingRow): Booking {
  return {
    _id: row.id,
    productName: row.productName,
    name: row.buyerName,
    email: row.buyerEmail,
    phone: row.phone,
    meetingLocation: row.meetingLocation,
    image: row.image,
    resalePrice: row.resalePrice,
    product_id: row.productId,
    paid: row.paid,
    transactionId: row.transactionId,
    createdAt: row.createdAt,
    payment: dealPaymentOf(row),
    // A lapsed agreement is no longer a price: the asking price applies again.
    agreedPrice: row.agreementHolds ? row.agreedPrice : null,
    agreedUntil: row.agreementHolds ? row.agreedUntil : null,
  };
}

/**
 * An order as the buyer's page shows it: the booking plus whether someone else bought the car,
 * whether the buyer is paying for it right now (it cannot be cancelled then), and who sells it with
 * the buyer's conversation about it, if any (the next step: talk to the seller).
 */
export type Order = Booking & {
  soldToSomeoneElse: boolean;
  /** The buyer paid after another buyer had: the car went to them, and this payment is given back. */
  lostToAnotherBuyer: boolean;
  /** The seller accepted an offer, and its 24 hours passed unpaid: the asking price applies again. */
  agreementLapsed: boolean;
  paymentUnderWay: boolean;
  seller: { id: string | null; name: string; phone: string };
  conversationId: string | null;
};

function toOrder(row: BookingRow): Order {
  return {
    ...toBooking(row),
    soldToSomeoneElse: row.carSold && !row.paid,
    lostToAnotherBuyer: row.paidAfterSale && !row.paid,
    agreementLapsed: row.agreementLapsed && !row.agreementHolds && !row.paid,
    paymentUnderWay: row.paymentUnderWay,
    seller: { id: row.sellerId, name: row.sellerName, phone: row.mobile },
    conversationId: row.conversationId,
  };
}

// The buyer's conversation with the seller about the booked car (one at most, by its unique key).
const conversationId = sql<string | null>`(select ${conversations.id} from ${conversations}
  where ${conversations.buyerId} = ${bookings.buyerId} and ${conversations.productId} = ${bookings.productId})`;

/** Whether a booking's agreed price (an accepted offer) still holds, as a column. */
export const agreementHolds = (ctx: AppContext) =>
  sql<boolean>`coalesce(${bookings.agreedPrice} is not null and ${bookings.agreedUntil} > ${ctx.now().toISOString()}, 0)`.mapWith(
    (value) => Number(value) === 1,
  );

const agreementLapsed =
  sql<boolean>`exists (select 1 from ${offers} where ${offers.bookingId} = ${bookings.id} and ${offers.status} = 'accepted')`.mapWith(
    (value) => Number(value) === 1,
  );

function selectBookings(ctx: AppContext) {
  const paymentUnderWay = sql<boolean>`${bookingPaymentUnderWay(ctx)}`.mapWith((value) => Number(value) === 1);
  const paidOut = sql<boolean>`${payments.transferId} is not null`.mapWith((value) => Number(value) === 1);
  const paidAfterSale = sql<boolean>`coalesce(${payments.refundReason} = 'sold-to-someone-else', 0)`.mapWith(
    (value) => Number(value) === 1,
  );
  return ctx.db
    .select({
      ...bookingColumns,
      ...dealPaymentColumns,
      paymentUnderWay,
      conversationId,
      paidOut,
      paidAfterSale,
      agreementHolds: agreementHolds(ctx),
      agreementLapsed,
    })
    .from(bookings)
    .leftJoin(cars, eq(cars.id, bookings.productId))
    .leftJoin(payments, dealPaymentJoin);
}

/** The car's seller, as a booking's notice takes them, and the car: one read before booking. */
function sellerOfCar(ctx: AppContext, carId: string) {
  return ctx.db
    .select({ ...recipientColumns("booking"), productName: cars.name, sellerId: cars.sellerId, isPaid: cars.isPaid })
    .from(cars)
    .leftJoin(users, eq(users.id, cars.sellerId))
    .where(eq(cars.id, carId))
    .limit(1);
}

/**
 * Books a car for a buyer. Only buyers book, once per car, never a sold car or their own; several
 * buyers may book the same car and the first to pay wins it. The insert itself re-checks that the
 * car is unsold, so a car sold a moment ago cannot be booked.
 */
export async function createBooking(ctx: AppContext, buyer: UserRow, input: BookingInput): Promise<string> {
  enforce("book:car", buyer);
  const id = crypto.randomUUID();
  // The car and its seller first: the reason for a refusal, and who to notify.
  const [car] = await sellerOfCar(ctx, input.product_id);
  if (!car) throw new NotFound("Product not found");
  if (car.sellerId === buyer.id) throw new Forbidden("You cannot book your own car");
  if (car.isPaid) throw new Conflict(ALREADY_SOLD);
  const sellerHears = await effectsOf(
    ctx,
    car.userId && car.email
      ? [
          {
            type: "car_booked",
            booking: { id, buyerName: buyer.name, carName: car.productName },
            seller: { userId: car.userId, email: car.email, emailOptedOut: car.emailOptedOut },
          },
        ]
      : [],
  );
  let inserted: number;
  try {
    // The insert itself checks again that the car exists, is unsold and is not theirs; the seller's
    // notification is written only with the booking.
    const [result] = await ctx.db.batch([
      ctx.db.run(sql`
        insert into ${bookings} (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, created_at)
        select ${id}, ${cars.id}, ${buyer.id}, ${buyer.name}, ${buyer.email}, ${input.phone}, ${input.meetingLocation}, ${ctx.now().toISOString()}
        from ${cars}
        where ${cars.id} = ${input.product_id} and ${cars.isPaid} = 0 and ${cars.sellerId} is not ${buyer.id}`),
      ...sellerHears.statements.map((statement) => ctx.db.run(statement)),
    ]);
    inserted = result.rowsAffected;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("You have already booked this car");
    throw error;
  }
  // Sold (or gone) since it was read a moment ago.
  if (inserted === 0) throw new Conflict(ALREADY_SOLD);
  // A car's page says how many buyers have booked it.
  await publish(ctx, [{ type: "car_bookings_changed", carId: input.product_id }]);
  await sellerHears.afterCommit();
  return id;
}

const ALREADY_SOLD = "This car is already sold";

const ORDERS_LIMIT = 200;

/** The signed-in buyer's own orders, newest first (My Orders). */
export async function listBuyerOrders(ctx: AppContext, buyer: UserRow): Promise<Order[]> {
  enforce("read:my-orders", buyer);
  return ordersOf(ctx, buyer.id);
}

async function ordersOf(ctx: AppContext, buyerId: string): Promise<Order[]> {
  const rows = await selectBookings(ctx).where(eq(bookings.buyerId, buyerId)).orderBy(desc(bookings.createdAt)).limit(ORDERS_LIMIT);
  return rows.map(toOrder);
}

/**
 * The orders of the buyer with this email, for that buyer or an admin; for anyone else the list
 * does not exist (404), so nobody learns which emails have orders.
 */
export async function listOrdersFor(ctx: AppContext, caller: UserRow, email: string): Promise<Order[]> {
  const own = caller.email === email;
  enforce("read:orders:self-or-admin", caller, own, "No orders found for this email");
  const buyerId = own ? caller.id : (await findUserByEmail(ctx, email))?.id;
  if (!buyerId) throw new NotFound("No orders found for this email");
  return ordersOf(ctx, buyerId);
}

/**
 * A booking of a seller's car as their Bookings and Sales pages show it: with the buyer's name, and
 * their conversation about the car if there is one (the API leaves out the page-only fields).
 */
export type ReceivedBooking = Booking & {
  buyerName: string;
  paymentUnderWay: boolean;
  conversationId: string | null;
  /** Released money sent to the seller's payout account; released and not sent is due (the Payouts page's words). */
  paidOut: boolean;
};

/**
 * The bookings made for a seller's cars, newest first, paged: who booked (their phone and meeting
 * place), and each booking's money once paid. `paidOnly`: the sales (paid under the deal) alone.
 */
export async function listReceivedBookings(
  ctx: AppContext,
  seller: UserRow,
  page: number,
  limit: number,
  { paidOnly = false }: { paidOnly?: boolean } = {},
): Promise<PagedList<ReceivedBooking>> {
  enforce("read:bookings-received", seller);
  const theirs = and(eq(cars.sellerId, seller.id), paidOnly ? sql`${payments.status} is not null` : undefined);
  const [rows, [{ total }]] = await ctx.db.batch([
    selectBookings(ctx)
      .where(theirs)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db
      .select({ total: count() })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.productId))
      .leftJoin(payments, dealPaymentJoin)
      .where(theirs),
  ]);
  return {
    data: rows.map((row) => ({
      ...toBooking(row),
      buyerName: row.buyerName,
      paymentUnderWay: row.paymentUnderWay,
      conversationId: row.conversationId,
      paidOut: row.paidOut,
    })),
    total,
    currentPage: page,
    totalPages: totalPages(total, limit),
  };
}

/** The viewer's own paid booking of a car under the deal, if any (the car's page shows what comes next). */
export async function findOwnDeal(ctx: AppContext, buyerId: string, carId: string) {
  return ownDealOf(await runPrepared(ctx, ownDealQuery(ctx, buyerId, carId)));
}

const ownDeal = preparedStatement(["buyerId", "carId"], (ctx, { buyerId, carId }) =>
  selectBookings(ctx)
    .where(and(eq(bookings.buyerId, buyerId), eq(bookings.productId, carId), eq(bookings.refunded, false)))
    .limit(1),
);

/** findOwnDeal's read, to send in a batch with others; ownDealOf reads its rows. */
export const ownDealQuery = (ctx: AppContext, buyerId: string, carId: string) => ownDeal(ctx, { buyerId, carId });

export function ownDealOf([row]: RowsOf<ReturnType<typeof ownDealQuery>>) {
  const payment = row && dealPaymentOf(row);
  return payment ? { bookingId: row.id, payment } : null;
}

const openBookings = preparedStatement(["carId"], (ctx, { carId }) =>
  ctx.db
    .select({ count: count() })
    .from(bookings)
    .where(and(eq(bookings.productId, carId), eq(bookings.refunded, false), eq(bookings.lost, false))),
);

/** countOpenBookings' read, to send in a batch with others (the car's page); openBookingsOf reads its rows. */
export const openBookingsQuery = (ctx: AppContext, carId: string) => openBookings(ctx, { carId });
export const openBookingsOf = ([row]: RowsOf<ReturnType<typeof openBookingsQuery>>) => row?.count ?? 0;

/** How many buyers have booked a car and may still buy it (the booking page tells the next one). */
export async function countOpenBookings(ctx: AppContext, carId: string): Promise<number> {
  return openBookingsOf(await runPrepared(ctx, openBookingsQuery(ctx, carId)));
}

// The one rule of whose a booking is: the account that made it, by id (the email on the booking is
// a snapshot kept for the records).
const isBuyerOf = (row: BookingRow, user: UserRow) => row.buyerId === user.id;

async function readBooking(ctx: AppContext, id: string): Promise<BookingRow | undefined> {
  const [row] = await selectBookings(ctx).where(eq(bookings.id, id)).limit(1);
  return row;
}

/** A booking for its own buyer only (paying is theirs alone); for anyone else it does not exist (404). */
export async function findOwnBooking(ctx: AppContext, buyer: UserRow, id: string): Promise<Order> {
  const row = await readBooking(ctx, id);
  if (!row) throw new NotFound("Booking not found");
  enforce("pay:booking:own", buyer, isBuyerOf(row, buyer), "Booking not found");
  return toOrder(row);
}

/** A booking for its buyer or an admin, and whether the caller is its buyer (who alone pays); for anyone else it does not exist (404). */
export async function findBookingToView(ctx: AppContext, user: UserRow, id: string): Promise<{ order: Order; own: boolean }> {
  const row = await readBooking(ctx, id);
  const own = !!row && isBuyerOf(row, user);
  if (!row) throw new NotFound("Booking not found");
  enforce("read:booking:own-or-admin", user, own, "Booking not found");
  return { order: toOrder(row), own };
}

/** A booking for its buyer or an admin; for anyone else it does not exist (404). */
export async function findBookingFor(ctx: AppContext, user: UserRow, id: string): Promise<Order> {
  return (await findBookingToView(ctx, user, id)).order;
}

const PAID_CANNOT_CANCEL = "This booking is paid and cannot be cancelled";

// A booking whose payment was given back (lost to another buyer, refunded) keeps its receipt.
const noPaymentOnRecord = sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`;

/**
 * Cancels a buyer's own unpaid booking (the car may be booked again). One conditional delete
 * decides it, so it cannot race a payment: the booking goes only if it is the caller's, unpaid, and
 * not being paid for right now. Anyone else's booking does not exist for them (404, admins too).
 */
export async function cancelBooking(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  enforce("cancel:booking:own", user);
  const deleted = await ctx.db
    .delete(bookings)
    .where(
      and(
        eq(bookings.id, id),
        eq(bookings.buyerId, user.id),
        eq(bookings.paid, false),
        not(bookingPaymentUnderWay(ctx)),
        noPaymentOnRecord,
      ),
    )
    .returning({ productId: bookings.productId });
  if (deleted.length === 1) {
    await publish(ctx, [{ type: "car_bookings_changed", carId: deleted[0].productId }]);
    return;
  }
  // Refused by the conditions: say which one held (not theirs or gone, paid, or a payment under way).
  const row = await readBooking(ctx, id);
  enforce("cancel:booking:own", user, !!row && isBuyerOf(row, user), "Booking not found");
  if (!row) throw new NotFound("Booking not found");
  if (row.paid) throw new Conflict(PAID_CANNOT_CANCEL);
  if (row.paymentStatus) throw new Conflict("This booking has a payment on record: it stays with its receipt");
  // Otherwise a payment was under way when the delete ran (its window may have ended just since).
  throw new Conflict("A payment for this booking is under way. Try again in half an hour.");
}
