import { afterEach, describe, expect, it } from "vitest";
import { startFileStack } from "../support/file-stack";
import { type Party } from "../support/deal";
import { stripeDealHelpers } from "../support/stripe-deal";

// Every way money is given back tells the people it concerns, in the app and by email, once: the
// buyer the amount back, the seller what it undoes, each with the car and the page where they act.
// Through Stripe Connect (the fake Stripe API, signed webhooks delivered twice).

const app = await startFileStack("stripe");
const { party, carOf, post, expectLedgerBalances, onboardedSeller, chargedBooking, paidBooking, dashboardRefund, sendEventOk } =
  stripeDealHelpers(app);

afterEach(expectLedgerBalances);

const adminToken = () => app.accessToken("admin@autoreseller.test");

/** A car of this seller with a name to find in what people are told. */
async function namedCar(seller: Party, name: string, price: number) {
  const carId = await carOf(seller.email, price);
  await app.sql("update products set name = ? where id = ?", [name, carId]);
  return carId;
}

/** What this person was told of refunds: the app's notifications and the emails, each with its link. */
async function refundNotices(who: Party) {
  const notified = await app.sql(
    "select text, link from notifications where user_id = ? and kind = 'refunded' order by created_at, rowid",
    [who.id],
  );
  const mailed = await app.sql(
    "select text from outgoing_emails where to_address = ? and text like '%you get these emails for: refunds%'",
    [who.email],
  );
  return {
    notified: notified.map((row) => ({ text: String(row.text), link: String(row.link) })),
    mailed: mailed.map((row) => String(row.text)),
  };
}

/** Exactly one notice and one email, saying all of `words` and linking to `path`. */
async function expectNotifiedOnce(who: Party, path: string, ...words: string[]) {
  const { notified, mailed } = await refundNotices(who);
  expect(notified).toHaveLength(1);
  expect(notified[0].link).toBe(path);
  expect(mailed).toHaveLength(1);
  for (const word of words) {
    expect(notified[0].text).toContain(word);
    expect(mailed[0]).toContain(word);
  }
  expect(mailed[0]).toMatch(new RegExp(`https?://\\S+${path}\\b`));
}

/** Stripe's charge.refunded, as it sends it again (same event) and anew (another event) for the same charge. */
async function announceRefundAgain(intentId: string) {
  const charge = { id: `ch_${intentId}`, object: "charge", payment_intent: intentId };
  const id = `evt_${crypto.randomUUID()}`;
  await sendEventOk("charge.refunded", charge, id);
  await sendEventOk("charge.refunded", charge, id);
  await sendEventOk("charge.refunded", charge);
}

describe("a refund is told to the buyer and the seller, once", () => {
  it("made in Stripe's dashboard for a held payment: the buyer hears the amount back, the seller the sale undone", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "dashboard-whole");
    const { intent } = await paidBooking(buyer, await namedCar(seller, "Nissan Fairlady Z", 22_700));
    await dashboardRefund(intent.id);
    await announceRefundAgain(intent.id);
    await expectNotifiedOnce(buyer, "/dashboard/myorders", "$22,700.00", "Nissan Fairlady Z", "given back to your card");
    await expectNotifiedOnce(seller, "/dashboard/sales", "$22,700.00", "Nissan Fairlady Z", "the sale is undone");
  });

  it("made in part in Stripe's dashboard: each part is told with its amount, and the seller hears what stays held", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "dashboard-part");
    const { bookingId, intent } = await paidBooking(buyer, await namedCar(seller, "Honda Civic 2020", 20_000));
    await dashboardRefund(intent.id, 500_000);
    await announceRefundAgain(intent.id);
    await expectNotifiedOnce(buyer, "/dashboard/myorders", "$5,000.00", "Honda Civic 2020");
    await expectNotifiedOnce(seller, "/dashboard/sales", "$5,000.00", "Honda Civic 2020", "The rest stays held");

    // The rest given back by the seller: told as their own refund, not again as the provider's.
    expect((await post(`/api/bookings/${bookingId}/refund`, seller.token)).status).toBe(200);
    await announceRefundAgain(intent.id);
    expect((await refundNotices(buyer)).notified.map((notice) => notice.text)).toEqual([
      expect.stringContaining("$5,000.00"),
      expect.stringContaining("gave back your $15,000.00 for Honda Civic 2020"),
    ]);
    expect((await refundNotices(seller)).notified).toHaveLength(2);
  });

  it("made in Stripe's dashboard after the seller was paid: the seller hears it is taken back", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "dashboard-paid-out");
    const { bookingId, intent } = await paidBooking(buyer, await namedCar(seller, "Toyota Axio", 10_000));
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    await dashboardRefund(intent.id);
    await announceRefundAgain(intent.id);
    await expectNotifiedOnce(buyer, "/dashboard/myorders", "$10,000.00", "Toyota Axio");
    await expectNotifiedOnce(seller, "/dashboard/sales", "$10,000.00", "Toyota Axio", "taken back from your payout account");
  });

  it("given back by the seller or by an admin's decision: told by that decision, not again when Stripe reports the refund", async () => {
    const { seller } = await onboardedSeller();
    const buyer = await party("buyer", "decided-refunds");
    const givenBack = await paidBooking(buyer, await namedCar(seller, "Mazda Demio", 9_000));
    expect((await post(`/api/bookings/${givenBack.bookingId}/refund`, seller.token)).status).toBe(200);
    await announceRefundAgain(givenBack.intent.id);
    await expectNotifiedOnce(buyer, "/dashboard/myorders", "$9,000.00", "Mazda Demio");
    await expectNotifiedOnce(seller, "/dashboard/sales", "$9,000.00", "Mazda Demio", "the sale is undone");

    const disputed = await paidBooking(buyer, await namedCar(seller, "Suzuki Swift", 8_000));
    expect((await post(`/api/bookings/${disputed.bookingId}/dispute`, buyer.token, { reason: "not_as_described" })).status).toBe(201);
    const [dispute] = await app.sql("select id from disputes where booking_id = ?", [disputed.bookingId]);
    expect((await post(`/api/admin/disputes/${String(dispute.id)}/resolve`, await adminToken(), { outcome: "refund" })).status).toBe(200);
    await announceRefundAgain(disputed.intent.id);
    for (const [who, words] of [
      [buyer, "$8,000.00 is given back to your card"],
      [seller, "$8,000.00 is given back to the buyer and the sale is undone"],
    ] as const) {
      const decisions = await app.sql("select text from notifications where user_id = ? and kind = 'dispute_resolved'", [who.id]);
      expect(decisions.map((row) => String(row.text))).toEqual([expect.stringContaining(words)]);
      // The decision was the refund's notice: no second one about the same money.
      expect((await refundNotices(who)).notified.filter((notice) => notice.text.includes("Suzuki Swift"))).toEqual([]);
    }
  });

  it("of a buyer who paid after another buyer had: told the car went to someone else and the money is returned, once", async () => {
    const { seller } = await onboardedSeller();
    const carId = await namedCar(seller, "Nissan Sunny", 12_000);
    const firstPayer = await party("buyer", "paid-first");
    const latePayer = await party("buyer", "paid-second");
    const first = await chargedBooking(firstPayer, carId);
    const second = await chargedBooking(latePayer, carId);
    expect((await first.record()).status).toBe(201);
    expect((await second.record()).status).toBe(409);
    // Reported again by Stripe's event, and the refund's own event: still one notice.
    await sendEventOk("payment_intent.succeeded", second.intent);
    await announceRefundAgain(second.intent.id);
    await expectNotifiedOnce(
      latePayer,
      "/dashboard/myorders",
      "Nissan Sunny went to another buyer",
      "$12,000.00",
      "given back to your card",
    );
    // The seller's sale (the first payer's) stands: nothing was undone for them to hear of.
    expect((await refundNotices(seller)).notified).toEqual([]);
    expect((await refundNotices(firstPayer)).notified).toEqual([]);
  });
});
