import type Stripe from "stripe";
import { afterEach, describe, expect, it } from "vitest";
import { dealHelpers, type Party } from "../support/deal";
import { startFileStack } from "../support/file-stack";
import { stripeSdkFor } from "../fakes/stripe-api";
import { STRIPE_WEBHOOK_SECRET } from "../support/stripe-secrets";

// The deal (contract v1.2) through Stripe Connect: the Worker's SDK talks to a local fake of
// Stripe's API (Express accounts, account links, separate charges and transfers, refunds), and
// webhooks are signed with the SDK's own helper, sent before or after the requests they race.

const app = await startFileStack("stripe");
const { party, carOf, book, post, booking, expectLedgerBalances, runScheduled, ledgerOf } = dealHelpers(app);
const stripeApi = app.stripeApiUrl!;
const stripe = stripeSdkFor(stripeApi);

afterEach(expectLedgerBalances);

const control = async <T>(path: string, method = "POST") => (await (await fetch(`${stripeApi}/__control${path}`, { method })).json()) as T;

async function sendEvent(type: string, object: object) {
  const payload = JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type,
    data: { object },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
  });
  const response = await app.request("/webhooks/stripe", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(response.status).toBe(200);
}

/** A seller whose Express account went through Stripe's onboarding; `announce` sends Stripe's account.updated now. */
async function onboardedSeller(announce = true) {
  const seller = await party("seller", "connect-seller");
  const link = (await (await post("/api/payouts/account", seller.token)).json()) as { url: string };
  const accountId = new URL(link.url).pathname.split("/").pop()!;
  expect(accountId).toMatch(/^acct_/);
  const account = await control<Stripe.Account>(`/accounts/${accountId}/complete`);
  if (announce) await sendEvent("account.updated", account);
  return { seller, account };
}

/** Books and pays by card; the webhook comes before the buyer's POST /api/payment, or after it. */
async function paidBooking(buyer: Party, productId: string, webhookFirst = true) {
  const bookingId = await book(buyer, productId);
  const { clientSecret } = (await (
    await app.apiJson("/api/payment/create-payment-intent", { bookingId }, { token: buyer.token })
  ).json()) as {
    clientSecret: string;
  };
  const intentId = clientSecret.split("_secret_")[0];
  const intent = await control<Stripe.PaymentIntent>(`/payment_intents/${intentId}/succeed`);
  const record = () => app.apiJson("/api/payment", { bookingId, transactionId: intentId }, { token: buyer.token });
  if (webhookFirst) {
    await sendEvent("payment_intent.succeeded", intent);
    expect((await record()).status).toBe(200);
  } else {
    expect((await record()).status).toBe(201);
    await sendEvent("payment_intent.succeeded", intent);
  }
  return { bookingId, intent };
}

const transfersAtStripe = () => control<{ id: string; amount: number; destination: string; transfer_group: string }[]>("/transfers", "GET");
const refundsAtStripe = () => control<{ id: string; payment_intent: string }[]>("/refunds", "GET");

describe("the whole deal through Stripe Connect", () => {
  it("pays the seller's Express account by a transfer in the booking's group, less the fee, once", async () => {
    const { seller, account } = await onboardedSeller();
    expect(await (await app.request("/api/payouts/account", { headers: { authorization: `Bearer ${seller.token}` } })).json()).toEqual({
      status: "ready",
      payoutsEnabled: true,
    });
    const buyer = await party("buyer", "connect-buyer");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email, 20000), true);
    expect((await booking(buyer, bookingId)).payment).toMatchObject({ status: "held", amount: 2_000_000, fee: 100_000 });

    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    const transfers = (await transfersAtStripe()).filter((transfer) => transfer.transfer_group === `booking-${bookingId}`);
    expect(transfers).toEqual([expect.objectContaining({ amount: 1_900_000, destination: account.id })]);
    expect(await ledgerOf(bookingId)).toContainEqual({ kind: "transfer", amount: 1_900_000, providerId: transfers[0].id });
  });

  it("keeps released money due until account.updated says the account is ready, then transfers it", async () => {
    const { seller, account } = await onboardedSeller(false);
    const buyer = await party("buyer", "early-buyer");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email, 10000), false);
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind)).not.toContain("transfer");

    await sendEvent("account.updated", account);
    await sendEvent("account.updated", account);
    expect((await transfersAtStripe()).filter((transfer) => transfer.transfer_group === `booking-${bookingId}`)).toHaveLength(1);
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind)).toContain("transfer");
  });

  it("leaves a declined transfer due, and the next scheduled run sends it", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "unlucky-buyer");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email));
    await control("/transfers/decline-next");
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("released");
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind)).not.toContain("transfer");

    await runScheduled();
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind)).toContain("transfer");
    expect((await transfersAtStripe()).filter((transfer) => transfer.transfer_group === `booking-${bookingId}`)).toHaveLength(1);
  });
});

describe("refunds and card disputes through Stripe", () => {
  it("refunds once when the seller gives the money back, whether Stripe's charge.refunded comes too", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "refund-buyer");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email));
    expect((await post(`/api/bookings/${bookingId}/refund`, seller.token)).status).toBe(200);
    const refunds = (await refundsAtStripe()).filter((refund) => refund.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    await sendEvent("charge.refunded", {
      id: `ch_${intent.id}`,
      object: "charge",
      payment_intent: intent.id,
      refunds: { data: [{ id: refunds[0].id }] },
    });
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: "charge", amount: 1_800_000, providerId: intent.id },
      { kind: "refund", amount: 1_800_000, providerId: refunds[0].id },
    ]);
  });

  it("records a refund made in Stripe's dashboard (charge.refunded) and puts the car back on sale", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "dashboard-buyer");
    const carId = await carOf(seller.email);
    const { bookingId, intent } = await paidBooking(buyer, carId);
    const refund = await stripe.refunds.create({ payment_intent: intent.id });
    await sendEvent("charge.refunded", { id: `ch_${intent.id}`, object: "charge", payment_intent: intent.id, refunds: { data: [refund] } });
    expect((await booking(buyer, bookingId)).payment?.status).toBe("refunded");
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    expect(await ledgerOf(bookingId)).toContainEqual({ kind: "refund", amount: 1_800_000, providerId: refund.id });
  });

  it("stops a held payment on charge.dispute.created, for the admins to decide", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "card-dispute-buyer");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email));
    await sendEvent("charge.dispute.created", { id: "dp_test", object: "dispute", payment_intent: intent.id, charge: `ch_${intent.id}` });
    expect((await booking(buyer, bookingId)).payment?.status).toBe("disputed");
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(409);
    const token = await app.accessToken("admin@autoreseller.test");
    const open = (await (await app.request("/api/admin/disputes?limit=50", { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { _id: string; bookingId: string }[];
    };
    const dispute = open.data.find((row) => row.bookingId === bookingId)!;
    expect((await post(`/api/admin/disputes/${dispute._id}/resolve`, token, { outcome: "refund" })).status).toBe(200);
    expect((await refundsAtStripe()).filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
  });
});
