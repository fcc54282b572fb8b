import { afterEach, describe, expect, it } from "vitest";
import { startFileStack } from "../support/file-stack";
import { stripeDealHelpers } from "../support/stripe-deal";

// What an outside attack run and a code review found the money doing wrong in the real world, each
// kept as its own test: refunded money paid out, records that made cars and sellers undeletable,
// partial refunds taken as whole ones, events before their payment, money moving after release, and
// events a stopped Worker dropped. Through Stripe Connect (the fake Stripe API, signed webhooks).

const app = await startFileStack("stripe");
const {
  party,
  carOf,
  post,
  booking,
  expectLedgerBalances,
  runScheduled,
  ledgerOf,
  control,
  sendEvent,
  sendEventOk,
  onboardedSeller,
  chargedBooking,
  paidBooking,
  dashboardRefund,
  transfersAtStripe,
  refundsAtStripe,
  fault,
} = stripeDealHelpers(app);

afterEach(expectLedgerBalances);

const adminToken = () => app.accessToken("admin@autoreseller.test");
const transfersOf = async (bookingId: string) => (await transfersAtStripe()).filter((t) => t.transfer_group === `booking-${bookingId}`);

describe("a refunded payment buys nothing, ever", () => {
  it("refuses the late payer's refunded intent after the first payer's money was given back, and charges them anew when they pay again", async () => {
    const { seller } = await onboardedSeller();
    const carId = await carOf(seller.email, 15_000);
    const buyerA = await party("buyer", "late-payer-a");
    const buyerB = await party("buyer", "first-payer-b");
    const a = await chargedBooking(buyerA, carId);
    const b = await chargedBooking(buyerB, carId);
    expect((await b.record()).status).toBe(201);
    expect((await a.record()).status).toBe(409);
    expect((await post(`/api/bookings/${b.bookingId}/refund`, seller.token)).status).toBe(200);
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);

    // The same, refunded intent again: still refused, the car still for sale, nothing held.
    const again = await a.record();
    expect(again.status).toBe(409);
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    expect((await post(`/api/bookings/${a.bookingId}/handover`, buyerA.token)).status).toBe(409);
    expect(await transfersOf(a.bookingId)).toEqual([]);

    // Paying again for the same booking makes a new intent, which is charged and buys the car.
    const paidAgain = await chargedBooking(buyerA, carId, a.bookingId);
    expect(paidAgain.intent.id).not.toBe(a.intent.id);
    expect((await paidAgain.record()).status).toBe(201);
    expect((await booking(buyerA, a.bookingId)).payment).toMatchObject({ status: "held", amount: 1_500_000 });
  });

  it("refuses an intent refunded for a price that no longer matched, after the price is back", async () => {
    const { seller } = await onboardedSeller();
    const carId = await carOf(seller.email, 12_000);
    const buyer = await party("buyer", "repriced");
    const paid = await chargedBooking(buyer, carId);
    await app.sql("update products set resale_price = 13000 where id = ?", [carId]);
    expect((await paid.record()).status).toBe(409);
    await app.sql("update products set resale_price = 12000 where id = ?", [carId]);
    expect((await paid.record()).status).toBe(409);
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    expect((await ledgerOf(paid.bookingId)).map((entry) => entry.kind).sort()).toEqual(["charge", "refund"]);
  });
});

describe("deleting keeps the records", () => {
  it("removes a car, a reported car and a seller with a refunded sale (never a 5xx), and the buyer keeps the booking and its receipt", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "kept-records");
    const first = await paidBooking(buyer, await carOf(seller.email));
    expect((await post(`/api/bookings/${first.bookingId}/refund`, seller.token)).status).toBe(200);
    const carId = (await app.sql("select product_id from bookings where id = ?", [first.bookingId]))[0].product_id as string;

    // The buyer may not delete the refunded booking: its receipt stays.
    const cancel = await app.request(`/api/bookings/${first.bookingId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(cancel.status).toBe(409);

    const removed = await app.request(`/api/products/${carId}`, { method: "DELETE", headers: { authorization: `Bearer ${seller.token}` } });
    expect(removed.status).toBe(200);
    expect((await app.request(`/api/products/${carId}`)).status).toBe(404);
    expect((await booking(buyer, first.bookingId)).payment).toMatchObject({ status: "refunded" });
    const receipt = await app.request(`/api/bookings/${first.bookingId}/receipt`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(receipt.status).toBe(200);
    expect(await receipt.json()).toMatchObject({ productName: "Deal Car", amount: 1_800_000 });
    expect((await app.request(`/api/booking/${first.bookingId}`, { headers: { authorization: `Bearer ${buyer.token}` } })).status).toBe(
      200,
    );

    // A reported car with a refunded sale, removed by an admin.
    const second = await paidBooking(buyer, await carOf(seller.email));
    expect((await post(`/api/bookings/${second.bookingId}/refund`, seller.token)).status).toBe(200);
    const reported = (await app.sql("select product_id from bookings where id = ?", [second.bookingId]))[0].product_id as string;
    const token = await adminToken();
    const item = await app.request(`/api/report/item/${reported}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(item.status).toBe(200);

    // The seller, with a refunded sale and a car for sale.
    const third = await paidBooking(buyer, await carOf(seller.email));
    expect((await post(`/api/bookings/${third.bookingId}/refund`, seller.token)).status).toBe(200);
    const gone = await app.request(`/api/users/seller/${seller.id}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    expect(gone.status).toBe(200);
    expect((await booking(buyer, third.bookingId)).payment).toMatchObject({ status: "refunded" });
    expect(
      await app.sql("select count(*) as n from ledger_entries where booking_id in (?, ?, ?)", [
        first.bookingId,
        second.bookingId,
        third.bookingId,
      ]),
    ).toEqual([expect.objectContaining({ n: 6 })]);
  });

  it("refuses to delete a seller while money is held for their car, with the reason", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "held-for-seller");
    await paidBooking(buyer, await carOf(seller.email));
    const refused = await app.request(`/api/users/seller/${seller.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Finish your open deals first/);
  });
});

describe("refunds at Stripe's dashboard", () => {
  it("records a partial refund as it happened: the payment stays held, and the fee and the seller's share follow what is left", async () => {
    const { seller, account } = await onboardedSeller();
    const buyer = await party("buyer", "partial");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email, 20_000));
    const refund = await dashboardRefund(intent.id, 500_000);
    // Held still, its fee and the seller's share shown on the $15,000 left.
    expect((await booking(buyer, bookingId)).payment).toMatchObject({
      status: "held",
      refundedAmount: 500_000,
      fee: 75_000,
      sellerAmount: 1_425_000,
    });
    expect(await ledgerOf(bookingId)).toContainEqual({ kind: "refund", amount: 500_000, providerId: refund.id });

    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    // 5 % of the $15,000 left is $750: the seller gets $14,250.
    expect(await transfersOf(bookingId)).toEqual([expect.objectContaining({ amount: 1_425_000, destination: account.id })]);
    expect(await ledgerOf(bookingId)).toContainEqual(expect.objectContaining({ kind: "fee", amount: 75_000 }));
  });

  it("applies a refund whose event came before the payment was recorded: the payment buys nothing and nothing is paid out", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "early-refund");
    const carId = await carOf(seller.email);
    const paid = await chargedBooking(buyer, carId);
    await dashboardRefund(paid.intent.id);
    expect((await paid.record()).status).toBe(409);
    expect((await app.sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    await sendEventOk("payment_intent.succeeded", paid.intent);
    await runScheduled();
    expect(await transfersOf(paid.bookingId)).toEqual([]);
    expect((await refundsAtStripe()).filter((refund) => refund.payment_intent === paid.intent.id)).toHaveLength(1);
  });

  it("applies a card dispute whose event came before the payment was recorded: the money stops for an admin", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "early-dispute");
    const paid = await chargedBooking(buyer, await carOf(seller.email));
    const dispute = await control<{ id: string }>(`/payment_intents/${paid.intent.id}/dispute`, "POST", {});
    await sendEventOk("charge.dispute.created", { id: dispute.id, object: "dispute", payment_intent: paid.intent.id });
    expect((await booking(buyer, paid.bookingId)).payment?.status).toBe("disputed");
    expect((await post(`/api/bookings/${paid.bookingId}/handover`, buyer.token)).status).toBe(409);
    expect(await transfersOf(paid.bookingId)).toEqual([]);
  });
});

describe("after release", () => {
  it("a refund before the transfer stops it for an admin; a refund after it takes the refunded amount back from the seller", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "after-release");
    const stopped = await paidBooking(buyer, await carOf(seller.email, 10_000));
    await fault("POST /v1/transfers", "refuse");
    expect((await post(`/api/bookings/${stopped.bookingId}/handover`, buyer.token)).status).toBe(200);
    await dashboardRefund(stopped.intent.id, 100_000);
    expect((await booking(buyer, stopped.bookingId)).payment?.status).toBe("disputed");
    await runScheduled();
    expect(await transfersOf(stopped.bookingId)).toEqual([]);

    const paidOut = await paidBooking(buyer, await carOf(seller.email, 10_000));
    expect((await post(`/api/bookings/${paidOut.bookingId}/handover`, buyer.token)).status).toBe(200);
    const [transfer] = await transfersOf(paidOut.bookingId);
    expect(transfer.amount).toBe(950_000);
    await dashboardRefund(paidOut.intent.id, 200_000);
    expect(await ledgerOf(paidOut.bookingId)).toContainEqual(expect.objectContaining({ kind: "transfer_reversal", amount: 200_000 }));
    expect((await transfersOf(paidOut.bookingId))[0].amount_reversed).toBe(200_000);
  });

  it("a whole refund after the transfer takes the seller's share back and gives the fee back: nothing is kept", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "whole-after");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email, 10_000));
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    await dashboardRefund(intent.id);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("refunded");
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind).sort()).toEqual([
      "charge",
      "fee",
      "fee_refund",
      "refund",
      "transfer",
      "transfer_reversal",
    ]);
  });
});

describe("transfers at most once, ever", () => {
  it("tries a refused transfer again as a new attempt (Stripe replays a refusal saved under its key)", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "refused-transfer");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email));
    await fault("POST /v1/transfers", "refuse");
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    expect(await transfersOf(bookingId)).toEqual([]);
    await runScheduled();
    expect(await transfersOf(bookingId)).toHaveLength(1);
    expect((await ledgerOf(bookingId)).filter((entry) => entry.kind === "transfer")).toHaveLength(1);
  });

  it("records a transfer whose answer was lost, without sending another", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "lost-answer");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email));
    // Stripe made the transfer; the Worker never heard (its SDK retries lose the answer too).
    await fault("POST /v1/transfers", "lost", 3);
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    await runScheduled();
    await runScheduled();
    expect(await transfersOf(bookingId)).toHaveLength(1);
    expect((await ledgerOf(bookingId)).filter((entry) => entry.kind === "transfer")).toHaveLength(1);
  });

  it("shows admins a money problem after repeated refusals", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "refused-thrice");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email));
    await fault("POST /v1/transfers", "refuse", 3);
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    await runScheduled();
    await runScheduled();
    const token = await adminToken();
    const problems = (await (await app.request("/api/admin/money-problems", { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { kind: string; bookingId: string }[];
    };
    expect(problems.data).toContainEqual(expect.objectContaining({ kind: "transfer_failed", bookingId }));
  });
});

describe("Stripe's events", () => {
  it("handles an event whose claim a stopped Worker left behind", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "stopped-worker");
    const { bookingId, intent, record } = await chargedBooking(buyer, await carOf(seller.email));
    const eventId = `evt_${crypto.randomUUID()}`;
    await app.sql("insert into stripe_events (id, type, claimed_until, created_at) values (?, 'payment_intent.succeeded', ?, ?)", [
      eventId,
      new Date(Date.now() - 1000).toISOString(),
      new Date().toISOString(),
    ]);
    expect(await (await sendEvent("payment_intent.succeeded", intent, eventId)).json()).toEqual({ received: true });
    expect((await booking(buyer, bookingId)).payment?.status).toBe("held");
    expect((await record()).status).toBe(200);
  });

  it("acknowledges signed but malformed events and ignores them, never a 5xx, leaving no payment between states", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "malformed");
    const { bookingId, intent } = await paidBooking(buyer, await carOf(seller.email));
    const malformed: [string, unknown][] = [
      ["payment_intent.succeeded", {}],
      ["payment_intent.succeeded", { id: 42, status: "succeeded", amount: "lots", currency: "usd", metadata: {} }],
      ["payment_intent.succeeded", { ...intent, metadata: null }],
      ["charge.refunded", {}],
      ["charge.refunded", { payment_intent: 7 }],
      ["charge.refunded", { payment_intent: { nope: true } }],
      ["charge.refunded", null],
      ["charge.dispute.created", { payment_intent: intent.id }],
      ["charge.dispute.created", { id: "", payment_intent: intent.id }],
      ["account.updated", {}],
      ["account.updated", { id: ["acct"] }],
    ];
    for (const [type, object] of malformed) expect((await sendEvent(type, object as object)).status).toBe(200);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("held");
  });

  it("keeps a ready payout account ready when an older account.updated arrives late", async () => {
    const { seller, account } = await onboardedSeller();
    await sendEventOk("account.updated", { ...account, payouts_enabled: false, charges_enabled: false });
    expect(await (await app.request("/api/payouts/account", { headers: { authorization: `Bearer ${seller.token}` } })).json()).toEqual({
      status: "ready",
      payoutsEnabled: true,
    });
  });
});

describe("reconciliation", () => {
  it("finds nothing when the ledger and Stripe agree, and records what Stripe holds that the ledger lacks", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "reconciled");
    const { bookingId } = await paidBooking(buyer, await carOf(seller.email));
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    const token = await adminToken();
    const run = async () => (await (await post("/api/admin/reconcile", token)).json()) as { checked: number; problems: number };
    const before = await run();
    expect(before.checked).toBeGreaterThan(0);

    // A refund made at Stripe whose event never came: reconciliation records it as the event would have.
    const unseen = await paidBooking(buyer, await carOf(seller.email));
    const refund = await dashboardRefund(unseen.intent.id, 100_000, false);
    expect(await run()).toMatchObject({ problems: before.problems });
    expect(await ledgerOf(unseen.bookingId)).toContainEqual({ kind: "refund", amount: 100_000, providerId: refund.id });
  });
});
