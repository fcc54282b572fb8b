import { aliasedTable, and, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { totalPages } from "~/lib/shared/list-query";
import { lowestOffer, OFFERS_PER_CAR, type OfferInput, type OfferListQuery, type OfferStep } from "~/lib/schemas/deals";
import { type OfferItem, type PagedList } from "~/lib/schemas/types";
import { formatPrice } from "~/lib/shared/format";
import { enforce } from "../../auth/enforce";
import { countEvent, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { bookings, offers, type OfferStatus, payments, cars, standingPayment, users } from "../../db/schema";
import { Conflict, Forbidden, Invalid, NotFound, TooManyRequests } from "../../errors";
import { effectsOf, type Effects, type OfferRef } from "../events";
import { type UserRow } from "../users/users";
import { noPaymentUnderWay } from "../catalog/payment-window";
import { AGREEMENT_HOURS, LIVE_OFFER, OFFER_ANSWER_HOURS } from "./offers-lifecycle";

// Offers: a buyer offers less than a car's price, its seller accepts, counters or declines, and the
// buyer answers a counter. Every step is one conditional update of the offer in one batch with what
// it causes (notifications, the booking's agreed price), so of any steps meeting on one offer one wins.

const HOUR = 3600 * 1000;
const later = (ctx: AppContext, hours: number) => new Date(ctx.now().getTime() + hours * HOUR).toISOString();

const buyer = aliasedTable(users, "offer_buyer");
const offerColumns = {
  id: offers.id,
  productId: offers.productId,
  productName: cars.name,
  price: cars.resalePrice,
  buyerId: offers.buyerId,
  sellerId: offers.sellerId,
  buyerName: buyer.name,
  sellerName: cars.sellerName,
  amount: offers.amount,
  counterAmount: offers.counterAmount,
  status: offers.status,
  message: offers.message,
  createdAt: offers.createdAt,
  expiresAt: offers.expiresAt,
  respondedAt: offers.respondedAt,
  bookingId: offers.bookingId,
};
type OfferRow = Awaited<ReturnType<ReturnType<typeof selectOffers>["limit"]>>[number];

function toOffer(row: OfferRow, user: UserRow): OfferItem {
  return {
    _id: row.id,
    productId: row.productId,
    productName: row.productName,
    buyerName: row.buyerName,
    sellerName: row.sellerName,
    amount: row.amount,
    counterAmount: row.counterAmount,
    status: row.status,
    message: row.message,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    respondedAt: row.respondedAt,
    bookingId: row.bookingId,
    price: row.price,
    mine: row.buyerId === user.id ? "buyer" : row.sellerId === user.id ? "seller" : null,
  };
}

const selectOffers = (ctx: AppContext) =>
  ctx.db.select(offerColumns).from(offers).innerJoin(cars, eq(cars.id, offers.productId)).innerJoin(buyer, eq(buyer.id, offers.buyerId));

/** POST /api/products/:id/offers: a buyer offers an amount for a car. */
export async function makeOffer(ctx: AppContext, user: UserRow, carId: string, input: OfferInput): Promise<string> {
  enforce("make:offer", user);
  const [[car], [{ made, live }], [paying]] = await ctx.db.batch([
    ctx.db
      .select({ name: cars.name, price: cars.resalePrice, sellerId: cars.sellerId, isPaid: cars.isPaid })
      .from(cars)
      .where(eq(cars.id, carId))
      .limit(1),
    ctx.db
      .select({ made: count(), live: sql<number>`coalesce(sum(${offers.status} in ('open', 'countered')), 0)`.mapWith(Number) })
      .from(offers)
      .where(and(eq(offers.buyerId, user.id), eq(offers.productId, carId))),
    ctx.db
      .select({ yes: sql<number>`1` })
      .from(cars)
      .where(and(eq(cars.id, carId), sql`not ${noPaymentUnderWay(ctx, carId)}`)),
  ]);
  if (!car) throw new NotFound("Product not found");
  if (car.sellerId === user.id) throw new Forbidden("You cannot make an offer on your own car");
  if (car.isPaid) throw new Conflict("This car has been sold");
  if (paying) throw new Conflict("A buyer is paying for this car right now. Please try again later.");
  if (live > 0) throw new Conflict("You already have an offer on this car waiting for an answer");
  if (made >= OFFERS_PER_CAR) throw new TooManyRequests(24 * 3600, `You have made ${OFFERS_PER_CAR} offers on this car, the most allowed`);
  const lowest = lowestOffer(car.price);
  if (input.amount < lowest || input.amount >= car.price) {
    const message = `Offer at least ${formatPrice(lowest)} and less than the price, ${formatPrice(car.price)}`;
    throw new Invalid(message, [{ path: "amount", message }]);
  }
  const limit = await countEvent(ctx, LIMITS.offersPerHour, user.id);
  if (!limit.allowed)
    throw new TooManyRequests(limit.retryAfter, "You have made many offers in the last hour. Please wait before making another.");

  const id = crypto.randomUUID();
  const now = ctx.now().toISOString();
  const sellerHears = await effectsOf(ctx, [
    {
      type: "offer_step",
      offer: { id, carName: car.name, buyerId: user.id, buyerName: user.name, sellerId: car.sellerId, amount: input.amount },
      step: "made",
      by: "buyer",
      price: input.amount,
      askingPrice: car.price,
      when: sql`exists (select 1 from ${offers} where ${offers.id} = ${id})`,
    },
  ]);
  let inserted: number;
  try {
    // The insert checks again: the car unsold with no payment under way or standing, under three offers.
    const [result] = await ctx.db.batch([
      ctx.db.run(sql`
        insert into ${offers} (id, product_id, buyer_id, seller_id, amount, status, message, expires_at, created_at)
        select ${id}, ${cars.id}, ${user.id}, ${cars.sellerId}, ${input.amount}, 'open', ${input.message ?? ""}, ${later(ctx, OFFER_ANSWER_HOURS)}, ${now}
        from ${cars}
        where ${cars.id} = ${carId} and ${cars.isPaid} = 0 and ${noPaymentUnderWay(ctx, carId)}
          and not exists (select 1 from ${payments} where ${payments.productId} = ${carId} and ${standingPayment})
          and (select count(*) from ${offers} where ${offers.buyerId} = ${user.id} and ${offers.productId} = ${carId}) < ${OFFERS_PER_CAR}`),
      ...sellerHears.statements.map((statement) => ctx.db.run(statement)),
    ]);
    inserted = result.rowsAffected;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("You already have an offer on this car waiting for an answer");
    throw error;
  }
  if (inserted === 0) throw new Conflict("This car cannot take offers right now: it is sold, or being paid for");
  await sellerHears.afterCommit();
  return id;
}

/** The offer as the people told of its steps know it. */
const offerRef = (row: {
  id: string;
  productName: string;
  buyerId: string;
  buyerName: string;
  sellerId: string | null;
  amount: number;
}): OfferRef => ({
  id: row.id,
  carName: row.productName,
  buyerId: row.buyerId,
  buyerName: row.buyerName,
  sellerId: row.sellerId,
  amount: row.amount,
});

/** GET /api/offers: the offers the caller made (`buyer`) or that were made on their cars (`seller`), newest first. */
export async function listOffers(ctx: AppContext, user: UserRow, query: OfferListQuery): Promise<PagedList<OfferItem>> {
  const role = query.role ?? (user.role === "seller" ? "seller" : "buyer");
  const where = and(
    role === "seller" ? eq(offers.sellerId, user.id) : eq(offers.buyerId, user.id),
    query.status ? eq(offers.status, query.status) : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectOffers(ctx)
      .where(where)
      .orderBy(desc(offers.createdAt), desc(offers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(offers).where(where),
  ]);
  return { data: rows.map((row) => toOffer(row, user)), total, currentPage: query.page, totalPages: totalPages(total, query.limit) };
}

type Side = "buyer" | "seller";

/**
 * The offer, for someone who may act on it: its buyer or seller (admins see it but answer nothing).
 * Anyone else gets 404; the wrong side for this step 403; an offer no longer at `from` 409.
 */
async function offerToAnswer(
  ctx: AppContext,
  user: UserRow,
  id: string,
  sideFor: Partial<Record<OfferStatus, Side>>,
  [verb, done]: [string, string],
) {
  enforce("answer:offer:own", user);
  const [row] = await selectOffers(ctx).where(eq(offers.id, id)).limit(1);
  const side: Side | null = row?.buyerId === user.id ? "buyer" : row?.sellerId === user.id ? "seller" : null;
  if (!row || (!side && user.role !== "admin")) throw new NotFound("Offer not found");
  const wanted = sideFor[row.status];
  if (!wanted) throw new Conflict(`This offer is ${row.status}: it can no longer be ${done}`);
  if (side !== wanted) throw new Forbidden(`Only the ${wanted} can ${verb} this offer now`);
  if (row.expiresAt <= ctx.now().toISOString()) throw new Conflict(`This offer expired: it can no longer be ${done}`);
  return row;
}

/** Runs one conditional update of an offer with what it causes; 409 when another step won. */
async function decide(ctx: AppContext, update: SQL, notices: Effects | null, more: SQL[] = []) {
  const statements = [...more, ...(notices?.statements ?? [])];
  const [result] = await ctx.db.batch([ctx.db.run(update), ...statements.map((statement) => ctx.db.run(statement))]);
  if (result.rowsAffected === 0) throw new Conflict("This offer changed a moment ago. Please look at it again.");
  await notices?.afterCommit();
}

const isNow = (id: string, status: OfferStatus, respondedAt: string) =>
  sql`exists (select 1 from ${offers} where ${offers.id} = ${id} and ${offers.status} = ${status} and ${offers.respondedAt} = ${respondedAt})`;

/** POST /api/offers/:id/counter: the seller names a price between the offer and the asking price. */
export async function counterOffer(ctx: AppContext, user: UserRow, id: string, amount: number): Promise<void> {
  const row = await offerToAnswer(ctx, user, id, { open: "seller" }, ["counter", "countered"]);
  if (amount <= row.amount || amount >= row.price) {
    const message = `Counter with more than the offer, ${formatPrice(row.amount)}, and less than the price, ${formatPrice(row.price)}`;
    throw new Invalid(message, [{ path: "amount", message }]);
  }
  const now = ctx.now().toISOString();
  const writes = await effectsOf(ctx, [
    { type: "offer_step", offer: offerRef(row), step: "countered", by: "seller", price: amount, when: isNow(id, "countered", now) },
  ]);
  await decide(
    ctx,
    sql`update ${offers} set status = 'countered', counter_amount = ${amount}, responded_at = ${now}, expires_at = ${later(ctx, OFFER_ANSWER_HOURS)}
      where ${offers.id} = ${id} and ${offers.status} = 'open' and ${offers.expiresAt} > ${now}`,
    writes,
  );
}

/**
 * POST /api/offers/:id/accept: the seller accepts an open offer, or the buyer a counter. The buyer's
 * booking of the car (made now if they have none) gets the agreed price for 24 hours. A car sold or
 * being paid for takes no agreement (the payment wins).
 */
export async function acceptOffer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const row = await offerToAnswer(ctx, user, id, { open: "seller", countered: "buyer" }, ["accept", "accepted"]);
  const price = row.status === "countered" ? row.counterAmount! : row.amount;
  const now = ctx.now().toISOString();
  const accepted = isNow(id, "accepted", now);
  const [person] = await ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.buyerId)).limit(1);
  if (!person) throw new NotFound("Offer not found");
  const writes = await effectsOf(ctx, [
    { type: "offer_step", offer: offerRef(row), step: "accepted", by: row.status === "open" ? "seller" : "buyer", price, when: accepted },
  ]);
  const ownBooking = and(eq(bookings.buyerId, row.buyerId), eq(bookings.productId, row.productId), eq(bookings.refunded, false));
  await decide(
    ctx,
    sql`update ${offers} set status = 'accepted', responded_at = ${now}
      where ${offers.id} = ${id} and ${offers.status} = ${row.status} and ${offers.expiresAt} > ${now}
        and exists (select 1 from ${cars} where ${cars.id} = ${row.productId} and ${cars.isPaid} = 0)
        and not exists (select 1 from ${payments} where ${payments.productId} = ${row.productId} and ${standingPayment})
        and ${noPaymentUnderWay(ctx, row.productId)}`,
    writes,
    [
      sql`insert into ${bookings} (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, created_at)
        select ${crypto.randomUUID()}, ${row.productId}, ${row.buyerId}, ${person.name}, ${person.email}, '', '', ${now}
        where ${accepted} on conflict do nothing`,
      sql`update ${bookings} set agreed_price = ${price}, agreed_until = ${later(ctx, AGREEMENT_HOURS)}
        where ${ownBooking} and ${bookings.paid} = 0 and ${accepted}`,
      sql`update ${offers} set booking_id = (select ${bookings.id} from ${bookings} where ${ownBooking})
        where ${offers.id} = ${id} and ${accepted}`,
    ],
  );
}

/** POST /api/offers/:id/decline: the seller declines an open offer, or the buyer a counter. */
export async function declineOffer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const row = await offerToAnswer(ctx, user, id, { open: "seller", countered: "buyer" }, ["decline", "declined"]);
  const now = ctx.now().toISOString();
  const declined = isNow(id, "declined", now);
  const writes = await effectsOf(ctx, [
    {
      type: "offer_step",
      offer: offerRef(row),
      step: "declined",
      by: row.status === "open" ? "seller" : "buyer",
      price: row.status === "open" ? row.amount : row.counterAmount!,
      when: declined,
    },
  ]);
  await decide(
    ctx,
    sql`update ${offers} set status = 'declined', responded_at = ${now}
      where ${offers.id} = ${id} and ${offers.status} = ${row.status} and ${offers.expiresAt} > ${now}`,
    writes,
  );
}

/** POST /api/offers/:id/withdraw: the buyer takes back an offer still waiting for an answer. */
export async function withdrawOffer(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await offerToAnswer(ctx, user, id, { open: "buyer", countered: "buyer" }, ["withdraw", "withdrawn"]);
  const now = ctx.now().toISOString();
  await decide(
    ctx,
    sql`update ${offers} set status = 'withdrawn', responded_at = ${now}
      where ${offers.id} = ${id} and ${inArray(offers.status, [...LIVE_OFFER])}`,
    null,
  );
}

/** One step on an offer from the Offers pages' forms: a counter needs its amount, an accept its confirmation. */
export async function takeOfferStep(ctx: AppContext, user: UserRow, step: OfferStep, id: string, amount?: number, confirmed = false) {
  if (step === "counter") {
    if (amount === undefined) throw new Invalid("Enter the amount of your counter-offer", [{ path: "amount", message: "Enter an amount" }]);
    return counterOffer(ctx, user, id, amount);
  }
  if (step === "accept") {
    if (!confirmed) throw new Invalid("Tick the box to confirm the price you accept");
    return acceptOffer(ctx, user, id);
  }
  return step === "decline" ? declineOffer(ctx, user, id) : withdrawOffer(ctx, user, id);
}
