import { and, asc, count, desc, eq, inArray, isNull, lte, not, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import { type BatchItem } from "drizzle-orm/batch";
import { formatCents } from "~/lib/format";
import { PATHS } from "~/lib/paths";
import { type PagedList } from "~/lib/types";
import { totalPages } from "~/lib/list-query";
import { type DealPayment, type Dispute, type DisputeInput, type LedgerEntry } from "~/lib/deal";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import {
  bookings,
  conversations,
  disputes,
  ledgerEntries,
  type LedgerKind,
  messages,
  payments,
  type PaymentStatus,
  payoutAccounts,
  products,
  users,
} from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { auditEntryIfChanged } from "../admin/audit";
import { bookingPaymentUnderWay } from "./payment-window";
import {
  carLink,
  NO_NOTIFICATIONS,
  notificationWrites,
  recipientColumns,
  sendNotificationEmails,
  type NotificationWrites,
} from "../notifications/notifications";
import { requireProvider, requireSimulator } from "../../payments/required";
import { type UserRow } from "../accounts/users";

// The deal (v1.2, docs/features/the-deal.md): a paid booking's money is held until the buyer has the
// car, then released to the seller (less the platform's fee) through their payout account, or
// refunded. Every transition is one conditional UPDATE (`… WHERE status = 'held'`), so of any number
// of requests, scheduled runs and webhooks meeting on one booking exactly one moves its money; the
// ledger rows it records are written in the same batch, only if that update happened, and at most
// one of each kind per payment. Calls to the payment provider carry keys derived from the booking,
// so a retried call never moves money twice; a failed one leaves a state the next scheduled run
// picks up again (`released` without a transfer, `refunding`).

type PaymentRow = typeof payments.$inferSelect;

/** The fee, the seller's share and the release date of a payment made now (configuration's settings). */
export function dealTerms(ctx: AppContext, amount: number, paidAt: Date) {
  const { feeBps, releaseAfterHours } = ctx.config.deal;
  // Half up, in whole cents.
  const fee = Math.floor((amount * feeBps + 5_000) / 10_000);
  return {
    fee,
    sellerAmount: amount - fee,
    releaseAt: new Date(paidAt.getTime() + releaseAfterHours * 3_600_000).toISOString(),
  };
}

/** The payment as the contract's Booking.payment shows it (null for payments made before the deal). */
export function toDealPayment(row: {
  status: PaymentStatus | null;
  amount: number | null;
  fee: number | null;
  sellerAmount: number | null;
  createdAt: string | null;
  releaseAt: string | null;
  releasedAt: string | null;
  refundedAt: string | null;
}): DealPayment | null {
  if (!row.status || row.amount === null || !row.createdAt || !row.releaseAt) return null;
  return {
    // A refund decided whose card refund is still being confirmed is the buyer's money already.
    status: row.status === "refunding" ? "refunded" : row.status,
    amount: row.amount,
    fee: row.fee ?? 0,
    sellerAmount: row.sellerAmount ?? row.amount,
    paidAt: row.createdAt,
    releaseAt: row.releaseAt,
    releasedAt: row.releasedAt,
    refundedAt: row.refundedAt,
  };
}

/** The payment columns Booking.payment needs, for a read that joins `payments` to its booking. */
export const dealPaymentColumns = {
  paymentStatus: payments.status,
  paymentAmount: payments.amount,
  paymentFee: payments.fee,
  paymentSellerAmount: payments.sellerAmount,
  paymentCreatedAt: payments.createdAt,
  paymentReleaseAt: payments.releaseAt,
  paymentReleasedAt: payments.releasedAt,
  paymentRefundedAt: payments.refundedAt,
};
type DealPaymentColumns = { [K in keyof typeof dealPaymentColumns]: (typeof dealPaymentColumns)[K]["_"]["data"] | null };

export const dealPaymentOf = (row: DealPaymentColumns) =>
  toDealPayment({
    status: row.paymentStatus,
    amount: row.paymentAmount,
    fee: row.paymentFee,
    sellerAmount: row.paymentSellerAmount,
    createdAt: row.paymentCreatedAt,
    releaseAt: row.paymentReleaseAt,
    releasedAt: row.paymentReleasedAt,
    refundedAt: row.paymentRefundedAt,
  });

/** The join condition from a booking to its deal's payment (payments made before the deal have no status). */
export const dealPaymentJoin = and(eq(payments.bookingId, bookings.id), sql`${payments.status} is not null`);

// One group and one key per booking: the charge and its transfer belong together in Stripe, and a
// retried transfer or refund is the same request to the provider.
const dealKey = (payment: PaymentRow) => payment.bookingId ?? payment.id;
const transferGroup = (payment: PaymentRow) => `booking-${dealKey(payment)}`;

const statusIs = (paymentId: string, ...statuses: PaymentStatus[]) =>
  sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId} and ${inArray(payments.status, statuses)})`;

/** A ledger row for this payment, written only if `onlyIf` holds when its batch runs (and only once per kind). */
export function ledgerRow(
  ctx: AppContext,
  payment: Pick<PaymentRow, "id" | "bookingId" | "sellerId">,
  entry: { kind: LedgerKind; amount: number; providerId: string },
  onlyIf: SQL,
) {
  return ctx.db.run(sql`
    insert into ${ledgerEntries} (id, payment_id, booking_id, seller_id, kind, amount, provider_id, created_at)
    select ${crypto.randomUUID()}, ${payment.id}, ${payment.bookingId}, ${payment.sellerId}, ${entry.kind}, ${entry.amount}, ${entry.providerId}, ${ctx.now().toISOString()}
    where ${onlyIf}
    on conflict do nothing`);
}

const logDeal = (ctx: AppContext, event: string, payment: PaymentRow, details: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ requestId: ctx.requestId, event, paymentId: payment.id, bookingId: payment.bookingId, ...details }));

const logFailure = (ctx: AppContext, event: string, payment: PaymentRow, error: unknown) =>
  console.error(
    JSON.stringify({ requestId: ctx.requestId, event, paymentId: payment.id, bookingId: payment.bookingId, error: String(error) }),
  );

/**
 * `from` → released, with the platform's fee, in one batch (with `alsoWrite`, e.g. the dispute's
 * resolution); then the seller's share goes out if their payout account is ready. False if another
 * transition came first.
 */
async function release(ctx: AppContext, payment: PaymentRow, from: PaymentStatus[], alsoWrite: BatchItem<"sqlite">[] = []) {
  const released = statusIs(payment.id, "released");
  const fee = payment.fee ?? 0;
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "released", releasedAt: ctx.now().toISOString() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
      .returning({ id: payments.id }),
    ...(fee > 0 ? [ledgerRow(ctx, payment, { kind: "fee", amount: fee, providerId: payment.transactionId }, released)] : []),
    ...alsoWrite,
  ]);
  if (moved.length === 0) return false;
  logDeal(ctx, "payment-released", payment);
  await transferDue(ctx, { ...payment, status: "released" });
  return true;
}

/**
 * Sends a released payment's share to its seller when their payout account is ready. The provider's
 * transfer is keyed by the booking, so two runs make one transfer; its record (with the seller's
 * `payout` notification) is written once. A failure is logged and leaves the money due: the next
 * scheduled run tries again. True when the transfer is recorded.
 */
async function transferDue(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  if (payment.status !== "released" || payment.transferId || !payment.sellerId || !payment.sellerAmount) return false;
  const [account] = await ctx.db
    .select({ accountId: payoutAccounts.accountId, ...recipientColumns("payout") })
    .from(payoutAccounts)
    .innerJoin(users, eq(users.id, payoutAccounts.userId))
    .where(and(eq(payoutAccounts.userId, payment.sellerId), eq(payoutAccounts.status, "ready")))
    .limit(1);
  if (!account) return false;
  let transferId: string;
  try {
    transferId = await requireProvider(ctx).transfer({
      amount: payment.sellerAmount,
      currency: "usd",
      destination: account.accountId,
      transferGroup: transferGroup(payment),
      metadata: { bookingId: dealKey(payment), paymentId: payment.id },
      idempotencyKey: `transfer-${dealKey(payment)}`,
    });
  } catch (error) {
    logFailure(ctx, "transfer-failed", payment, error);
    return false;
  }
  const recorded = sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${payments.transferId} = ${transferId})`;
  const told = await notificationWrites(
    ctx,
    [
      {
        userId: account.userId,
        email: account.email,
        emailOptedOut: account.emailOptedOut,
        kind: "payout",
        text: `${formatCents(payment.sellerAmount)} is on its way to your payout account`,
        link: PATHS.payouts,
        sourceKey: `payout:${payment.id}`,
      },
    ],
    recorded,
  );
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ transferId })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "released"), isNull(payments.transferId))),
    ledgerRow(ctx, payment, { kind: "transfer", amount: payment.sellerAmount, providerId: transferId }, recorded),
    ...told.statements.map((statement) => ctx.db.run(statement)),
  ]);
  await sendNotificationEmails(ctx, told);
  logDeal(ctx, "payment-transferred", payment, { transferId });
  return true;
}

/**
 * `from` → refunding: the refund is decided, the booking is no longer paid (nor its buyer's booking
 * of the car) and the car is for sale again, in one batch with `alsoWrite`. False if another
 * transition came first.
 */
async function decideRefund(ctx: AppContext, payment: PaymentRow, from: PaymentStatus[], alsoWrite: BatchItem<"sqlite">[] = []) {
  const refunding = statusIs(payment.id, "refunding");
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "refunding", refundedAt: ctx.now().toISOString() })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, from)))
      .returning({ id: payments.id }),
    ctx.db
      .update(bookings)
      .set({ paid: false, refunded: true })
      .where(and(eq(bookings.id, payment.bookingId ?? ""), refunding)),
    ctx.db
      .update(products)
      .set({ isPaid: false })
      .where(and(eq(products.id, payment.productId), refunding)),
    // A refund ends the dispute, if there is one, in the buyer's favour.
    ctx.db
      .update(disputes)
      .set({ resolution: "refund", resolvedAt: ctx.now().toISOString() })
      .where(and(eq(disputes.paymentId, payment.id), isNull(disputes.resolution), refunding)),
    ...alsoWrite,
  ]);
  return moved.length === 1;
}

/** Asks the provider for the refund (keyed by the intent: once) and records it; a failure stays `refunding` for the next run. */
async function completeRefund(ctx: AppContext, payment: PaymentRow): Promise<boolean> {
  try {
    await recordRefund(ctx, payment, await requireProvider(ctx).refund(payment.transactionId));
    return true;
  } catch (error) {
    logFailure(ctx, "refund-failed", payment, error);
    return false;
  }
}

/** refunding → refunded with the refund's ledger row (once, whoever reports it: our call or Stripe's webhook). */
async function recordRefund(ctx: AppContext, payment: PaymentRow, refundId: string) {
  await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "refunded" })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "refunding"))),
    ledgerRow(ctx, payment, { kind: "refund", amount: payment.amount, providerId: refundId }, statusIs(payment.id, "refunded")),
  ]);
  logDeal(ctx, "payment-refunded", payment, { refundId });
}

/** A booking with its car's seller and its deal's payment (if paid under the deal): one round trip. */
async function readDeal(ctx: AppContext, bookingId: string) {
  const [[row], [payment]] = await ctx.db.batch([
    ctx.db
      .select({ bookingId: bookings.id, buyerId: bookings.buyerId, sellerId: products.sellerId })
      .from(bookings)
      .innerJoin(products, eq(products.id, bookings.productId))
      .where(eq(bookings.id, bookingId))
      .limit(1),
    ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), sql`${payments.status} is not null`))
      .orderBy(desc(payments.createdAt))
      .limit(1),
  ]);
  return row ? { ...row, payment } : undefined;
}

const NOT_HELD = "Nothing to do: the money for this booking is not held";

/** POST /api/bookings/:id/handover: the buyer has the car, so the held money goes to the seller. */
export async function confirmHandover(ctx: AppContext, user: UserRow, bookingId: string): Promise<number> {
  const deal = await readDeal(ctx, bookingId);
  enforce("confirm:handover:own", user, deal?.buyerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  if (!deal.payment || !(await release(ctx, deal.payment, ["held"]))) throw new Conflict(NOT_HELD);
  return 1;
}

/** POST /api/bookings/:id/dispute: the buyer reports a problem; the held money stops until an admin decides. */
export async function openDispute(ctx: AppContext, user: UserRow, bookingId: string, input: DisputeInput): Promise<string> {
  const deal = await readDeal(ctx, bookingId);
  enforce("dispute:booking:own", user, deal?.buyerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  if (!deal.payment) throw new Conflict(NOT_HELD);
  const id = await disputeHeld(ctx, deal.payment, input);
  if (!id) throw new Conflict(NOT_HELD);
  return id;
}

/** held → disputed with the dispute's row, in one batch; the dispute's id, or null if the money was not held. */
async function disputeHeld(ctx: AppContext, payment: PaymentRow, input: DisputeInput): Promise<string | null> {
  const id = crypto.randomUUID();
  const [moved] = await ctx.db.batch([
    ctx.db
      .update(payments)
      .set({ status: "disputed" })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "held")))
      .returning({ id: payments.id }),
    ctx.db.run(sql`
      insert into ${disputes} (id, payment_id, booking_id, reason, note, created_at)
      select ${id}, ${payment.id}, ${dealKey(payment)}, ${input.reason}, ${input.note ?? ""}, ${ctx.now().toISOString()}
      where ${statusIs(payment.id, "disputed")}
      on conflict do nothing`),
  ]);
  if (moved.length === 0) return null;
  logDeal(ctx, "payment-disputed", payment, { reason: input.reason });
  return id;
}

/** POST /api/bookings/:id/refund: the seller gives the whole amount back; the car is for sale again. */
export async function refundBySeller(ctx: AppContext, user: UserRow, bookingId: string): Promise<number> {
  const deal = await readDeal(ctx, bookingId);
  enforce("refund:booking:own", user, !!deal && deal.sellerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  if (!deal.payment || !(await decideRefund(ctx, deal.payment, ["held", "disputed"]))) {
    throw new Conflict("Only money still held (or disputed) can be given back");
  }
  await completeRefund(ctx, deal.payment);
  return 1;
}

/** POST /api/admin/disputes/:id/resolve: an admin decides a dispute, and its money moves accordingly. */
export async function resolveDispute(ctx: AppContext, admin: UserRow, disputeId: string, outcome: "refund" | "release"): Promise<number> {
  enforce("resolve:disputes", admin);
  const [found] = await ctx.db
    .select({ dispute: disputes, payment: payments })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .where(eq(disputes.id, disputeId))
    .limit(1);
  if (!found) throw new NotFound("Dispute not found");
  const { payment } = found;
  // Written with the money's move only (a refund resolves its dispute itself, in decideRefund).
  const resolution: BatchItem<"sqlite">[] = [
    ctx.db
      .update(disputes)
      .set({ resolution: outcome, resolvedAt: ctx.now().toISOString() })
      .where(and(eq(disputes.id, disputeId), isNull(disputes.resolution), statusIs(payment.id, "released"))),
    auditEntryIfChanged(ctx, admin, "resolve-dispute", disputeId, outcome),
  ];
  const moved =
    outcome === "release"
      ? await release(ctx, payment, ["disputed"], resolution)
      : await decideRefund(ctx, payment, ["disputed"], [auditEntryIfChanged(ctx, admin, "resolve-dispute", disputeId, outcome)]);
  if (!moved) throw new Conflict("This dispute is already resolved");
  if (outcome === "refund") await completeRefund(ctx, payment);
  return 1;
}

/**
 * POST /api/bookings/:id/decline: the seller removes an unpaid booking of their car, and its buyer is
 * told why (the notification is written only with the delete, in one batch).
 */
export async function declineBooking(ctx: AppContext, user: UserRow, bookingId: string, reason: string): Promise<number> {
  const deal = await readDeal(ctx, bookingId);
  enforce("decline:booking:own", user, !!deal && deal.sellerId === user.id, "Booking not found");
  if (!deal) throw new NotFound("Booking not found");
  const deletable = and(
    eq(bookings.id, bookingId),
    eq(bookings.paid, false),
    eq(bookings.refunded, false),
    not(bookingPaymentUnderWay(ctx)),
  )!;
  const [buyer] = deal.buyerId
    ? await ctx.db
        .select({ ...recipientColumns("booking_declined"), productName: products.name, productId: products.id })
        .from(bookings)
        .innerJoin(users, eq(users.id, bookings.buyerId))
        .innerJoin(products, eq(products.id, bookings.productId))
        .where(eq(bookings.id, bookingId))
        .limit(1)
    : [];
  const told: NotificationWrites = buyer
    ? await notificationWrites(
        ctx,
        [
          {
            userId: buyer.userId,
            email: buyer.email,
            emailOptedOut: buyer.emailOptedOut,
            kind: "booking_declined",
            text: `The seller declined your booking of ${buyer.productName}${reason ? `: ${reason}` : ""}`,
            link: carLink(buyer.productId),
            sourceKey: `booking_declined:${bookingId}`,
          },
        ],
        sql`exists (select 1 from ${bookings} where ${deletable})`,
      )
    : NO_NOTIFICATIONS;
  // The buyer's notification first: it is written only while the booking is still there to decline.
  const results = await ctx.db.batch([
    ...told.statements.map((statement) => ctx.db.run(statement)),
    ctx.db.delete(bookings).where(deletable).returning({ id: bookings.id }),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const deleted = results[results.length - 1] as { id: string }[];
  if (deleted.length === 1) {
    await sendNotificationEmails(ctx, told);
    return 1;
  }
  const [row] = await ctx.db
    .select({ paid: bookings.paid, refunded: bookings.refunded })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) throw new NotFound("Booking not found");
  if (row.paid || row.refunded) throw new Conflict("This booking is paid and cannot be declined");
  throw new Conflict("The buyer is paying for this booking right now. Try again in half an hour.");
}

// ---- The webhook's events (Stripe only) ----

const paymentByIntent = async (ctx: AppContext, intentId: string) =>
  (await ctx.db.select().from(payments).where(eq(payments.transactionId, intentId)).limit(1))[0];

/** `charge.dispute.created`: a card dispute stops a payment not yet released, as a buyer's dispute does. */
export async function cardDisputeOpened(ctx: AppContext, intentId: string, stripeDisputeId: string) {
  const payment = await paymentByIntent(ctx, intentId);
  if (!payment?.status) return;
  const id = await disputeHeld(ctx, payment, {
    reason: "other",
    note: `A card dispute was opened with the card's issuer (${stripeDisputeId}).`,
  });
  if (!id) logDeal(ctx, "card-dispute-after-release", payment, { status: payment.status, stripeDisputeId });
}

/** `charge.refunded`: a refund made outside the app (Stripe's dashboard) is recorded as the app's own would be. */
export async function chargeRefunded(ctx: AppContext, intentId: string, refundId: string) {
  const payment = await paymentByIntent(ctx, intentId);
  if (!payment?.status) return;
  await decideRefund(ctx, payment, ["held", "disputed"]);
  const [now] = await ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
  if (now?.status === "refunding") await recordRefund(ctx, payment, refundId);
  // Money already released to the seller needs an admin (a transfer reversal decided by people).
  else if (now?.status === "released")
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "refund-after-release", paymentId: payment.id, refundId }));
}

/** `account.updated` (or the seller back from onboarding): the account's state, and its due money sent once it is ready. */
export async function payoutAccountUpdated(ctx: AppContext, accountId: string, payoutsEnabled: boolean) {
  const [account] = await ctx.db
    .update(payoutAccounts)
    .set({ status: payoutsEnabled ? "ready" : "pending", payoutsEnabled, updatedAt: ctx.now().toISOString() })
    .where(eq(payoutAccounts.accountId, accountId))
    .returning({ userId: payoutAccounts.userId });
  if (account && payoutsEnabled) await transferDueOf(ctx, account.userId);
}

async function transferDueOf(ctx: AppContext, sellerId: string) {
  const due = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.sellerId, sellerId), eq(payments.status, "released"), isNull(payments.transferId)))
    .limit(SCHEDULED_BATCH);
  for (const payment of due) await transferDue(ctx, payment);
}

// ---- The scheduled run ----

const SCHEDULED_BATCH = 100;

/**
 * The Cron Trigger's part of the deal: releases held money past its release date, and retries what
 * a failed provider call left (refunds decided but not made, released money not transferred to a
 * ready account). Each step is the same conditional transition a request makes, so it never moves
 * money twice.
 */
export async function runScheduledDeals(ctx: AppContext) {
  const now = ctx.now().toISOString();
  const overdue = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "held"), lte(payments.releaseAt, now)))
    .orderBy(asc(payments.releaseAt))
    .limit(SCHEDULED_BATCH);
  let released = 0;
  for (const payment of overdue) if (await release(ctx, payment, ["held"])) released++;
  const refunding = await ctx.db.select().from(payments).where(eq(payments.status, "refunding")).limit(SCHEDULED_BATCH);
  let refunded = 0;
  for (const payment of refunding) if (await completeRefund(ctx, payment)) refunded++;
  const due = await ctx.db
    .select()
    .from(payments)
    .innerJoin(payoutAccounts, and(eq(payoutAccounts.userId, payments.sellerId), eq(payoutAccounts.status, "ready")))
    .where(and(eq(payments.status, "released"), isNull(payments.transferId)))
    .limit(SCHEDULED_BATCH);
  let transferred = 0;
  for (const { payments: payment } of due) if (await transferDue(ctx, payment)) transferred++;
  return { released, refunded, transferred };
}

// ---- Payout accounts ----

export type PayoutAccountState = { status: "none" | "pending" | "ready"; payoutsEnabled: boolean };

export async function payoutAccountOf(ctx: AppContext, seller: UserRow): Promise<PayoutAccountState> {
  enforce("manage:payouts", seller);
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  return row ? { status: row.status, payoutsEnabled: row.payoutsEnabled } : { status: "none", payoutsEnabled: false };
}

/**
 * POST /api/payouts/account: the seller's connected account (opened once, keyed by the seller) and
 * where they set it up: Stripe's hosted onboarding, or the simulator's local page.
 */
export async function payoutOnboardingLink(ctx: AppContext, seller: UserRow): Promise<string> {
  enforce("manage:payouts", seller);
  const provider = requireProvider(ctx);
  let [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row) {
    const account = await provider.createPayoutAccount({ email: seller.email, idempotencyKey: `payout-account-${seller.id}` });
    await ctx.db
      .insert(payoutAccounts)
      .values({
        userId: seller.id,
        accountId: account.id,
        status: account.payoutsEnabled ? "ready" : "pending",
        payoutsEnabled: account.payoutsEnabled,
        updatedAt: ctx.now().toISOString(),
      })
      .onConflictDoNothing();
    [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  }
  const back = new URL(PATHS.payouts, ctx.publicOrigin).toString();
  return provider.payoutAccountLink(row.accountId, { returnUrl: back, refreshUrl: back });
}

/** Back from onboarding: asks the provider how the account stands (the webhook may come later). */
export async function refreshPayoutAccount(ctx: AppContext, seller: UserRow): Promise<void> {
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row || row.status === "ready" || !ctx.payments) return;
  try {
    const account = await ctx.payments.retrievePayoutAccount(row.accountId);
    await payoutAccountUpdated(ctx, account.id, account.payoutsEnabled);
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "payout-account-refresh-failed", error: String(error) }));
  }
}

/** The simulator's onboarding page: one click makes the seller's account ready (development and tests only). */
export async function completeSimulatedOnboarding(ctx: AppContext, seller: UserRow): Promise<void> {
  enforce("manage:payouts", seller);
  requireSimulator(ctx);
  const [row] = await ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, seller.id)).limit(1);
  if (!row) throw new NotFound("Set up your payout account first");
  await payoutAccountUpdated(ctx, row.accountId, true);
}

// ---- Reading the money ----

const toLedgerEntry = (row: typeof ledgerEntries.$inferSelect): LedgerEntry => ({
  _id: row.id,
  bookingId: row.bookingId,
  kind: row.kind,
  amount: row.amount,
  providerId: row.providerId,
  createdAt: row.createdAt,
});

const sumWhere = (column: SQLWrapper, condition: SQL) =>
  sql<number>`coalesce(sum(case when ${condition} then ${column} end), 0)`.mapWith(Number);

/** GET /api/payouts: the seller's sums (cents) and their ledger entries, newest first. */
export async function sellerPayouts(ctx: AppContext, seller: UserRow, page: number, limit: number) {
  enforce("manage:payouts", seller);
  const [[sums], entries, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        held: sumWhere(payments.amount, sql`${payments.status} = 'held'`),
        disputed: sumWhere(payments.amount, sql`${payments.status} = 'disputed'`),
        due: sumWhere(payments.sellerAmount, sql`${payments.status} = 'released' and ${payments.transferId} is null`),
        paidOut: sumWhere(payments.sellerAmount, sql`${payments.status} = 'released' and ${payments.transferId} is not null`),
      })
      .from(payments)
      .where(eq(payments.sellerId, seller.id)),
    ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.sellerId, seller.id))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(ledgerEntries).where(eq(ledgerEntries.sellerId, seller.id)),
  ]);
  return { ...sums, data: entries.map(toLedgerEntry), total, currentPage: page, totalPages: totalPages(total, limit) };
}

export type LedgerTotals = { charged: number; refunded: number; fees: number; transferred: number; held: number; due: number };

/** GET /api/admin/ledger: every entry, newest first, and the totals the invariant is about. */
export async function adminLedger(ctx: AppContext, admin: UserRow, page: number, limit: number) {
  enforce("read:ledger", admin);
  const kindSum = (...kinds: LedgerKind[]) => sumWhere(ledgerEntries.amount, inArray(ledgerEntries.kind, kinds));
  const [[ledger], [money], entries, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        charged: kindSum("charge"),
        refunded: kindSum("refund"),
        fees: kindSum("fee"),
        transfers: kindSum("transfer"),
        reversals: kindSum("transfer_reversal"),
      })
      .from(ledgerEntries),
    ctx.db
      .select({
        held: sumWhere(payments.amount, sql`${payments.status} in ('held', 'disputed', 'refunding')`),
        due: sumWhere(payments.sellerAmount, sql`${payments.status} = 'released' and ${payments.transferId} is null`),
      })
      .from(payments)
      .where(sql`${payments.status} is not null`),
    ctx.db
      .select()
      .from(ledgerEntries)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(ledgerEntries),
  ]);
  const totals: LedgerTotals = {
    charged: ledger.charged,
    refunded: ledger.refunded,
    fees: ledger.fees,
    transferred: ledger.transfers - ledger.reversals,
    held: money.held,
    due: money.due,
  };
  return { data: entries.map(toLedgerEntry), total, currentPage: page, totalPages: totalPages(total, limit), totals };
}

/** Whether the ledger balances: every cent charged is refunded, kept as a fee, transferred, held or due. */
export const ledgerBalances = (totals: LedgerTotals) =>
  totals.charged === totals.refunded + totals.fees + totals.transferred + totals.held + totals.due;

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
        productName: products.name,
        sellerName: products.sellerName,
        buyerName: bookings.buyerName,
      })
      .from(disputes)
      .innerJoin(payments, eq(payments.id, disputes.paymentId))
      .innerJoin(products, eq(products.id, payments.productId))
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
          sellerEmail: products.sellerEmail,
        })
        .from(bookings)
        .innerJoin(products, eq(products.id, bookings.productId))
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
