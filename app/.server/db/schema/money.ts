import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { DISPUTE_OUTCOMES, DISPUTE_REASONS, MONEY_PROBLEM_KINDS } from "../../../lib/schemas/deals";
import { createdAt, id } from "./columns";
import { users } from "./accounts";
import { bookings } from "./deals";

/**
 * Every card payment the platform received, whatever it bought (docs/features/the-deal.md). `held`
 * until the handover, `disputed` until an admin decides, `released` to the seller, or given back:
 * `refunding` is a refund decided whose card refund is not confirmed yet (the scheduled run retries
 * it), `refunded` once it is. A payment that bought nothing (it lost the race for the car, or its
 * booking, car or price was gone) is written straight away as `refunding`.
 */
export const PAYMENT_STATUSES = ["held", "disputed", "released", "refunding", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a payment that bought nothing was given back. */
export const REFUND_REASONS = ["sold-to-someone-else", "no-longer-for-sale", "amount-mismatch", "refunded-before-recorded"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const payments = sqliteTable(
  "payments",
  {
    id: id(),
    transactionId: text("transaction_id").notNull(),
    bookingId: text("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    // Not a reference: the record outlives the car, whose name it keeps.
    productId: text("product_id"),
    productName: text("product_name").notNull().default(""),
    buyerEmail: text("buyer_email").notNull(),
    amount: integer("amount").notNull(),
    // Null for payments made before the deal, whose money the platform kept (outside the ledger).
    status: text("status", { enum: PAYMENT_STATUSES }),
    /** The platform's fee and the seller's share, in cents, of what is left after refunds (set again at release). */
    fee: integer("fee"),
    sellerAmount: integer("seller_amount"),
    // Whom the money goes to: the car's seller when it was paid for (the car may go, the seller stays).
    sellerId: text("seller_id").references(() => users.id, { onDelete: "set null" }),
    releaseAt: text("release_at"),
    releasedAt: text("released_at"),
    refundedAt: text("refunded_at"),
    // Set for a payment recorded only to be given back (it bought nothing).
    refundReason: text("refund_reason", { enum: REFUND_REASONS }),
    /** The sum of this payment's refund rows in the ledger (cents), kept in the batch that writes them. */
    refundedAmount: integer("refunded_amount").notNull().default(0),
    /** refundedAmount when the fee and the seller's share were last worked out: refunds after it are owed back by a transfer. */
    refundedAtRelease: integer("refunded_at_release").notNull().default(0),
    // The seller's share sent to their payout account (null while released money is due).
    transferId: text("transfer_id"),
    /**
     * A provider call about to move this payment's money is written down first: which attempt it is
     * (part of its idempotency key) and until when the caller holds it. A Worker stopped half-way
     * leaves a claim that expires; the next attempt first asks the provider what the last one did.
     */
    transferAttempts: integer("transfer_attempts").notNull().default(0),
    refundAttempts: integer("refund_attempts").notNull().default(0),
    reversalAttempts: integer("reversal_attempts").notNull().default(0),
    claimedUntil: text("claimed_until"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_transaction_unique").on(t.transactionId),
    index("payments_booking_idx").on(t.bookingId, t.createdAt),
    // A car is sold exactly once: the database refuses a second payment for it while one stands
    // (a refunded car is for sale again).
    uniqueIndex("payments_product_unique")
      .on(t.productId)
      .where(sql`${t.status} is null or ${t.status} not in ('refunding', 'refunded')`),
    // The scheduled release (held past release_at), refunds and transfers to retry, and sellers' sums.
    index("payments_status_release_idx").on(t.status, t.releaseAt),
    index("payments_seller_status_idx").on(t.sellerId, t.status),
    // Sales by period (the admin's dashboard), counted and summed from the index alone.
    index("payments_created_idx").on(t.createdAt, t.amount, t.status),
  ],
);

/**
 * A payment that stands (not given back): a car has at most one. Written as payments_product_unique's
 * condition, so a read that joins a car's payment with it goes through that index.
 */
export const standingPayment = sql`(${payments.status} is null or ${payments.status} not in ('refunding', 'refunded'))`;

/**
 * `fee_refund` is the platform's fee given back: a whole refund after the seller was paid takes back
 * the seller's share by a transfer reversal, and the rest of the buyer's money is the fee.
 */
export const LEDGER_KINDS = ["charge", "refund", "fee", "transfer", "transfer_reversal", "fee_refund"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * Every movement of money, in cents (positive), each written in the batch of the state change it
 * records. Per payment: one charge, one fee and one transfer at most; refunds and reversals once per
 * provider object.
 */
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: text("booking_id"),
    sellerId: text("seller_id"),
    kind: text("kind", { enum: LEDGER_KINDS }).notNull(),
    amount: integer("amount").notNull(),
    providerId: text("provider_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_entries_once_per_payment")
      .on(t.paymentId, t.kind)
      .where(sql`${t.kind} in ('charge', 'fee', 'transfer')`),
    uniqueIndex("ledger_entries_provider_unique")
      .on(t.kind, t.providerId)
      .where(sql`${t.kind} in ('refund', 'transfer_reversal')`),
    index("ledger_entries_payment_idx").on(t.paymentId, t.kind),
    index("ledger_entries_created_idx").on(t.createdAt, t.id),
    index("ledger_entries_seller_idx").on(t.sellerId, t.createdAt, t.id),
    check("ledger_entries_amount_check", sql`${t.amount} > 0`),
  ],
);

export const PAYOUT_ACCOUNT_STATUSES = ["pending", "ready"] as const;

/** A seller's Stripe Express connected account (or the simulator's): where their money goes. */
export const payoutAccounts = sqliteTable(
  "payout_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: text("account_id").notNull(),
    status: text("status", { enum: PAYOUT_ACCOUNT_STATUSES }).notNull().default("pending"),
    payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
    updatedAt: text("updated_at").notNull(),
  },
  (t) => [uniqueIndex("payout_accounts_account_unique").on(t.accountId)],
);

/** A buyer's (or a card network's) complaint about a payment, or a refund that stopped a payout; an admin resolves it. */
export const disputes = sqliteTable(
  "disputes",
  {
    id: id(),
    paymentId: text("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    bookingId: text("booking_id").notNull(),
    reason: text("reason", { enum: DISPUTE_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    resolution: text("resolution", { enum: DISPUTE_OUTCOMES }),
    resolvedAt: text("resolved_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // One open dispute per payment: its money stops once.
    uniqueIndex("disputes_open_payment_unique")
      .on(t.paymentId)
      .where(sql`${t.resolution} is null`),
    index("disputes_open_idx").on(sql`${t.resolution} is null`, t.createdAt, t.id),
  ],
);

/**
 * What reconciliation found different between the ledger and the provider, or what the money code
 * could not settle by itself (a transfer or reversal refused again and again). `key` names the
 * thing, so one problem is reported once while it is open.
 */
export const moneyProblems = sqliteTable(
  "money_problems",
  {
    id: id(),
    kind: text("kind", { enum: MONEY_PROBLEM_KINDS }).notNull(),
    key: text("key").notNull(),
    paymentId: text("payment_id"),
    bookingId: text("booking_id"),
    amount: integer("amount").notNull().default(0),
    detail: text("detail").notNull(),
    createdAt: createdAt(),
    resolvedAt: text("resolved_at"),
    resolvedBy: text("resolved_by"),
    note: text("note"),
  },
  (t) => [
    uniqueIndex("money_problems_open_unique")
      .on(t.key)
      .where(sql`${t.resolvedAt} is null`),
    index("money_problems_status_idx").on(sql`${t.resolvedAt} is null`, t.createdAt, t.id),
  ],
);

/**
 * Stripe webhook events: claimed by one delivery with a lease (`claimedUntil`) and marked handled
 * only once their effects are written; a claim whose Worker stopped expires, and a later delivery
 * handles the event again.
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  claimedUntil: text("claimed_until"),
  handledAt: text("handled_at"),
  createdAt: createdAt(),
});

/** The offline payment simulator's intents (development and tests only). */
export const simulatedIntents = sqliteTable(
  "simulated_intents",
  {
    id: text("id").primaryKey(),
    clientSecret: text("client_secret").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    status: text("status").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("simulated_intents_idempotency_unique").on(t.idempotencyKey),
    uniqueIndex("simulated_intents_secret_unique").on(t.clientSecret),
  ],
);

/**
 * The simulator's money movements after the charge: refunds of intents, transfers to payout accounts
 * and reversals of transfers (one per idempotency key, like Stripe's). `parentId` is the intent a
 * refund gives back or the transfer a reversal takes back; `transferGroup` ties a transfer to its sale.
 */
export const SIMULATED_MOVEMENT_KINDS = ["refund", "transfer", "transfer_reversal"] as const;

export const simulatedMovements = sqliteTable(
  "simulated_movements",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: SIMULATED_MOVEMENT_KINDS }).notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    parentId: text("parent_id"),
    destination: text("destination"),
    transferGroup: text("transfer_group"),
    metadata: text("metadata", { mode: "json" }).$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("simulated_movements_idempotency_unique").on(t.idempotencyKey),
    index("simulated_movements_parent_idx").on(t.parentId),
    index("simulated_movements_group_idx").on(t.transferGroup),
    index("simulated_movements_created_idx").on(t.createdAt),
  ],
);
