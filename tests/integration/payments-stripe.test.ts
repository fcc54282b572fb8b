import Stripe from "stripe";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { type Product } from "~/lib/types";
import { STRIPE_WEBHOOK_SECRET } from "../support/stripe-secrets";
import { clientFor, uniqueEmail } from "./client";

// The Stripe path: the Worker configured with a Stripe key, its SDK pointed at a local fake of
// Stripe's HTTP API, and webhook payloads signed by the SDK's own test helper.

const app = clientFor(inject("stripeAppUrl"), inject("stripeDbUrl"), inject("stripeDbAuthToken"));
const stripeApi = inject("stripeApiUrl");
const stripe = new Stripe("sk_test_fake", {
  httpClient: Stripe.createFetchHttpClient(),
  host: new URL(stripeApi).hostname,
  port: new URL(stripeApi).port,
  protocol: "http",
});
let car: Product;

beforeAll(async () => {
  car = ((await (await app.request("/api/products/advertisement")).json()) as Product[])[0];
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

async function buyerWithIntent(productId: string) {
  const email = uniqueEmail("card");
  await app.register({ email });
  const token = await app.accessToken(email);
  const { insertedId: bookingId } = (await (await app.apiJson("/api/bookings", { product_id: productId, phone: "1", meetingLocation: "x" }, { token })).json()) as { insertedId: string };
  const response = await app.apiJson("/api/payment/create-payment-intent", { bookingId, resalePrice: 5 }, { token });
  expect(response.status).toBe(200);
  const { clientSecret } = (await response.json()) as { clientSecret: string };
  return { token, bookingId, intentId: clientSecret.split("_secret_")[0], clientSecret };
}

/** What Stripe.js does when the buyer's card goes through. */
const cardSucceeds = (intentId: string) => fetch(`${stripeApi}/__control/payment_intents/${intentId}/succeed`, { method: "POST" });

function succeededEvent(intent: Stripe.PaymentIntent, id = `evt_${crypto.randomUUID()}`) {
  return JSON.stringify({ id, object: "event", type: "payment_intent.succeeded", data: { object: intent }, created: Math.floor(Date.now() / 1000), livemode: false, api_version: null });
}

function sendWebhook(payload: string, signature?: string) {
  return app.request("/webhooks/stripe", {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body: payload,
  });
}

const signed = (payload: string, timestamp?: number) => stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET, timestamp });
const paymentsFor = async (intentId: string) => Number((await app.sql("select count(*) as n from payments where transaction_id = ?", [intentId]))[0].n);

describe("Stripe payment intents", () => {
  it("are created once per booking for the database price, in cents, with the booking's metadata", async () => {
    const buyer = await buyerWithIntent(car._id);
    const intent = await stripe.paymentIntents.retrieve(buyer.intentId);
    expect(intent).toMatchObject({ amount: car.resalePrice * 100, currency: "usd", metadata: { bookingId: buyer.bookingId, productId: car._id } });
    const again = (await (await app.apiJson("/api/payment/create-payment-intent", { bookingId: buyer.bookingId }, { token: buyer.token })).json()) as { clientSecret: string };
    expect(again.clientSecret).toBe(buyer.clientSecret);
  });

  it("keep the simulator off", async () => {
    const buyer = await buyerWithIntent(car._id);
    const response = await app.apiJson("/api/payment/simulator/confirm", { clientSecret: buyer.clientSecret, card: { number: "4242424242424242", expMonth: 1, expYear: 2099, cvc: "123" } }, { token: buyer.token });
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

    const recorded = await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: buyer.intentId }, { token: buyer.token });
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
});

describe("POST /api/payment with Stripe", () => {
  it("believes Stripe, not the client: unconfirmed, foreign and wrong-amount intents are refused", async () => {
    const buyer = await buyerWithIntent(await newCar());
    expect((await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: buyer.intentId }, { token: buyer.token })).status).toBe(400);

    const other = await buyerWithIntent(await newCar());
    await cardSucceeds(other.intentId);
    expect((await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: other.intentId }, { token: buyer.token })).status).toBe(400);

    const wrongAmount = await stripe.paymentIntents.create({ amount: 100, currency: "usd", metadata: { bookingId: buyer.bookingId } });
    await cardSucceeds(wrongAmount.id);
    expect((await app.apiJson("/api/payment", { bookingId: buyer.bookingId, transactionId: wrongAmount.id }, { token: buyer.token })).status).toBe(400);
    expect(await paymentsFor(wrongAmount.id)).toBe(0);
  });

  it("refunds a payment that arrives after someone else bought the car", async () => {
    const carId = await newCar();
    const first = await buyerWithIntent(carId);
    const late = await buyerWithIntent(carId);
    await cardSucceeds(first.intentId);
    await cardSucceeds(late.intentId);
    expect((await app.apiJson("/api/payment", { bookingId: first.bookingId, transactionId: first.intentId }, { token: first.token })).status).toBe(201);
    const refused = await app.apiJson("/api/payment", { bookingId: late.bookingId, transactionId: late.intentId }, { token: late.token });
    expect(refused.status).toBe(409);
    const refundsAtStripe = (await (await fetch(`${stripeApi}/__control/refunds`)).json()) as { payment_intent: string }[];
    expect(refundsAtStripe.filter((refund) => refund.payment_intent === late.intentId)).toHaveLength(1);
    expect((await app.sql("select lost from bookings where id = ?", [late.bookingId]))[0].lost).toBe(1);
    expect((await app.apiJson("/api/payment/create-payment-intent", { bookingId: late.bookingId }, { token: late.token })).status).toBe(409);
  });
});

describe("the payment page with Stripe", () => {
  it("loads Stripe's card form only here", async () => {
    const email = uniqueEmail("page");
    await app.register({ email });
    const token = await app.accessToken(email);
    const { insertedId } = (await (await app.apiJson("/api/bookings", { product_id: car._id, phone: "1", meetingLocation: "x" }, { token })).json()) as { insertedId: string };
    const html = await (await app.request(`/dashboard/payment/${insertedId}`, { headers: { cookie: await app.signIn(email) } })).text();
    expect(html).toContain(`Payment for ${car.productName}`);
    expect(html).not.toContain("Test mode");
  });
});
