import type Stripe from "stripe";
import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { stripeSdkFor } from "../fakes/stripe-api";
import { STRIPE_WEBHOOK_SECRET } from "../support/stripe-secrets";
import { uniqueEmail } from "../support/http-client";
import { startFileStack } from "../support/file-stack";

// The Stripe path: the Worker configured with a Stripe key, its SDK pointed at a local fake of
// Stripe's HTTP API, and webhook payloads signed by the SDK's own test helper.

const app = await startFileStack("stripe");
const stripeApi = app.stripeApiUrl!;
const stripe = stripeSdkFor(stripeApi);
let car: Car;

beforeAll(async () => {
  car = ((await (await app.request("/api/products/advertisement")).json()) as Car[])[0];
});

async function newCar(price = 18000): Promise<string> {
  const id = crypto.randomUUID();
  await app.sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     select ?, 'Stripe Car', 25000, ?, 'Dhaka', id, 'Good', '0171', 'Paid by card.', 2019, '/images/x.jpg', (select id from users where email = 'seller@autoreseller.test'), 'Rahim Motors', 'seller@autoreseller.test', ? from categories limit 1`,
    [id, price, new Date().toISOString()],
  );
  return id;
}

async function buyerWithIntent(carId: string) {
  const email = uniqueEmail("card");
  await app.register({ email });
  const token = await app.accessToken(email);
  const { insertedId: bookingId } = (await (
    await app.apiJson("/api/bookings", { product_id: carId, phone: "1", meetingLocation: "x" }, { token })
  ).json()) as { insertedId: string };
  const response = await app.apiJson("/api/payment/create-payment-intent", { bookingId, resalePrice: 5 }, { token });
  expect(response.status).toBe(200);
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  return { token, bookingId, intentId: clientSecret.split("_secret_")[0], clientSecret };
}

/** What Stripe.js does when the buyer's card goes through. */
const cardSucceeds = (intentId: string) => fetch(`${stripeApi}/__control/payment_intents/${intentId}/succeed`, { method: "POST" });

function succeededEvent(intent: Stripe.PaymentIntent, id = `evt_${crypto.randomUUID()}`) {
  return JSON.stringify({
    id,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: intent },
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    api_version: null,
  });
}

function sendWebhook(payload: string, signature?: string) {
  return app.request("/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}

const signed = (payload: string, timestamp?: number) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp });
/** Sales the intent made: payments that stand (one given back is on record, but bought nothing). */
const paymentsFor = async (intentId: string) =>
  Number(
    (
      await app.sql("select count(*) as n from payments where transaction_id = ? and status not in ('refunding', 'refunded')", [intentId])
    )[0].n,
  );
/** How a payment that bought nothing is on record: why, for which car, and its refund rows in the ledger. */
const givenBack = async (intentId: string) =>
  (
    await app.sql(
      `select p.refund_reason as reason, p.product_id, p.amount, p.status,
         (select count(*) from ledger_entries l where l.payment_id = p.id and l.kind = 'refund') as refunds
       from payments p where p.transaction_id = ?`,
      [intentId],
    )
  )[0];

describe("Stripe payment intents", () => {
  it("are created once per booking for the database price, in cents, with the booking's metadata", async () => {
    const buyer = await buyerWithIntent(car._id);
    const intent = await stripe.paymentIntents.retrieve(buyer.intentId);
    expect(intent).toMatchObject({
      amount: car.resalePrice * 100,
      currency: "usd",
      metadata: { bookingId: buyer.bookingId, productId: car._id },
    });
    const again = (await (
      await app.apiJson("/api/payment/create-payment-intent", { bookingId: buyer.bookingId }, { token: buyer.token })
    ).json()) as { clientSecret: string };
    expect(again.clientSecret).toBe(buyer.clientSecret);
  });

  it("keep the simulator off", async () => {
    const buyer = await buyerWithIntent(car._id);
    const response = await app.apiJson(
      "/api/payment/simulator/confirm",
      { clientSecret: buyer.clientSecret, card: { number: "4242424242424242", expMonth: 1, expYear: 2099, cvc: "123" } },
      { token: buyer.token },
    );
    expect(response.status).toBe(404);
  });
});

describe("the Stripe webhook", () => {
  it("fulfils a succeeded payment once, however often the event and POST /api/payment arrive", async () => {
    const buyer = await buyerWithIntent(await newCar());
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;
    const payload = succeededEvent(intent);
    expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
    expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
    const other = succeededEvent(intent);
    expect((await sendWebhook(other, signed(other))).status).toBe(200);
    expect(await paymentsFor(buyer.intentId)).toBe(1);

    const recorded = await app.apiJson(
      "/api/payment",
      { bookingId: buyer.bookingId, transactionId: buyer.intentId },
      { token: buyer.token },
    );
    expect(recorded.status).toBe(200);
    expect(await paymentsFor(buyer.intentId)).toBe(1);
    expect((await app.sql("select paid from bookings where id = ?", [buyer.bookingId]))[0].paid).toBe(1);
  });

  it("changes nothing for a bad, stale or missing signature (400)", async () => {
    const buyer = await buyerWithIntent(await newCar());
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;
    const payload = succeededEvent(intent);
    const tampered = payload.replace('"livemode":false', '"livemode":true');
    expect((await sendWebhook(tampered, signed(payload))).status).toBe(400);
    expect((await sendWebhook(payload, signed(payload, Math.floor(Date.now() / 1000) - 600))).status).toBe(400);
    expect((await sendWebhook(payload)).status).toBe(400);
    const wrongSecret = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    expect((await sendWebhook(payload, wrongSecret)).status).toBe(400);
    expect(await paymentsFor(buyer.intentId)).toBe(0);
  });

  it("ignores an event whose amount is not the car's price", async () => {
    const carId = await newCar(20000);
    const buyer = await buyerWithIntent(carId);
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;
    const cheap = succeededEvent({ ...intent, amount: 100 });
    expect((await sendWebhook(cheap, signed(cheap))).status).toBe(200);
    expect(await paymentsFor(buyer.intentId)).toBe(0);
  });

  it("refuses an event over 1 MiB with 413 before looking at its signature, even a valid one", async () => {
    const buyer = await buyerWithIntent(await newCar());
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;
    const huge = succeededEvent({ ...intent, description: "x".repeat(1024 * 1024) });
    const response = await sendWebhook(huge, signed(huge));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The event must be at most 1 MiB" });
    expect(await paymentsFor(buyer.intentId)).toBe(0);
  });
});

describe("POST /api/payment with Stripe", () => {
  it("believes Stripe, not the client: unconfirmed and foreign intents are refused, wrong amounts refunded", async () => {
    const buyer = await buyerWithIntent(await newCar());
    expect(
      (await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: buyer.intentId }, { token: buyer.token })).status,
    ).toBe(400);

    const other = await buyerWithIntent(await newCar());
    await cardSucceeds(other.intentId);
    expect(
      (await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: other.intentId }, { token: buyer.token })).status,
    ).toBe(400);

    const wrongAmount = await stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { bookingId: buyer.bookingId } });
    await cardSucceeds(wrongAmount.id);
    expect(
      (await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: wrongAmount.id }, { token: buyer.token })).status,
    ).toBe(409);
    expect(await paymentsFor(wrongAmount.id)).toBe(0);
    expect(await givenBack(wrongAmount.id)).toMatchObject({ reason: "amount-mismatch", status: "refunded", refunds: 1 });
  });

  it("refunds a payment that arrives after someone else bought the car", async () => {
    const carId = await newCar();
    const first = await buyerWithIntent(carId);
    const late = await buyerWithIntent(carId);
    await cardSucceeds(first.intentId);
    await cardSucceeds(late.intentId);
    expect(
      (await app.apiJson("/api/payment", { bookingId: first.bookingId, transactionId: first.intentId }, { token: first.token })).status,
    ).toBe(201);
    const refused = await app.apiJson("/api/payment", { bookingId: late.bookingId, transactionId: late.intentId }, { token: late.token });
    expect(refused.status).toBe(409);
    const refundsAtStripe = (await (await fetch(`${stripeApi}/__control/refunds`)).json()) as { payment_intent: string }[];
    expect(refundsAtStripe.filter((refund) => refund.payment_intent === late.intentId)).toHaveLength(1);
    expect((await app.sql("select lost from bookings where id = ?", [late.bookingId]))[0].lost).toBe(1);
    expect((await app.apiJson("/api/payment/create-payment-intent", { bookingId: late.bookingId }, { token: late.token })).status).toBe(
      409,
    );
  });
});

describe("the payment page with Stripe", () => {
  it("loads Stripe's card form only here", async () => {
    const email = uniqueEmail("page");
    await app.register({ email });
    const token = await app.accessToken(email);
    const { insertedId } = (await (
      await app.apiJson("/api/bookings", { product_id: car._id, phone: "1", meetingLocation: "x" }, { token })
    ).json()) as { insertedId: string };
    const html = await (await app.request(`/dashboard/payment/${insertedId}`, { headers: { cookie: await app.signIn(email) } })).text();
    expect(html).toContain(`Payment for ${car.productName}`);
    expect(html).not.toContain("Test mode");
  });
});

describe("a payment for a car deleted while it was being paid", () => {
  const sellerDeletes = async (carId: string) =>
    app.request(`/api/products/${carId}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${await app.accessToken("seller@autoreseller.test")}` },
    });
  /** The payment started long enough ago that the seller may delete the car again. */
  const paymentStartedLongAgo = (bookingId: string) =>
    app.sql("update bookings set payment_started_at = ? where id = ?", [new Date(Date.now() - 31 * 60_000).toISOString(), bookingId]);

  async function expectRefundedWithoutSale(intentId: string, carId: string) {
    expect(await paymentsFor(intentId)).toBe(0);
    expect(await givenBack(intentId)).toMatchObject({ reason: "no-longer-for-sale", product_id: carId, amount: 18000 * 100, refunds: 1 });
    const refundsAtStripe = (await (await fetch(`${stripeApi}/__control/refunds`)).json()) as { payment_intent: string }[];
    expect(refundsAtStripe.filter((stripeRefund) => stripeRefund.payment_intent === intentId)).toHaveLength(1);
  }

  it("cannot be deleted while the payment is under way", async () => {
    const carId = await newCar();
    const buyer = await buyerWithIntent(carId);
    const refused = await sellerDeletes(carId);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "A buyer is paying for this car right now. Try again in half an hour." });
    expect(await app.sql("select id from products where id = ?", [carId])).toHaveLength(1);
    await paymentStartedLongAgo(buyer.bookingId);
    expect((await sellerDeletes(carId)).status).toBe(200);
  });

  it("is refunded by the webhook when the car was deleted after the charge", async () => {
    const carId = await newCar();
    const buyer = await buyerWithIntent(carId);
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;
    await paymentStartedLongAgo(buyer.bookingId);
    expect((await sellerDeletes(carId)).status).toBe(200);

    const payload = succeededEvent(intent);
    expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
    await expectRefundedWithoutSale(buyer.intentId, carId);
    // The buyer's own confirmation arriving later refunds nothing twice.
    const late = await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: buyer.intentId }, { token: buyer.token });
    expect(late.status).toBe(409);
    await expectRefundedWithoutSale(buyer.intentId, carId);
  });

  it("is refunded when the car was deleted before the charge, whether the buyer or the webhook reports it first", async () => {
    const carId = await newCar();
    const buyer = await buyerWithIntent(carId);
    await paymentStartedLongAgo(buyer.bookingId);
    expect((await sellerDeletes(carId)).status).toBe(200);
    const intent = (await (await cardSucceeds(buyer.intentId)).json()) as Stripe.PaymentIntent;

    const recorded = await app.apiJson(
      "/api/payment",
      { bookingId: buyer.bookingId, transactionId: buyer.intentId },
      { token: buyer.token },
    );
    expect(recorded.status).toBe(409);
    expect(await recorded.json()).toEqual({ message: "Sorry, this car is no longer for sale. Your payment has been refunded." });
    const payload = succeededEvent(intent);
    expect((await sendWebhook(payload, signed(payload))).status).toBe(200);
    await expectRefundedWithoutSale(buyer.intentId, carId);
  });
});
