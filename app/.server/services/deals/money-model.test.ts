import { eq, isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, it } from "vitest";
import { type FaultMode, type MoneySequence, startMoneyWorld } from "../../../../tests/support/money-world";
import { bookings, disputes, moneyProblems, offers, payments, cars } from "../../db/schema";
import { DomainError } from "../../errors";
import { PaymentProviderError } from "../../payments/provider";
import { type UserRow } from "../users/users";
import { deleteBuyer, deleteSeller } from "../admin/admin-users";
import { deleteCar } from "../catalog/cars";
import { confirmHandover, declineBooking, openDispute, refundBySeller, resolveDispute } from "./deal-actions";
import { acceptOffer, counterOffer, declineOffer, makeOffer, withdrawOffer } from "./offers";
import { createPaymentIntent, recordPayment } from "./payments";
import { reconcile } from "./reconciliation";
import { runScheduledDeals } from "./settle";

// The money model: random sequences of people, Stripe's events (late, twice, out of order) and
// provider faults (refused, failed, timed out, done with the answer lost) against the real services,
// database and Stripe code path (the fake Stripe API at the network edge), with the invariants over
// all money checked after every step. A quiet end (faults off, events delivered, claims expired,
// the scheduled run) must leave nothing owed and nothing for reconciliation to find.
// MONEY_RUNS=5000 npm run test:money for a deeper run (docs/features/the-deal.md).

const RUNS = Number(process.env.MONEY_RUNS ?? 50);
const SEED = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : undefined;

interface World {
  seq: MoneySequence;
  admin: UserRow;
  sellers: UserRow[];
  buyers: UserRow[];
  cars: { id: string; seller: number; price: number }[];
  bookings: { id: string; buyer: number; car: number }[];
  intents: { id: string; booking: number }[];
  /** Events Stripe has yet to deliver (delivery may repeat or skip the queue's order). */
  events: { id: string; type: string; object: unknown }[];
  /** People whose account an admin deleted: they are signed out and act no more. */
  gone: Set<string>;
}
type Model = { steps: number };

/**
 * Runs a person's action, unless their account is gone (signed out); a refusal the rules give (a
 * DomainError) is part of the model, anything else fails the run.
 */
async function person(action: () => Promise<unknown>, who?: { world: World; user: UserRow }) {
  if (who && who.world.gone.has(who.user.id)) return;
  try {
    await action();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

async function expectInvariants(world: World, step: string) {
  const broken = await world.seq.checkInvariants();
  if (broken) throw new Error(`after ${step}: ${broken}`);
  // Offers never change a car's public price.
  const prices = await world.seq.ctx.db.select({ id: cars.id, price: cars.resalePrice }).from(cars);
  const repriced = prices.find((car) => world.cars.some((known) => known.id === car.id && known.price !== car.price));
  if (repriced) throw new Error(`after ${step}: car ${repriced.id}'s price changed to ${repriced.price}`);
}

abstract class Step implements fc.AsyncCommand<Model, World> {
  check = () => true;
  abstract act(world: World): Promise<void>;
  abstract toString(): string;
  async run(model: Model, world: World) {
    model.steps++;
    await this.act(world);
    await expectInvariants(world, this.toString());
  }
}

const pick = <T>(list: T[], index: number) => (list.length === 0 ? undefined : list[index % list.length]);

class Book extends Step {
  constructor(
    readonly buyer: number,
    readonly car: number,
  ) {
    super();
  }
  async act(w: World) {
    const car = pick(w.cars, this.car)!;
    const buyer = w.buyers[this.buyer % w.buyers.length];
    await person(
      async () => {
        const id = await w.seq.rows.book(buyer, car.id);
        w.bookings.push({ id, buyer: this.buyer % w.buyers.length, car: this.car % w.cars.length });
      },
      { world: w, user: buyer },
    );
  }
  toString = () => `book(buyer ${this.buyer}, car ${this.car})`;
}

/** The buyer pays by card: an intent, confirmed at Stripe; its payment_intent.succeeded event is queued. */
class Pay extends Step {
  constructor(readonly booking: number) {
    super();
  }
  async act(w: World) {
    const booking = pick(w.bookings, this.booking);
    if (!booking) return;
    await person(async () => {
      if (w.gone.has(w.buyers[booking.buyer].id)) return;
      const [terms] = await w.seq.ctx.db
        .select({ agreedPrice: bookings.agreedPrice, agreedUntil: bookings.agreedUntil })
        .from(bookings)
        .where(eq(bookings.id, booking.id));
      const secret = await createPaymentIntent(w.seq.ctx, w.buyers[booking.buyer], booking.id);
      const id = secret.split("_secret_")[0];
      const intent = await w.seq.control<{ id: string; amount: number; currency: string; metadata: Record<string, string> }>(
        `/payment_intents/${id}/succeed`,
      );
      // An agreement that holds is what is charged; one that lapsed, or none, charges the asking price.
      const holds = terms?.agreedPrice && terms.agreedUntil && terms.agreedUntil > new Date().toISOString();
      const expected = (holds ? terms.agreedPrice! : w.cars[booking.car].price) * 100;
      if (intent.amount !== expected)
        throw new Error(`charged ${intent.amount}, expected ${expected} (agreement ${JSON.stringify(terms)})`);
      if (!w.intents.some((known) => known.id === id)) w.intents.push({ id, booking: w.bookings.indexOf(booking) });
      w.events.push(w.seq.newEvent("payment_intent.succeeded", { ...intent, status: "succeeded" }));
    });
  }
  toString = () => `pay(booking ${this.booking})`;
}

class RecordPayment extends Step {
  constructor(readonly intent: number) {
    super();
  }
  async act(w: World) {
    const intent = pick(w.intents, this.intent);
    if (!intent) return;
    const booking = w.bookings[intent.booking];
    await person(() => recordPayment(w.seq.ctx, w.buyers[booking.buyer], booking.id, intent.id), {
      world: w,
      user: w.buyers[booking.buyer],
    });
  }
  toString = () => `record(intent ${this.intent})`;
}

class Deliver extends Step {
  constructor(
    readonly event: number,
    readonly again: boolean,
  ) {
    super();
  }
  async act(w: World) {
    const event = pick(w.events, this.event);
    if (!event) return;
    const outcome = await w.seq.deliver(event);
    // Stripe delivers until it is told the event was received; a duplicate may come anyway.
    if ((outcome === "handled" || outcome === "duplicate" || outcome === "ignored") && !this.again)
      w.events.splice(w.events.indexOf(event), 1);
  }
  toString = () => `deliver(event ${this.event}${this.again ? ", and again later" : ""})`;
}

class DashboardRefund extends Step {
  constructor(
    readonly intent: number,
    readonly part: number,
  ) {
    super();
  }
  async act(w: World) {
    const intent = pick(w.intents, this.intent);
    if (!intent) return;
    const charge = await w.seq.dashboard.paymentIntents.retrieve(intent.id);
    const left = charge.amount - ((charge as unknown as { amount_refunded: number }).amount_refunded ?? 0);
    if (left <= 0) return;
    // A part (1 to 3 quarters of what is left) or the whole rest.
    const amount = this.part === 0 ? left : Math.max(1, Math.floor((left * this.part) / 4));
    const refunded = await w.seq.control(`/payment_intents/${intent.id}/refund`, "POST", { amount }).catch(() => null);
    if (refunded) w.events.push(w.seq.newEvent("charge.refunded", { id: `ch_${intent.id}`, object: "charge", payment_intent: intent.id }));
  }
  toString = () => `refund at Stripe's dashboard(intent ${this.intent}, ${this.part === 0 ? "whole" : `${this.part}/4`})`;
}

class CardDispute extends Step {
  constructor(readonly intent: number) {
    super();
  }
  async act(w: World) {
    const intent = pick(w.intents, this.intent);
    if (!intent) return;
    const dispute = await w.seq.control<{ id: string }>(`/payment_intents/${intent.id}/dispute`, "POST", {}).catch(() => null);
    if (dispute) w.events.push(w.seq.newEvent("charge.dispute.created", { id: dispute.id, object: "dispute", payment_intent: intent.id }));
  }
  toString = () => `card dispute(intent ${this.intent})`;
}

type Act = "handover" | "dispute" | "seller refund" | "decline";
class BookingAct extends Step {
  constructor(
    readonly booking: number,
    readonly act_: Act,
  ) {
    super();
  }
  async act(w: World) {
    const booking = pick(w.bookings, this.booking);
    if (!booking) return;
    const buyer = w.buyers[booking.buyer];
    const seller = w.sellers[w.cars[booking.car].seller];
    const ctx = w.seq.ctx;
    const asBuyer = { world: w, user: buyer };
    const asSeller = { world: w, user: seller };
    if (this.act_ === "handover") await person(() => confirmHandover(ctx, buyer, booking.id), asBuyer);
    if (this.act_ === "dispute") await person(() => openDispute(ctx, buyer, booking.id, { reason: "not_as_described" }), asBuyer);
    if (this.act_ === "seller refund") await person(() => refundBySeller(ctx, seller, booking.id), asSeller);
    if (this.act_ === "decline") await person(() => declineBooking(ctx, seller, booking.id, ""), asSeller);
  }
  toString = () => `${this.act_}(booking ${this.booking})`;
}

class Resolve extends Step {
  constructor(readonly outcome: "refund" | "release") {
    super();
  }
  async act(w: World) {
    const [open] = await w.seq.ctx.db.select({ id: disputes.id }).from(disputes).where(isNull(disputes.resolution)).limit(1);
    if (open) await person(() => resolveDispute(w.seq.ctx, w.admin, open.id, this.outcome));
  }
  toString = () => `admin resolves a dispute(${this.outcome})`;
}

class Delete extends Step {
  constructor(
    readonly what: "car" | "buyer" | "seller",
    readonly index: number,
  ) {
    super();
  }
  async act(w: World) {
    const ctx = w.seq.ctx;
    if (this.what === "car") {
      const car = pick(w.cars, this.index)!;
      const seller = w.sellers[car.seller];
      await person(() => deleteCar(ctx, seller, car.id), { world: w, user: seller });
      return;
    }
    const user = this.what === "buyer" ? w.buyers[this.index % w.buyers.length] : w.sellers[this.index % w.sellers.length];
    await person(async () => {
      const deleted = await (this.what === "buyer" ? deleteBuyer(ctx, w.admin, user.id) : deleteSeller(ctx, w.admin, user.id));
      if (deleted) w.gone.add(user.id);
    });
  }
  toString = () => `delete(${this.what} ${this.index})`;
}

class Scheduled extends Step {
  constructor(readonly releaseDue: boolean) {
    super();
  }
  async act(w: World) {
    // The release date passed: held money is due to be released.
    if (this.releaseDue)
      await w.seq.ctx.db
        .update(payments)
        .set({ releaseAt: new Date(0).toISOString() })
        .where(eq(payments.status, "held"));
    await runScheduledDeals(w.seq.ctx);
  }
  toString = () => `scheduled run${this.releaseDue ? " after the release dates" : ""}`;
}

class Fault extends Step {
  constructor(
    readonly route: string,
    readonly mode: FaultMode,
  ) {
    super();
  }
  async act(w: World) {
    await w.seq.fault(this.route, this.mode);
  }
  toString = () => `fault(${this.route}: ${this.mode})`;
}

/** A Worker stopped half-way through a provider call: its claim is left behind (already expired). */
class StoppedWorker extends Step {
  async act(w: World) {
    await w.seq.ctx.db
      .update(payments)
      .set({
        claimedUntil: new Date(Date.now() - 1000).toISOString(),
        transferAttempts: sql`${payments.transferAttempts} + 1`,
        refundAttempts: sql`${payments.refundAttempts} + 1`,
        reversalAttempts: sql`${payments.reversalAttempts} + 1`,
      })
      .where(sql`${payments.status} is not null`);
  }
  toString = () => "a Worker stopped half-way (claims left behind)";
}

class Reconcile extends Step {
  async act(w: World) {
    await person(() => reconcile(w.seq.ctx));
  }
  toString = () => "reconcile";
}

/** A buyer offers between half the price and the price (in tenths of the way). */
class Offer extends Step {
  constructor(
    readonly buyer: number,
    readonly car: number,
    readonly tenths: number,
  ) {
    super();
  }
  async act(w: World) {
    const car = pick(w.cars, this.car)!;
    const buyer = w.buyers[this.buyer % w.buyers.length];
    const amount = Math.floor(car.price / 2 + (car.price / 2) * (this.tenths / 10));
    await person(() => makeOffer(w.seq.ctx, buyer, car.id, { amount }), { world: w, user: buyer });
  }
  toString = () => `offer(buyer ${this.buyer}, car ${this.car}, ${5 + this.tenths / 2}/10 of the price)`;
}

type Answer = "accept" | "counter" | "decline" | "withdraw";
/** The seller or the buyer answers an offer (whoever's turn it is, or the wrong side: refused). */
class AnswerOffer extends Step {
  constructor(
    readonly answer: Answer,
    readonly bySeller: boolean,
  ) {
    super();
  }
  async act(w: World) {
    const [offer] = await w.seq.ctx.db
      .select()
      .from(offers)
      .where(sql`${offers.status} in ('open', 'countered')`)
      .limit(1);
    if (!offer) return;
    const who = [...w.buyers, ...w.sellers].find((user) => user.id === (this.bySeller ? offer.sellerId : offer.buyerId));
    if (!who) return;
    const ctx = w.seq.ctx;
    const between = Math.floor((offer.amount + (w.cars.find((car) => car.id === offer.productId)?.price ?? offer.amount)) / 2);
    if (this.answer === "accept") {
      await person(() => acceptOffer(ctx, who, offer.id), { world: w, user: who });
      // Accepting books the car for a buyer who had not: the model pays it like any booking.
      const [now] = await ctx.db.select({ bookingId: offers.bookingId }).from(offers).where(eq(offers.id, offer.id));
      const buyer = w.buyers.findIndex((user) => user.id === offer.buyerId);
      const car = w.cars.findIndex((known) => known.id === offer.productId);
      if (now?.bookingId && !w.bookings.some((known) => known.id === now.bookingId)) w.bookings.push({ id: now.bookingId, buyer, car });
    }
    if (this.answer === "counter") await person(() => counterOffer(ctx, who, offer.id, between), { world: w, user: who });
    if (this.answer === "decline") await person(() => declineOffer(ctx, who, offer.id), { world: w, user: who });
    if (this.answer === "withdraw") await person(() => withdrawOffer(ctx, who, offer.id), { world: w, user: who });
  }
  toString = () => `${this.bySeller ? "seller" : "buyer"} answers an offer(${this.answer})`;
}

/** A day passes for agreements: each accepted price lapses. */
class AgreementsLapse extends Step {
  async act(w: World) {
    await w.seq.ctx.db
      .update(bookings)
      .set({ agreedUntil: new Date(Date.now() - 1000).toISOString() })
      .where(sql`${bookings.agreedUntil} is not null`);
  }
  toString = () => "agreements lapse";
}

const ROUTES = ["POST /v1/transfers", "POST /v1/refunds", "POST /v1/transfers/*/reversals", "GET /v1/refunds", "GET /v1/transfers"];

const steps = [
  fc.tuple(fc.nat(2), fc.nat(2)).map(([buyer, car]) => new Book(buyer, car)),
  fc.nat(5).map((booking) => new Pay(booking)),
  fc.nat(5).map((intent) => new RecordPayment(intent)),
  fc.tuple(fc.nat(6), fc.boolean()).map(([event, again]) => new Deliver(event, again)),
  fc.tuple(fc.nat(5), fc.nat(3)).map(([intent, part]) => new DashboardRefund(intent, part)),
  fc.nat(5).map((intent) => new CardDispute(intent)),
  fc
    .tuple(fc.nat(5), fc.constantFrom<Act>("handover", "handover", "dispute", "seller refund", "decline"))
    .map(([booking, act]) => new BookingAct(booking, act)),
  fc.constantFrom("refund" as const, "release" as const).map((outcome) => new Resolve(outcome)),
  fc.tuple(fc.constantFrom("car" as const, "buyer" as const, "seller" as const), fc.nat(2)).map(([what, index]) => new Delete(what, index)),
  fc.boolean().map((due) => new Scheduled(due)),
  fc
    .tuple(fc.constantFrom(...ROUTES), fc.constantFrom<FaultMode>("refuse", "error", "timeout", "lost"))
    .map(([route, mode]) => new Fault(route, mode)),
  fc.constant(new StoppedWorker()),
  fc.constant(new Reconcile()),
  fc.tuple(fc.nat(2), fc.nat(2), fc.nat(9)).map(([buyer, car, tenths]) => new Offer(buyer, car, tenths)),
  fc
    .tuple(fc.constantFrom<Answer>("accept", "accept", "counter", "decline", "withdraw"), fc.boolean())
    .map(([answer, bySeller]) => new AnswerOffer(answer, bySeller)),
  fc.constant(new AgreementsLapse()),
];

/** The quiet end: no more faults, every event delivered, claims expired, two scheduled runs; then nothing is owed or differs. */
async function quietEnd(w: World) {
  await w.seq.clearFaults();
  for (const event of w.events) await w.seq.deliver(event);
  await w.seq.ctx.db.update(payments).set({ claimedUntil: null });
  // Enough runs for a call refused again and again to become a money problem.
  for (let run = 0; run < 3; run++) await runScheduledDeals(w.seq.ctx);
  await expectInvariants(w, "the quiet end");
  // What is still owed (a refund a card dispute blocks, say) is before an admin as a money problem.
  const owing = await w.seq.ctx.db.all<{ id: string }>(sql`select id from payments where (status = 'refunding'
    or (transfer_id is not null and refunded_amount - refunded_at_release >
      (select coalesce(sum(amount), 0) from ledger_entries where payment_id = payments.id and kind in ('transfer_reversal', 'fee_refund')))
    ) and not exists (select 1 from money_problems where payment_id = payments.id and resolved_at is null)`);
  if (owing.length > 0) throw new Error(`after the quiet end, payment ${owing[0].id} still owes a provider call, and no admin knows`);
  // Differences an earlier reconciliation found (under faults) are forgotten: the quiet one must find none.
  // Calls that failed again and again stay before the admins (keyed by their payment, not a provider object).
  await w.seq.ctx.db.delete(moneyProblems).where(sql`${moneyProblems.key} like 'reconcile:%'`);
  // A reconciliation the provider did not answer (a slow machine) is run again, as the next day's would be.
  for (let attempt = 1; ; attempt++) {
    try {
      await reconcile(w.seq.ctx);
      break;
    } catch (error) {
      if (!(error instanceof PaymentProviderError) || attempt === 3) throw error;
    }
  }
  const found = await w.seq.ctx.db
    .select()
    .from(moneyProblems)
    .where(sql`${moneyProblems.key} like 'reconcile:%'`);
  if (found.length > 0) throw new Error(`reconciliation found: ${JSON.stringify(found.map((problem) => problem.detail))}`);
}

const world = await startMoneyWorld();
afterAll(() => world.stop());

it(
  `keeps every cent accounted for over ${RUNS} random sequences of people, events and faults`,
  { timeout: Math.max(600_000, RUNS * 1_000) },
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(steps, { maxCommands: 40 }), async (commands) => {
        const seq = await world.sequence();
        try {
          const admin = await seq.rows.account("admin");
          const sellers = [await seq.seller(), await seq.seller()];
          const buyers = [await seq.rows.account("buyer"), await seq.rows.account("buyer"), await seq.rows.account("buyer")];
          const cars = [];
          for (const [seller, price] of [
            [0, 18_000],
            [0, 9_999],
            [1, 22_700],
          ])
            cars.push({ id: await seq.rows.car(sellers[seller], { resalePrice: price }), seller, price });
          const state: World = { seq, admin, sellers, buyers, cars, bookings: [], intents: [], events: [], gone: new Set() };
          await fc.asyncModelRun(() => ({ model: { steps: 0 }, real: state }), commands);
          await quietEnd(state);
        } finally {
          await seq.close();
        }
      }),
      { numRuns: RUNS, seed: SEED, verbose: 1, endOnFailure: true },
    );
  },
);
