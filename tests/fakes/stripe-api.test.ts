import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeStripe, parseStripeForm, startFakeStripe } from "./stripe-api.ts";

let fake: FakeStripe;
let stripe: Stripe;

function client(apiKey: string): Stripe {
  return new Stripe(apiKey, {
    host: fake.host,
    port: fake.port,
    protocol: "http",
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 0,
  });
}

const control = (path: string, method = "POST") => fetch(`${fake.url}/__control${path}`, { method });
const newIntent = () => stripe.paymentIntents.create({ amount: 1_550_000, currency: "usd" });

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = client("sk_test_fake");
});
afterAll(() => fake.close());

describe("payment intents", () => {
  it("creates an intent with the amount, currency, metadata and a client secret", async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1_550_000,
      currency: "usd",
      metadata: { bookingId: "bk_1", note: "a & b = [c]" },
      automatic_payment_methods: { enabled: true },
    });
    expect(intent).toMatchObject({
      object: "payment_intent",
      amount: 1_550_000,
      currency: "usd",
      status: "requires_payment_method",
      metadata: { bookingId: "bk_1", note: "a & b = [c]" },
      automatic_payment_methods: { enabled: true },
      livemode: false,
    });
    expect(intent.id).toMatch(/^pi_[A-Za-z0-9]{24}$/);
    expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
    expect(intent.lastResponse.requestId).toMatch(/^req_/);
  });

  it("replays the same intent for the same idempotency key, and refuses the key with other parameters", async () => {
    const params = { amount: 500, currency: "usd", metadata: { bookingId: "bk_2" } };
    const first = await stripe.paymentIntents.create(params, { idempotencyKey: "booking-bk_2" });
    const again = await stripe.paymentIntents.create(params, { idempotencyKey: "booking-bk_2" });
    expect(again.id).toBe(first.id);
    expect(again.client_secret).toBe(first.client_secret);
    // With the fetch client lastResponse is the fetch Response, so its headers are a Headers, not the typed record.
    expect(new Headers(again.lastResponse.headers as HeadersInit).get("idempotent-replayed")).toBe("true");
    const other = await stripe.paymentIntents.create(params, { idempotencyKey: "booking-bk_3" });
    expect(other.id).not.toBe(first.id);
    await expect(stripe.paymentIntents.create({ ...params, amount: 600 }, { idempotencyKey: "booking-bk_2" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("retrieves an intent, and shows it succeeded or failed as the control endpoints say", async () => {
    const created = await newIntent();
    expect(await stripe.paymentIntents.retrieve(created.id)).toMatchObject({ id: created.id, status: "requires_payment_method" });

    const failed = await control(`/payment_intents/${created.id}/fail`);
    expect(await failed.json()).toMatchObject({
      status: "requires_payment_method",
      last_payment_error: { message: "Your card was declined." },
    });

    const succeeded = await control(`/payment_intents/${created.id}/succeed`);
    expect(succeeded.status).toBe(200);
    const retrieved = await stripe.paymentIntents.retrieve(created.id);
    expect(retrieved).toMatchObject({ status: "succeeded", amount_received: 1_550_000, last_payment_error: null });
  });

  it("throws StripeInvalidRequestError (resource_missing) for an unknown id", async () => {
    const error = await stripe.paymentIntents.retrieve("pi_unknown").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("throws StripeInvalidRequestError when a required parameter is missing", async () => {
    const error = await stripe.paymentIntents.create({ currency: "usd" } as Stripe.PaymentIntentCreateParams).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ code: "parameter_missing", param: "amount" });
  });
});

describe("refunds", () => {
  it("refunds only a succeeded intent, once, and lists the refund under /__control/refunds", async () => {
    const intent = await newIntent();
    const early = await stripe.refunds.create({ payment_intent: intent.id }).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(early).toMatchObject({ statusCode: 400 });

    await control(`/payment_intents/${intent.id}/succeed`);
    const refund = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}` });
    expect(refund).toMatchObject({ object: "refund", amount: 1_550_000, payment_intent: intent.id, status: "succeeded" });
    expect(refund.id).toMatch(/^re_/);
    const replay = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-${intent.id}` });
    expect(replay.id).toBe(refund.id);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: "charge_already_refunded" });

    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ amount_refunded: 1_550_000 });
    const listed = (await (await control("/refunds", "GET")).json()) as { id: string; payment_intent: string }[];
    expect(listed.filter((r) => r.payment_intent === intent.id).map((r) => r.id)).toEqual([refund.id]);
  });
});

describe("the edge", () => {
  it("rejects a wrong API key with StripeAuthenticationError", async () => {
    await expect(client("sk_live_wrong").paymentIntents.create({ amount: 100, currency: "usd" })).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
    const bare = await fetch(`${fake.url}/v1/payment_intents/pi_x`);
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("answers unknown routes with a 404 Stripe error in JSON with a Request-Id", async () => {
    const response = await fetch(`${fake.url}/v1/charges`, { headers: { Authorization: "Bearer sk_test_fake" } });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error" } });
  });

  it("parses Stripe's bracket encoding into nested objects and arrays", () => {
    expect(parseStripeForm("a=1&m[k]=v&m[n][o]=p&expand[0]=x&expand[1]=y&s=a%20b%5B%5D")).toEqual({
      a: "1",
      m: { k: "v", n: { o: "p" } },
      expand: ["x", "y"],
      s: "a b[]",
    });
  });
});

describe("webhook signatures with this SDK setup", () => {
  const secret = "whsec_test";
  const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: { id: "pi_1" } } });

  it("verifies a payload signed with generateTestHeaderString", async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const event = await stripe.webhooks.constructEventAsync(payload, header, secret, 300, Stripe.createSubtleCryptoProvider());
    expect(event).toMatchObject({ id: "evt_1", type: "payment_intent.succeeded" });
  });

  it("rejects a tampered payload or a wrong secret", async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const crypto = Stripe.createSubtleCryptoProvider();
    const tampered = payload.replace("pi_1", "pi_2");
    await expect(stripe.webhooks.constructEventAsync(tampered, header, secret, 300, crypto)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
    await expect(stripe.webhooks.constructEventAsync(payload, header, "whsec_other", 300, crypto)).rejects.toBeInstanceOf(
      Stripe.errors.StripeSignatureVerificationError,
    );
  });
});
