import { expect } from "vitest";
import { type LedgerTotals } from "~/.server/services/deals/ledger";
import { type clientFor, uniqueEmail } from "./http-client";

// The deal as its integration tests drive it, on either stack: a seller and a car of theirs,
// a buyer who books it, and the ledger's invariant checked as an admin sees it.

type Client = ReturnType<typeof clientFor>;

export interface Party {
  email: string;
  token: string;
  id: string;
}

export type Totals = LedgerTotals;

export function dealHelpers(app: Client) {
  async function party(accountType: "buyer" | "seller", label: string): Promise<Party> {
    const email = uniqueEmail(label);
    const id = await app.register({ email, accountType, name: `${label} Person` });
    return { email, id, token: await app.accessToken(email) };
  }

  /** An unsold car of this seller (price in whole dollars). */
  async function carOf(sellerEmail: string, price = 18000, name = "Deal Car"): Promise<string> {
    const id = crypto.randomUUID();
    await app.sql(
      `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
       select ?, ?, 25000, ?, 'Dhaka', id, 'Good', '0171', 'For the deal.', 2019, '/images/x.jpg', (select id from users where email = ?), 'Deal Seller', ?, ? from categories limit 1`,
      [id, name, price, sellerEmail, sellerEmail, new Date().toISOString()],
    );
    return id;
  }

  async function book(buyer: Party, carId: string): Promise<string> {
    const response = await app.apiJson(
      "/api/bookings",
      { product_id: carId, phone: "01711 000000", meetingLocation: "Dhaka" },
      { token: buyer.token },
    );
    expect(response.status).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  }

  /** Books and pays for a car with the simulator's good card (a "simulator" stack); the booking's id. */
  async function paidBooking(buyer: Party, carId: string): Promise<string> {
    const bookingId = await book(buyer, carId);
    const intent = await app.apiJson("/api/payment/create-payment-intent", { bookingId }, { token: buyer.token });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
    const charge = await app.apiJson("/api/payment/simulator/confirm", { clientSecret, card }, { token: buyer.token });
    const { id } = (await charge.json()) as { id: string };
    expect((await app.apiJson("/api/payment", { bookingId, transactionId: id }, { token: buyer.token })).status).toBe(201);
    return bookingId;
  }

  const post = (path: string, token: string, body?: unknown) =>
    body === undefined
      ? app.request(path, { method: "POST", headers: { authorization: `Bearer ${token}` } })
      : app.apiJson(path, body, { token });

  async function booking(buyer: Party, bookingId: string) {
    const response = await app.request(`/api/booking/${bookingId}`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      paid: boolean;
      payment: null | {
        status: string;
        amount: number;
        fee: number;
        sellerAmount: number;
        paidAt: string;
        releaseAt: string;
        releasedAt: string | null;
        refundedAt: string | null;
      };
    };
  }

  let adminToken: string | undefined;
  async function totals(): Promise<Totals> {
    adminToken ??= await app.accessToken("admin@autoreseller.test");
    const response = await app.request("/api/admin/ledger?limit=1", { headers: { authorization: `Bearer ${adminToken}` } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { totals: Totals }).totals;
  }

  /** The contract's invariants: the totals balance, and no payment has two of a movement or both a refund and a transfer that stands. */
  async function expectLedgerBalances() {
    const sums = await totals();
    expect(sums.charged).toBe(sums.refunded + sums.fees + sums.transferred - sums.reversed + sums.held + sums.due - sums.owed);
    // Per payment: one charge and one transfer at most, and never more out (refunds, the fee, what was
    // paid out and not taken back) than came in.
    const doubled = await app.sql(
      `select payment_id from ledger_entries group by payment_id
       having sum(kind = 'charge') > 1 or sum(kind = 'transfer') > 1
         or sum(case when kind in ('refund', 'fee', 'transfer') then amount when kind in ('transfer_reversal', 'fee_refund') then -amount else 0 end)
          > sum(case when kind = 'charge' then amount else 0 end)`,
    );
    expect(doubled).toEqual([]);
  }

  /** Runs the Worker's Cron Trigger as `wrangler dev --test-scheduled` does. */
  async function runScheduled() {
    const response = await app.request(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
    expect(response.status).toBe(200);
  }

  const ledgerOf = async (bookingId: string) =>
    (await app.sql("select kind, amount, provider_id from ledger_entries where booking_id = ? order by created_at, kind", [bookingId])).map(
      (row) => ({ kind: row.kind, amount: row.amount, providerId: row.provider_id }),
    );

  const notificationsOf = async (userId: string, kind: string) =>
    (await app.sql("select text from notifications where user_id = ? and kind = ?", [userId, kind])).map((row) => row.text as string);

  return { party, carOf, book, paidBooking, post, booking, totals, expectLedgerBalances, runScheduled, ledgerOf, notificationsOf };
}
