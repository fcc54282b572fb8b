import { type SQL } from "drizzle-orm";
import { type AppContext } from "../context";
import { type payments, type RefundReason } from "../db/schema";

// What one domain did that others act on. A service says what happened (a car's price fell, an
// admin resolved a dispute); the subscribers, wired once in subscribers.ts, do their part: notify
// people, write the audit trail, empty cached pages, queue a listing match. A subscriber's part is
// statements for the causing change's own database batch (so they hold exactly when the change
// does) and work once that batch has succeeded (emails to the queue, cached pages, queued jobs).
// Domains never import each other to cause these effects, so the domain map stays one-way.

/** Whoever acted, as the audit trail names them. */
export interface Actor {
  id: string;
  email: string;
}

export type AuditAction =
  | "delete-seller"
  | "delete-buyer"
  | "verify-seller"
  | "delete-item"
  | "dismiss-reports"
  | "add-category"
  | "rename-category"
  | "delete-category"
  | "remove-review"
  | "resolve-dispute"
  | "resolve-money-problem"
  | "clear-flag"
  | "dismiss-conversation-reports"
  | "close-conversation";

/** A car as the page cache and the queues know it. */
export interface CarRef {
  id: string;
  sellerId: string | null;
}

/** A payment as the ledger keeps it. */
export type PaymentRecord = typeof payments.$inferSelect;

/** Someone a notice may go to, as a change already read them. */
export interface Person {
  userId: string;
  email: string;
  /** They opted out of this kind's email, as read (the batch checks again). */
  emailOptedOut?: boolean;
}

/** Why a payment that bought nothing is given back, as its buyer reads it (a second payment of a paid booking is "paid-twice"). */
export type UnboughtReason = RefundReason | "paid-twice";

/** An offer, as the people told of its steps know it. */
export interface OfferRef {
  id: string;
  carName: string;
  buyerId: string;
  buyerName: string;
  sellerId: string | null;
  /** What the buyer offered. */
  amount: number;
}

// Events of people's deals carry `when`: a condition their notices are written under in the
// change's batch (the booking, the payment, the dispute was written), so a repeated or lost request
// tells no one.
export type DomainEvent =
  /** An admin did something the trail keeps; with `onlyIfChanged`, only if the batch's statement just before changed a row. */
  | { type: "admin_acted"; actor: Actor; action: AuditAction; target: string; details?: string; onlyIfChanged?: boolean }
  /** A car was listed, changed, sold or removed: its page, its seller's page and every list of cars show it. */
  | { type: "car_changed"; car: CarRef }
  /** Who booked a car changed: its page counts the buyers. */
  | { type: "car_bookings_changed"; carId: string }
  /** A write of what only its owner sees (favourites, messages, their devices): no public page changed. */
  | { type: "private_data_changed" }
  /** A seller's account went with its listings and name: every page may have shown them. */
  | { type: "account_removed" }
  /** A new car is for sale: saved searches may match it. */
  | { type: "car_listed"; carId: string; make: string | undefined }
  /** Cars of these makes changed in a way their price ratings compare. */
  | { type: "comparables_changed"; makes: readonly (string | null | undefined)[] }
  /** A car's price fell: whoever saved it hears. */
  | {
      type: "car_price_dropped";
      car: { id: string; name: string; sellerId: string | null; oldPrice: number; newPrice: number };
      priceChangeId: string;
      when: SQL;
    }
  | { type: "car_booked"; booking: { id: string; buyerName: string; carName: string }; seller: Person }
  | { type: "booking_declined"; bookingId: string; buyer: Person; car: { id: string; name: string }; reason: string; when: SQL }
  /** A payment bought the car: its buyer, everyone else who booked or offered, and its seller hear. */
  | {
      type: "car_sold";
      sale: {
        carId: string;
        carName: string;
        buyerBookingId: string;
        sellerId: string | null;
        amount: number;
        intentId: string;
        releaseAt: string;
      };
      endedOffers: { id: string; buyer: Person }[];
      when: SQL;
    }
  /** A payment that bought nothing is given back. */
  | {
      type: "payment_given_back";
      payment: { id: string; bookingId: string | null; buyerEmail: string; productName: string; amount: number };
      reason: UnboughtReason;
    }
  | { type: "payout_sent"; payment: PaymentRecord; amount: number; seller: Person; when: SQL }
  | { type: "dispute_opened"; payment: PaymentRecord; disputeId: string }
  | { type: "dispute_decided"; payment: PaymentRecord; disputeId: string; outcome: "refund" | "release" }
  /** The seller (or an admin) gave the money back. */
  | { type: "refund_decided"; payment: PaymentRecord; when: SQL }
  /** Refunds made at the card provider, not yet recorded. */
  | { type: "refunded_at_provider"; payment: PaymentRecord; refunds: { id: string; amount: number }[] }
  /** An offer took a step: made, countered, accepted or declined, by its buyer or its seller; the other side hears. */
  | {
      type: "offer_step";
      offer: OfferRef;
      step: "made" | "countered" | "accepted" | "declined";
      by: "buyer" | "seller";
      price: number;
      askingPrice?: number;
      when: SQL;
    }
  | { type: "offer_expired"; offer: { id: string; carName: string; buyerId: string; sellerId: string | null }; when: SQL }
  /** `emailed` false: the messages' throttle leaves this one's email out. */
  | {
      type: "message_sent";
      message: { id: string; recipientId: string; senderName: string; carName: string; link: string; emailed: boolean };
      when?: SQL;
    }
  | {
      type: "saved_searches_matched";
      car: { id: string; name: string; price: number };
      matches: { searchId: string; searchName: string; owner: Person }[];
      when: SQL;
    };

export type EventOf<T extends DomainEvent["type"]> = Extract<DomainEvent, { type: T }>;

/** A subscriber's part in one event. */
export interface Effect {
  /** Run in the causing change's batch, after its own statements. */
  statements?: SQL[];
  /** Run once that batch has succeeded; never throws (the change stands, failures are logged). */
  afterCommit?: () => Promise<void>;
}

export type Subscriber<T extends DomainEvent["type"]> = (ctx: AppContext, event: EventOf<T>) => Effect | Promise<Effect>;

/** For each event, who acts on it. */
export type Subscribers = { [T in DomainEvent["type"]]: Subscriber<T>[] };

/** What a change's events cause: statements for its batch, then work once the batch has succeeded. */
export interface Effects {
  statements: SQL[];
  afterCommit: () => Promise<void>;
  /** Whether any subscriber has work for after the batch. */
  waitsForCommit: boolean;
}

let wired: Subscribers | null = null;

/** Wires the subscribers, once per Worker (workers/app.ts) or test database. */
export function subscribe(subscribers: Subscribers): void {
  wired = subscribers;
}

/** The effects of these events, gathered from every subscriber (none ran yet). */
export async function effectsOf(ctx: AppContext, events: readonly DomainEvent[]): Promise<Effects> {
  if (!wired) throw new Error("No event subscribers are wired: call subscribe() where the Worker starts.");
  const subscribers = wired;
  const parts = await Promise.all(
    events.flatMap((event) => (subscribers[event.type] as Subscriber<typeof event.type>[]).map((subscriber) => subscriber(ctx, event))),
  );
  return {
    statements: parts.flatMap((part) => part.statements ?? []),
    afterCommit: async () => {
      await Promise.all(parts.map((part) => part.afterCommit?.()));
    },
    waitsForCommit: parts.some((part) => part.afterCommit),
  };
}

/** For events whose effects are only statements (the audit trail): ready to put in the change's batch. */
export async function batchItemsOf(ctx: AppContext, events: readonly DomainEvent[]) {
  const effects = await effectsOf(ctx, events);
  if (effects.waitsForCommit) throw new Error("These events have work after the batch: use effectsOf.");
  return effects.statements.map((statement) => ctx.db.run(statement));
}

/** For events whose effects need no batch of their own: their work is done now. */
export async function publish(ctx: AppContext, events: readonly DomainEvent[]): Promise<void> {
  const effects = await effectsOf(ctx, events);
  if (effects.statements.length > 0)
    throw new Error("These events write to the database: put effectsOf's statements in the change's batch.");
  await effects.afterCommit();
}

/** For events no change of the caller's goes with (a queue consumer's finding): their statements in a batch of their own, then the work after it. */
export async function publishOnTheirOwn(ctx: AppContext, events: readonly DomainEvent[]): Promise<void> {
  const effects = await effectsOf(ctx, events);
  const [first, ...rest] = effects.statements.map((statement) => ctx.db.run(statement));
  if (first) await ctx.db.batch([first, ...rest]);
  await effects.afterCommit();
}
