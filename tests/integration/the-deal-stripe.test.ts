import { afterEach, describe, expect, it } from "vitest";
import { startFileStack } from "../support/file-stack";
import { stripeDealHelpers } from "../support/stripe-deal";

// The deal through Stripe Connect: the Worker's SDK talks to a local fake of Stripe's API (Express
// accounts, account links, separate charges and transfers, refunds), and webhooks are signed with
// the SDK's own helper, sent before or after the requests they race.

const app = await startFileStack("stripe");
const {
  party,
  carOf,
  post,
  booking,
  expectLedgerBalances,
  runScheduled,
  ledgerOf,
  stripe,
  control,
  sendEventOk,
  onboardedSeller,
  paidBooking,
  transfersAtStripe,
  refundsAtStripe,
} = stripeDealHelpers(app);

afterEach(expectLedgerBalances);

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

    await sendEventOk("account.updated", account);
    await sendEventOk("account.updated", account);
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
    await sendEventOk("charge.refunded", {
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
    await sendEventOk("charge.refunded", {
      id: `ch_${intent.id}`,
      object: "charge",
      payment_intent: intent.id,
      refunds: { data: [refund] },
    });
    expect((await booking(buyer, bookingId)).payment?.status).toBe("refunded");
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    expect(await ledgerOf(bookingId)).toContainEqual({ kind: "refund", amount: 1_800_000, providerId: refund.id });
  });

  it("stops a held payment on charge.dispute.created, for the admins to decide", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "card-dispute-buyer");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email));
    await sendEventOk("charge.dispute.created", { id: "dp_test", object: "dispute", payment_intent: intent.id, charge: `ch_${intent.id}` });
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
