import { afterEach, describe, expect, it } from "vitest";
import { dealHelpers, type Party } from "../support/deal";
import { request, sql, stack } from "./client";

// Offers (the contract's "Offers"): a buyer offers, the seller accepts, counters or declines, and
// an accepted amount is what is paid, for 24 hours. Each rule and each race, with the simulator;
// after every test the ledger must balance.

const { party, carOf, book, post, booking, expectLedgerBalances, runScheduled, ledgerOf, notificationsOf } = dealHelpers(stack);

afterEach(expectLedgerBalances);

interface Offer {
  _id: string;
  productId: string;
  amount: number;
  counterAmount: number | null;
  status: string;
  bookingId: string | null;
  buyerName: string;
  sellerName: string;
}

async function offer(buyer: Party, carId: string, amount: number, message?: string) {
  return post(`/api/products/${carId}/offers`, buyer.token, message === undefined ? { amount } : { amount, message });
}
async function offerId(buyer: Party, carId: string, amount: number): Promise<string> {
  const response = await offer(buyer, carId, amount);
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}
async function offersOf(who: Party, query = "") {
  const response = await request(`/api/offers${query}`, { headers: { authorization: `Bearer ${who.token}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Offer[]; total: number }).data;
}
const statusOf = async (id: string) => (await sql("select status from offers where id = ?", [id]))[0].status as string;

/** A seller, a car of theirs at $20,000 and a buyer. */
async function market(price = 20000) {
  const seller = await party("seller", "offer-seller");
  const buyer = await party("buyer", "offer-buyer");
  return { seller, buyer, carId: await carOf(seller.email, price) };
}

async function pay(buyer: Party, bookingId: string) {
  const intent = await post("/api/payment/create-payment-intent", buyer.token, { bookingId });
  expect(intent.status).toBe(200);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
  const charge = (await (await post("/api/payment/simulator/confirm", buyer.token, { clientSecret, card })).json()) as {
    id: string;
    amount: number;
  };
  return { charge, recorded: await post("/api/payment", buyer.token, { bookingId, transactionId: charge.id }) };
}

describe("making an offer", () => {
  it("lets a buyer offer between half the price and the price, once at a time and three times per car", async () => {
    const { seller, buyer, carId } = await market();
    expect((await offer(buyer, carId, 9999)).status).toBe(400);
    expect((await offer(buyer, carId, 20000)).status).toBe(400);
    expect((await offer(buyer, carId, 12000.5)).status).toBe(400);
    expect((await offer(buyer, carId, 12000, "x".repeat(501))).status).toBe(400);
    expect((await offer(seller, carId, 12000)).status).toBe(403);
    expect((await offer(buyer, crypto.randomUUID(), 12000)).status).toBe(404);

    const first = await offerId(buyer, carId, 10000);
    expect((await offer(buyer, carId, 12000)).status).toBe(409);
    expect(await notificationsOf(seller.id, "offer")).toEqual([expect.stringContaining("$10,000")]);
    const [mine] = await offersOf(seller, "?role=seller");
    expect(mine).toMatchObject({ _id: first, amount: 10000, counterAmount: null, status: "open", bookingId: null });
    expect(mine.buyerName).toContain("offer-buyer");

    expect((await post(`/api/offers/${first}/withdraw`, buyer.token)).status).toBe(200);
    const second = await offerId(buyer, carId, 11000);
    expect((await post(`/api/offers/${second}/decline`, seller.token)).status).toBe(200);
    expect(await notificationsOf(buyer.id, "offer_answered")).toEqual([expect.stringContaining("declined")]);
    await offerId(buyer, carId, 12000);
    await post(`/api/offers/${(await offersOf(buyer, "?status=open"))[0]._id}/withdraw`, buyer.token);
    const fourth = await offer(buyer, carId, 13000);
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as { message: string }).message).toMatch(/3 offers/);
  });

  it("limits one buyer's offers across all cars in an hour", async () => {
    const seller = await party("seller", "busy-seller");
    const buyer = await party("buyer", "spam-buyer");
    for (let i = 0; i < 10; i++) await offerId(buyer, await carOf(seller.email, 20000), 15000);
    const over = await offer(buyer, await carOf(seller.email, 20000), 15000);
    expect(over.status).toBe(429);
    expect(((await over.json()) as { message: string }).message).toMatch(/last hour/);
  });

  it("refuses offers on a sold car", async () => {
    const { buyer, carId } = await market();
    const purchaser = await party("buyer", "purchaser");
    expect((await pay(purchaser, await book(purchaser, carId))).recorded.status).toBe(201);
    expect((await offer(buyer, carId, 15000)).status).toBe(409);
  });
});

describe("answering an offer", () => {
  it("runs offer, counter and accept, and the agreed price is what is charged, with the fee and the receipt following it", async () => {
    const { seller, buyer, carId } = await market();
    const stranger = await party("buyer", "stranger");
    const otherSeller = await party("seller", "other-seller");
    const id = await offerId(buyer, carId, 15000);

    // Only the right side answers; people who are neither do not see it.
    expect((await post(`/api/offers/${id}/accept`, buyer.token)).status).toBe(403);
    expect((await post(`/api/offers/${id}/accept`, stranger.token)).status).toBe(404);
    expect((await post(`/api/offers/${id}/counter`, otherSeller.token, { amount: 18000 })).status).toBe(404);
    expect(await offersOf(stranger)).toEqual([]);
    expect((await post(`/api/offers/${id}/counter`, seller.token, { amount: 15000 })).status).toBe(400);
    expect((await post(`/api/offers/${id}/counter`, seller.token, { amount: 20000 })).status).toBe(400);
    expect((await post(`/api/offers/${id}/counter`, seller.token, { amount: 18000 })).status).toBe(200);
    expect((await post(`/api/offers/${id}/counter`, seller.token, { amount: 17000 })).status).toBe(409);
    expect((await post(`/api/offers/${id}/accept`, seller.token)).status).toBe(403);
    expect(await notificationsOf(buyer.id, "offer_answered")).toEqual([expect.stringContaining("$18,000")]);

    expect((await post(`/api/offers/${id}/accept`, buyer.token)).status).toBe(200);
    expect((await post(`/api/offers/${id}/accept`, buyer.token)).status).toBe(409);
    const [accepted] = await offersOf(buyer, "?role=buyer");
    expect(accepted).toMatchObject({ status: "accepted", counterAmount: 18000, bookingId: expect.any(String) });
    const agreed = (await booking(buyer, accepted.bookingId!)) as unknown as {
      agreedPrice: number;
      agreedUntil: string;
      resalePrice: number;
    };
    expect(agreed).toMatchObject({ agreedPrice: 18000, resalePrice: 20000 });
    expect(Date.parse(agreed.agreedUntil) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    expect(await notificationsOf(seller.id, "offer")).toContainEqual(expect.stringContaining("accepted"));

    // The car's public price never moves.
    const car = (await (await request(`/api/products/${carId}`)).json()) as { resalePrice: number };
    expect(car.resalePrice).toBe(20000);

    const { charge, recorded } = await pay(buyer, accepted.bookingId!);
    expect(charge.amount).toBe(1_800_000);
    expect(recorded.status).toBe(201);
    expect((await booking(buyer, accepted.bookingId!)).payment).toMatchObject({
      status: "held",
      amount: 1_800_000,
      fee: 90_000,
      sellerAmount: 1_710_000,
    });
    expect(await ledgerOf(accepted.bookingId!)).toEqual(
      expect.arrayContaining([{ kind: "charge", amount: 1_800_000, providerId: expect.stringMatching(/^pi_sim_/) }]),
    );
    const receipt = await request(`/api/bookings/${accepted.bookingId}/receipt`, { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(((await receipt.json()) as { amount: number }).amount).toBe(1_800_000);
  });

  it("charges the asking price again once the agreement lapsed", async () => {
    const { seller, buyer, carId } = await market();
    const id = await offerId(buyer, carId, 15000);
    expect((await post(`/api/offers/${id}/accept`, seller.token)).status).toBe(200);
    const bookingId = (await sql("select booking_id from offers where id = ?", [id]))[0].booking_id as string;
    await sql("update bookings set agreed_until = ? where id = ?", [new Date(Date.now() - 1000).toISOString(), bookingId]);
    expect(await booking(buyer, bookingId)).toMatchObject({ agreedPrice: null, agreedUntil: null });
    await runScheduled();
    expect((await sql("select agreed_price from bookings where id = ?", [bookingId]))[0].agreed_price).toBeNull();
    const { charge, recorded } = await pay(buyer, bookingId);
    expect(charge.amount).toBe(2_000_000);
    expect(recorded.status).toBe(201);
  });

  it("pays the agreed price for an intent made while the agreement held, even if it lapsed meanwhile", async () => {
    const { seller, buyer, carId } = await market();
    const id = await offerId(buyer, carId, 15000);
    await post(`/api/offers/${id}/accept`, seller.token);
    const bookingId = (await sql("select booking_id from offers where id = ?", [id]))[0].booking_id as string;
    const intent = await post("/api/payment/create-payment-intent", buyer.token, { bookingId });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    await sql("update bookings set agreed_until = ?, payment_started_at = ? where id = ?", [
      new Date(Date.now() - 1000).toISOString(),
      new Date(Date.now() - 2000).toISOString(),
      bookingId,
    ]);
    // The scheduled job keeps an agreement whose payment is under way.
    await runScheduled();
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
    const charge = (await (await post("/api/payment/simulator/confirm", buyer.token, { clientSecret, card })).json()) as {
      id: string;
      amount: number;
    };
    expect(charge.amount).toBe(1_500_000);
    expect((await post("/api/payment", buyer.token, { bookingId, transactionId: charge.id })).status).toBe(201);
    expect((await booking(buyer, bookingId)).payment).toMatchObject({ status: "held", amount: 1_500_000 });
  });

  it("expires unanswered offers after 48 hours and tells both people", async () => {
    const { seller, buyer, carId } = await market();
    const id = await offerId(buyer, carId, 15000);
    await sql("update offers set expires_at = ? where id = ?", [new Date(Date.now() - 1000).toISOString(), id]);
    expect((await post(`/api/offers/${id}/accept`, seller.token)).status).toBe(409);
    await runScheduled();
    expect(await statusOf(id)).toBe("expired");
    expect(await notificationsOf(buyer.id, "offer_expired")).toHaveLength(1);
    expect(await notificationsOf(seller.id, "offer_expired")).toHaveLength(1);
    await runScheduled();
    expect(await notificationsOf(buyer.id, "offer_expired")).toHaveLength(1);
  });

  it("declines every open offer when the car is sold, and tells their buyers", async () => {
    const { buyer, carId } = await market();
    const purchaser = await party("buyer", "paying-buyer");
    const id = await offerId(buyer, carId, 15000);
    expect((await pay(purchaser, await book(purchaser, carId))).recorded.status).toBe(201);
    expect(await statusOf(id)).toBe("declined");
    expect(await notificationsOf(buyer.id, "offer_answered")).toEqual([expect.stringContaining("sold to another buyer")]);
  });
});

describe("races", () => {
  it("seller accept, buyer withdraw and expiry on one offer: exactly one wins", async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, buyer, carId } = await market();
      const id = await offerId(buyer, carId, 15000);
      // The offer runs out while the answers are on their way; the scheduled job comes just after.
      await sql("update offers set expires_at = ? where id = ?", [new Date(Date.now() + 100 * round).toISOString(), id]);
      const answers = await Promise.all([
        post(`/api/offers/${id}/accept`, seller.token),
        post(`/api/offers/${id}/withdraw`, buyer.token),
        new Promise((resolve) => setTimeout(resolve, 100 * round)).then(runScheduled),
      ]);
      const status = await statusOf(id);
      const won = answers.slice(0, 2).filter((answer) => (answer as Response).status === 200).length;
      expect(won + (status === "expired" ? 1 : 0)).toBe(1);
      const agreed = await sql("select count(*) as n from bookings where product_id = ? and agreed_price is not null", [carId]);
      expect(agreed[0].n).toBe(status === "accepted" ? 1 : 0);
    }
  });

  it("two counters at once: one wins", async () => {
    const { seller, buyer, carId } = await market();
    const id = await offerId(buyer, carId, 15000);
    const answers = await Promise.all([
      post(`/api/offers/${id}/counter`, seller.token, { amount: 17000 }),
      post(`/api/offers/${id}/counter`, seller.token, { amount: 18000 }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await notificationsOf(buyer.id, "offer_answered")).toHaveLength(1);
  });

  it("accept and another buyer's payment: the payment wins and the offer is declined", async () => {
    for (let round = 0; round < 3; round++) {
      const { seller, buyer, carId } = await market();
      const other = await party("buyer", "fast-buyer");
      const otherBooking = await book(other, carId);
      const id = await offerId(buyer, carId, 15000);
      const [accepted, paid] = await Promise.all([post(`/api/offers/${id}/accept`, seller.token), pay(other, otherBooking)]);
      expect(paid.recorded.status).toBe(201);
      expect([200, 409]).toContain(accepted.status);
      expect(await statusOf(id)).toBe("declined");
    }
  });
});
