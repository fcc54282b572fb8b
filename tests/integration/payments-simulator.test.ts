import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { accessToken, apiJson, postForm, register, request, signIn, sql, uniqueEmail } from "./client";

// The whole payment flow offline, with the built-in simulator standing in for Stripe.

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
let carForSale: Car;

beforeAll(async () => {
  const adminToken = await accessToken("admin@autoreseller.test");
  const all = (await (
    await request("/api/products/seller/seller@autoreseller.test", { headers: { authorization: `Bearer ${adminToken}` } })
  ).json()) as Car[];
  carForSale = all.find((car) => !car.isPaid && !car.isAdvertised)!;
});

async function buyerWithBooking(carId: string) {
  const email = uniqueEmail("payer");
  await register({ email, name: "Paying Buyer" });
  const token = await accessToken(email);
  const booked = await apiJson("/api/bookings", { product_id: carId, phone: "1", meetingLocation: "x" }, { token });
  const { insertedId: bookingId } = (await booked.json()) as { insertedId: string };
  return { email, token, bookingId };
}

async function newCar(): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     select ?, 'Race Car 2020', 30000, 21500, 'Dhaka', id, 'Good', '0171', 'Fast.', 2020, '/images/x.jpg', (select id from users where email = 'seller@autoreseller.test'), 'Rahim Motors', 'seller@autoreseller.test', ? from categories limit 1`,
    [id, new Date().toISOString()],
  );
  return id;
}

const intentFor = async (token: string, bookingId: string, extra: object = {}) =>
  apiJson("/api/payment/create-payment-intent", { bookingId, ...extra }, { token });
const confirm = (token: string, clientSecret: string, card: object) =>
  apiJson("/api/payment/simulator/confirm", { clientSecret, card }, { token });
const pay = (token: string, bookingId: string, transactionId: string) => apiJson("/api/payment", { bookingId, transactionId }, { token });

describe("payment intents", () => {
  it("charges the car's price from the database, whatever the client sends", async () => {
    const buyer = await buyerWithBooking(carForSale._id);
    const response = await intentFor(buyer.token, buyer.bookingId, { resalePrice: 1 });
    expect(response.status).toBe(200);
    const { clientSecret } = (await response.json()) as { clientSecret: string };
    const confirmed = await confirm(buyer.token, clientSecret, GOOD_CARD);
    expect(await confirmed.json()).toEqual({
      id: expect.stringMatching(/^pi_/),
      status: "succeeded",
      amount: carForSale.resalePrice * 100,
    });
  });

  it("is only for the booking's buyer", async () => {
    const buyer = await buyerWithBooking(carForSale._id);
    const stranger = await accessToken("buyer2@autoreseller.test");
    expect((await intentFor(stranger, buyer.bookingId)).status).toBe(404);
    expect((await intentFor(buyer.token, "no-such-booking")).status).toBe(404);
    expect((await apiJson("/api/payment/create-payment-intent", { bookingId: buyer.bookingId })).status).toBe(401);
  });
});

describe("the simulator's cards", () => {
  it("declines 4000 0000 0000 0002 with Stripe's message and refuses expired or malformed cards", async () => {
    const buyer = await buyerWithBooking(carForSale._id);
    const { clientSecret } = (await (await intentFor(buyer.token, buyer.bookingId)).json()) as { clientSecret: string };
    const declined = await confirm(buyer.token, clientSecret, DECLINED_CARD);
    expect(await declined.json()).toMatchObject({ status: "requires_payment_method", error: { message: "Your card was declined." } });
    expect((await confirm(buyer.token, clientSecret, { ...GOOD_CARD, expYear: 2020 })).status).toBe(400);
    expect((await confirm(buyer.token, clientSecret, { ...GOOD_CARD, number: "1234" })).status).toBe(400);
    expect((await confirm(buyer.token, clientSecret, { number: 4242 })).status).toBe(400);
    const stranger = await accessToken("buyer2@autoreseller.test");
    expect((await confirm(stranger, clientSecret, GOOD_CARD)).status).toBe(404);
  });
});

describe("recording a payment", () => {
  it("records once, sells the car, and answers a repeat with the same payment", async () => {
    const carId = await newCar();
    const buyer = await buyerWithBooking(carId);
    const { clientSecret } = (await (await intentFor(buyer.token, buyer.bookingId)).json()) as { clientSecret: string };

    const { id: unconfirmed } = { id: clientSecret.split("_secret_")[0] };
    expect((await pay(buyer.token, buyer.bookingId, unconfirmed)).status).toBe(400);

    const { id } = (await (await confirm(buyer.token, clientSecret, GOOD_CARD)).json()) as { id: string };
    const first = await pay(buyer.token, buyer.bookingId, id);
    expect(first.status).toBe(201);
    const { insertedId } = (await first.json()) as { insertedId: string };
    const again = await pay(buyer.token, buyer.bookingId, id);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ acknowledged: true, insertedId });

    const booking = await (
      await request(`/api/booking/${buyer.bookingId}`, { headers: { authorization: `Bearer ${buyer.token}` } })
    ).json();
    expect(booking).toMatchObject({ paid: true, transactionId: id });
    expect(await sql("select is_paid from products where id = ?", [carId])).toEqual([expect.objectContaining({ is_paid: 1 })]);
    expect((await intentFor(buyer.token, buyer.bookingId)).status).toBe(409);
  });

  it("refuses a payment that belongs to another booking", async () => {
    const first = await buyerWithBooking(await newCar());
    const second = await buyerWithBooking(await newCar());
    const { clientSecret } = (await (await intentFor(first.token, first.bookingId)).json()) as { clientSecret: string };
    const { id } = (await (await confirm(first.token, clientSecret, GOOD_CARD)).json()) as { id: string };
    const response = await pay(second.token, second.bookingId, id);
    expect(response.status).toBe(400);
    expect(await sql("select count(*) as n from payments where transaction_id = ?", [id])).toEqual([expect.objectContaining({ n: 0 })]);
  });
});

describe("a car deleted while it is being paid", () => {
  const sellerDeletes = async (carId: string) =>
    request(`/api/products/${carId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${await accessToken("seller@autoreseller.test")}` },
    });
  const paymentStartedLongAgo = (bookingId: string) =>
    sql("update bookings set payment_started_at = ? where id = ?", [new Date(Date.now() - 31 * 60_000).toISOString(), bookingId]);

  it("charged, then deleted, then recorded: the payment is refunded and nothing is sold", async () => {
    const carId = await newCar();
    const buyer = await buyerWithBooking(carId);
    const { clientSecret } = (await (await intentFor(buyer.token, buyer.bookingId)).json()) as { clientSecret: string };
    const { id } = (await (await confirm(buyer.token, clientSecret, GOOD_CARD)).json()) as { id: string };
    expect((await sellerDeletes(carId)).status).toBe(409);
    await paymentStartedLongAgo(buyer.bookingId);
    expect((await sellerDeletes(carId)).status).toBe(200);

    const recorded = await pay(buyer.token, buyer.bookingId, id);
    expect(recorded.status).toBe(409);
    expect(await recorded.json()).toEqual({ message: "Sorry, this car is no longer for sale. Your payment has been refunded." });
    // On record as a payment given back, with its charge and refund in the ledger: it bought nothing.
    expect(await sql("select status, refund_reason, product_id from payments where transaction_id = ?", [id])).toEqual([
      expect.objectContaining({ status: "refunded", refund_reason: "no-longer-for-sale", product_id: carId }),
    ]);
    const refundsAtSimulator = () => sql("select count(*) as n from simulated_movements where kind = 'refund' and parent_id = ?", [id]);
    expect(await refundsAtSimulator()).toEqual([expect.objectContaining({ n: 1 })]);
    expect((await pay(buyer.token, buyer.bookingId, id)).status).toBe(409);
    expect(await refundsAtSimulator()).toEqual([expect.objectContaining({ n: 1 })]);
    expect(await sql("select count(*) as n from ledger_entries where provider_id = ? and kind = 'charge'", [id])).toEqual([
      expect.objectContaining({ n: 1 }),
    ]);
  });

  it("deleted before the card is confirmed: the card is never charged", async () => {
    const carId = await newCar();
    const buyer = await buyerWithBooking(carId);
    const { clientSecret } = (await (await intentFor(buyer.token, buyer.bookingId)).json()) as { clientSecret: string };
    await paymentStartedLongAgo(buyer.bookingId);
    expect((await sellerDeletes(carId)).status).toBe(200);
    expect((await confirm(buyer.token, clientSecret, GOOD_CARD)).status).toBe(404);
    expect(await sql("select status from simulated_intents where client_secret = ?", [clientSecret])).toEqual([
      expect.objectContaining({ status: "requires_payment_method" }),
    ]);
  });

  it("answers 404, never 409, to every delete but one when many arrive at once", async () => {
    const carId = await newCar();
    const token = await accessToken("seller@autoreseller.test");
    const deleteOnce = () => request(`/api/products/${carId}`, { method: "DELETE", headers: { authorization: `Bearer ${token}` } });
    const statuses = await Promise.all(Array.from({ length: 30 }, async () => (await deleteOnce()).status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(29);
  });
});

describe("a race for one car", () => {
  it("ten buyers pay at once: one payment, the car sold once, nine clear refusals with refunds", async () => {
    const carId = await newCar();
    const buyers = await Promise.all(Array.from({ length: 10 }, () => buyerWithBooking(carId)));
    const ready = await Promise.all(
      buyers.map(async (buyer) => {
        const { clientSecret } = (await (await intentFor(buyer.token, buyer.bookingId)).json()) as { clientSecret: string };
        const { id } = (await (await confirm(buyer.token, clientSecret, GOOD_CARD)).json()) as { id: string };
        return { ...buyer, transactionId: id };
      }),
    );

    const answers = await Promise.all(ready.map((buyer) => pay(buyer.token, buyer.bookingId, buyer.transactionId)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const refusal = (await answers.find((answer) => answer.status === 409)!.json()) as { message: string };
    expect(refusal.message).toBe("Sorry, this car was sold to another buyer a moment ago. Your payment has been refunded.");

    expect(await sql("select count(*) as n from payments where product_id = ? and status = 'held'", [carId])).toEqual([
      expect.objectContaining({ n: 1 }),
    ]);
    expect(await sql("select count(*) as n from bookings where product_id = ? and paid = 1", [carId])).toEqual([
      expect.objectContaining({ n: 1 }),
    ]);
    expect(await sql("select count(*) as n from bookings where product_id = ? and lost = 1", [carId])).toEqual([
      expect.objectContaining({ n: 9 }),
    ]);
    expect(
      await sql(
        "select count(*) as n from payments where product_id = ? and status = 'refunded' and refund_reason = 'sold-to-someone-else'",
        [carId],
      ),
    ).toEqual([expect.objectContaining({ n: 9 })]);
    expect(
      await sql(
        `select count(*) as n from simulated_movements m join simulated_intents i on i.id = m.parent_id
         where m.kind = 'refund' and json_extract(i.metadata, '$.productId') = ?`,
        [carId],
      ),
    ).toEqual([expect.objectContaining({ n: 9 })]);
  });
});

describe("the payment page", () => {
  it("shows the booking to its buyer with the simulator's test-mode card form, and is a 404 for others", async () => {
    const buyer = await buyerWithBooking(carForSale._id);
    const html = await (await request(`/dashboard/payment/${buyer.bookingId}`, { headers: { cookie: await signIn(buyer.email) } })).text();
    expect(html).toContain(`Payment for ${carForSale.productName}`);
    expect(html).toMatch(new RegExp(`Please pay <strong>\\$${carForSale.resalePrice.toLocaleString("en-US")}</strong>`));
    for (const label of ["Test mode", "Card number", "Expiration (MM/YY)", "CVC"]) expect(html).toContain(label);

    const other = await request(`/dashboard/payment/${buyer.bookingId}`, { headers: { cookie: await signIn("buyer2@autoreseller.test") } });
    expect(other.status).toBe(404);
    expect(await other.text()).toContain("Sorry, we couldn&#x27;t find this page.");
  });

  it("stops asking for money once the car is paid for, by this buyer or another", async () => {
    const carId = await newCar();
    const [firstPayer, latePayer] = [await buyerWithBooking(carId), await buyerWithBooking(carId)];
    const { clientSecret } = (await (await intentFor(firstPayer.token, firstPayer.bookingId)).json()) as { clientSecret: string };
    const { id: transactionId } = (await (await confirm(firstPayer.token, clientSecret, GOOD_CARD)).json()) as { id: string };
    expect((await pay(firstPayer.token, firstPayer.bookingId, transactionId)).status).toBe(201);

    const page = async (buyer: { email: string; bookingId: string }) =>
      (await request(`/dashboard/payment/${buyer.bookingId}`, { headers: { cookie: await signIn(buyer.email) } })).text();
    const paid = await page(firstPayer);
    expect(paid).toContain("Congrats! your payment completed");
    expect(paid).toContain("You paid <strong>$21,500</strong>");
    expect(paid).not.toContain("Please pay");
    const lost = await page(latePayer);
    expect(lost).toContain("This car has been sold to another buyer");
    expect(lost).not.toContain("Please pay");
  });

  it("takes the card form posted without JavaScript: 1230 reads as 12/30, a bad card changes nothing", async () => {
    const carId = await newCar();
    const buyer = await buyerWithBooking(carId);
    const cookie = await signIn(buyer.email);
    const path = `/dashboard/payment/${buyer.bookingId}`;
    const form = await (await request(path, { headers: { cookie } })).text();
    expect(form).toMatch(/<form[^>]* method="post"/);
    expect(form).toContain("Pay $21,500");
    expect(form).toMatch(/<button type="submit"[^>]*>Pay \$21,500<\/button>/);
    const payments = async () => Number((await sql("select count(*) as n from payments where booking_id = ?", [buyer.bookingId]))[0].n);

    for (const [fields, message] of [
      [{ cardNumber: "4000 0000 0000 0002", expiry: "1230", cvc: "123" }, "Your card was declined."],
      [{ cardNumber: "4242 4242 4242 4242", expiry: "12/3", cvc: "123" }, "Your card&#x27;s expiration date is incomplete."],
      [{ cardNumber: "4242 4242 4242 4242", expiry: "1320", cvc: "123" }, "Your card&#x27;s expiration month is invalid."],
    ] as const) {
      const refused = await postForm(path, fields, cookie);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect(await payments()).toBe(0);
    }

    const paid = await postForm(path, { cardNumber: "4242 4242 4242 4242", expiry: "1230", cvc: "123" }, cookie);
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(path);
    expect(await payments()).toBe(1);
    expect(await (await request(path, { headers: { cookie } })).text()).toContain("Congrats! your payment completed");
  });
});
