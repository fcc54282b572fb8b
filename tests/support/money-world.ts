import { sql } from "drizzle-orm";
import { type AppContext } from "~/.server/context";
import { ledgerEntries, payments, payoutAccounts, cars, standingPayment } from "~/.server/db/schema";
import { stripeClient, stripeProvider } from "~/.server/payments/stripe";
import { type UserRow } from "~/.server/services/users/users";
import { ledgerTotals, ledgerBalances, owedBack } from "~/.server/services/deals/ledger";
import { handleProviderEvent, readStripeEvent } from "~/.server/services/deals/provider-events";
import { startFakeStripe, stripeSdkFor } from "../fakes/stripe-api";
import { marketplace } from "./marketplace";
import { startTestDatabase } from "./test-database";

// The world the money model runs in: the services against a real libSQL database, paying through
// the real Stripe provider code against the fake Stripe API (which can be made to refuse, fail, time
// out or lose its answer), and Stripe's events as the webhook hands them to the services.

export type FaultMode = "refuse" | "error" | "timeout" | "lost";

/** The database once; each sequence gets it emptied, a fake Stripe of its own and a context around both. */
export async function startMoneyWorld() {
  const database = await startTestDatabase();
  return {
    sequence: () => startSequence(database),
    stop: () => database.stop(),
  };
}

// Every table a sequence writes, children first.
const SEQUENCE_TABLES = [
  "ledger_entries",
  "disputes",
  "money_problems",
  "stripe_events",
  "payments",
  "reviews",
  "bookings",
  "notifications",
  "outgoing_emails",
  "audit_log",
  "price_changes",
  "products",
  "payout_accounts",
  "categories",
  "users",
];

async function startSequence(database: Awaited<ReturnType<typeof startTestDatabase>>) {
  const empty = database.context();
  await empty.db.batch(SEQUENCE_TABLES.map((table) => empty.db.run(sql.raw(`delete from ${table}`))) as never);
  const fake = await startFakeStripe();
  // No SDK retries and a short timeout: every fault reaches the money code, which must recover itself.
  const provider = stripeProvider(stripeClient("sk_test_fake", fake.url, { timeoutMs: 1000, retries: 0 }));
  const ctx: AppContext = database.context({ payments: provider, now: () => new Date() });
  const dashboard = stripeSdkFor(fake.url);
  const rows = marketplace(ctx);

  const control = async <T>(path: string, method = "POST", body?: unknown): Promise<T> => {
    const response = await fetch(`${fake.url}/__control${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };

  let eventNumber = 0;
  /** A Stripe event as the webhook reads it, handled as the webhook hands it on ("busy" and failures count as not delivered). */
  async function deliver(event: { id: string; type: string; object: unknown }) {
    const read = readStripeEvent({ id: event.id, type: event.type, data: { object: event.object } });
    if (!read) return "ignored";
    try {
      return await handleProviderEvent(ctx, read);
    } catch {
      return "failed";
    }
  }
  const newEvent = (type: string, object: unknown) => ({ id: `evt_model_${++eventNumber}_${crypto.randomUUID()}`, type, object });

  /** A seller whose Express account finished onboarding at the fake, with a ready payout account here. */
  async function seller(): Promise<UserRow> {
    const row = await rows.account("seller");
    const account = await dashboard.accounts.create({ type: "express", email: row.email });
    await control(`/accounts/${account.id}/complete`);
    await ctx.db
      .insert(payoutAccounts)
      .values({ userId: row.id, accountId: account.id, status: "ready", payoutsEnabled: true, updatedAt: new Date().toISOString() });
    return row;
  }

  const fault = (route: string, mode: FaultMode) => control("/faults", "POST", { route, mode, times: 1 });
  const clearFaults = () => control("/faults", "DELETE");

  /** The provider's transfers (at-most-once and no-money-out checks). */
  async function providerMoney() {
    const transfers = await control<{ id: string; amount: number; amount_reversed?: number; metadata: Record<string, string> }[]>(
      "/transfers",
      "GET",
    );
    return { transfers };
  }

  /**
   * The invariants over all money, checked after every step: the ledger balances; per payment one
   * charge and one transfer at most, refunds within the charge, one state, and its car sold exactly
   * when a payment for it stands; at the provider, at most one transfer per payment and never more
   * money out for an intent than came in, beyond what a refund after payout has the seller owe back for now.
   */
  async function checkInvariants(): Promise<string | null> {
    const totals = await ledgerTotals(ctx);
    if (!ledgerBalances(totals)) return `the ledger does not balance: ${JSON.stringify(totals)}`;
    const [bad] = await ctx.db.all<{ id: string; problem: string }>(sql`
      select id, problem from (select p.id, case
        when (select count(*) from ${ledgerEntries} l where l.payment_id = p.id and l.kind = 'charge') != 1 then 'charges'
        when (select count(*) from ${ledgerEntries} l where l.payment_id = p.id and l.kind = 'transfer') > 1 then 'transfers'
        when p.refunded_amount > p.amount then 'refunded more than charged'
        when p.status not in ('held', 'disputed', 'released', 'refunding', 'refunded') then 'state'
        when p.status = 'refunded' and p.refunded_amount < p.amount then 'refunded in part only'
        else null end as problem
      from ${payments} p) where problem is not null limit 1`);
    if (bad) return `payment ${bad.id}: ${bad.problem}`;
    const [soldWrong] = await ctx.db.all<{ id: string }>(sql`
      select c.id from ${cars} c
      where c.is_paid != exists (select 1 from ${payments} where ${payments.productId} = c.id and ${standingPayment}) limit 1`);
    if (soldWrong) return `car ${soldWrong.id} is sold without a standing payment, or the reverse`;

    // A refund made at Stripe counts once it is known here (its event or a read-back): until then
    // nothing here could have stopped a payout for it.
    const ours = await ctx.db.select().from(payments);
    const { transfers } = await providerMoney();
    for (const payment of ours) {
      const sent = transfers.filter((transfer) => transfer.metadata.paymentId === payment.id);
      if (sent.length > 1) return `payment ${payment.id} was transferred ${sent.length} times`;
      const out = payment.refundedAmount + sent.reduce((sum, transfer) => sum + transfer.amount - (transfer.amount_reversed ?? 0), 0);
      const { owed } = await owedBack(ctx, payment.id);
      if (out > payment.amount + owed) return `payment ${payment.id}: ${out} out for ${payment.amount} in (owed back ${owed})`;
    }
    return null;
  }

  return {
    ctx,
    rows,
    dashboard,
    control,
    deliver,
    newEvent,
    seller,
    fault,
    clearFaults,
    checkInvariants,
    close: () => fake.close(),
  };
}

export type MoneySequence = Awaited<ReturnType<typeof startSequence>>;
