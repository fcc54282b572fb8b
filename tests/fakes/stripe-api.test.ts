import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
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

/** A control route with a JSON body → its status and JSON answer. */
async function controlJson<T = Record<string, unknown>>(path: string, body?: unknown, method = "POST") {
  const response = await fetch(`${fake.url}/__control${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

const fault = (spec: Record<string, unknown>) => controlJson("/faults", spec);

/** A form POST to the API without the SDK, to see the exact status, body and headers. */
async function post(path: string, params: Record<string, string>, idempotencyKey?: string) {
  const response = await fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: {
      Authorization: "Bearer sk_test_fake",
      "Content-Type": "application/x-www-form-urlencoded",
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    },
    body: new URLSearchParams(params).toString(),
  });
  return {
    status: response.status,
    replayed: response.headers.get("idempotent-replayed"),
    body: (await response.json()) as Record<string, unknown> & { id?: string },
  };
}

async function paidIntent(amount = 10_000) {
  const intent = await stripe.paymentIntents.create({ amount, currency: "usd" });
  await control(`/payment_intents/${intent.id}/succeed`);
  return stripe.paymentIntents.retrieve(intent.id);
}

async function onboardedAccount(): Promise<string> {
  const account = await stripe.accounts.create({ type: "express", email: "seller@example.com" });
  await control(`/accounts/${account.id}/complete`);
  return account.id;
}

const transfersAtStripe = async () => (await (await control("/transfers", "GET")).json()) as Stripe.Transfer[];

beforeAll(async () => {
  fake = await startFakeStripe();
  stripe = client("sk_test_fake");
});
afterAll(() => fake.close());
afterEach(() => controlJson("/faults", undefined, "DELETE"));

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
    const response = await fetch(`${fake.url}/v1/customers`, { headers: { Authorization: "Bearer sk_test_fake" } });
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

describe("idempotency like Stripe's", () => {
  it("saves a failure of a request that began executing, and replays it for the same key even once it would succeed", async () => {
    const account = await stripe.accounts.create({ type: "express" });
    const params = { amount: "5000", currency: "usd", destination: account.id };
    const refused = await post("/v1/transfers", params, "transfer-not-onboarded");
    expect(refused).toMatchObject({ status: 400, replayed: null, body: { error: { code: "insufficient_capabilities_for_transfer" } } });

    await control(`/accounts/${account.id}/complete`);
    const retried = await post("/v1/transfers", params, "transfer-not-onboarded");
    expect(retried).toEqual({ ...refused, replayed: "true" });
    expect((await transfersAtStripe()).filter((transfer) => transfer.destination === account.id)).toEqual([]);
    expect(await post("/v1/transfers", params, "transfer-onboarded")).toMatchObject({ status: 200, body: { object: "transfer" } });
  });

  it("replays a refused refund (charge_already_refunded, or an intent not paid yet) for its key", async () => {
    const early = await newIntent();
    const notPaid = await post("/v1/refunds", { payment_intent: early.id }, `refund-early-${early.id}`);
    expect(notPaid).toMatchObject({ status: 400, body: { error: { code: "payment_intent_unexpected_state" } } });
    await control(`/payment_intents/${early.id}/succeed`);
    expect(await post("/v1/refunds", { payment_intent: early.id }, `refund-early-${early.id}`)).toEqual({ ...notPaid, replayed: "true" });

    const intent = await paidIntent();
    await stripe.refunds.create({ payment_intent: intent.id });
    const again = await post("/v1/refunds", { payment_intent: intent.id }, `refund-twice-${intent.id}`);
    expect(again).toMatchObject({ status: 400, body: { error: { code: "charge_already_refunded" } } });
    expect(await post("/v1/refunds", { payment_intent: intent.id }, `refund-twice-${intent.id}`)).toEqual({ ...again, replayed: "true" });
    await expect(
      stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: `refund-twice-${intent.id}` }),
    ).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("does not save invalid parameters: the key still works with corrected ones", async () => {
    const destination = await onboardedAccount();
    const missing = await post("/v1/transfers", { currency: "usd", destination }, "transfer-fixed-later");
    expect(missing).toMatchObject({ status: 400, body: { error: { code: "parameter_missing", param: "amount" } } });
    const invalid = await post("/v1/transfers", { amount: "12.5", currency: "usd", destination }, "transfer-fixed-later");
    expect(invalid).toMatchObject({ status: 400, replayed: null, body: { error: { code: "parameter_invalid_integer" } } });
    const sent = await post("/v1/transfers", { amount: "1250", currency: "usd", destination }, "transfer-fixed-later");
    expect(sent).toMatchObject({ status: 200, replayed: null, body: { object: "transfer", amount: 1250 } });
    expect(await post("/v1/transfers", { amount: "1250", currency: "usd", destination }, "transfer-fixed-later")).toEqual({
      ...sent,
      replayed: "true",
    });
  });

  it("refuses a saved key with other parameters, even when what it saved was a failure", async () => {
    const intent = await newIntent();
    await post("/v1/refunds", { payment_intent: intent.id }, `refund-${intent.id}-other`);
    const other = await post("/v1/refunds", { payment_intent: intent.id, amount: "100" }, `refund-${intent.id}-other`);
    expect(other).toMatchObject({ status: 400, body: { error: { type: "idempotency_error" } } });
  });

  it("replays the answer it gave, not the object as it is now", async () => {
    const intent = await newIntent();
    await stripe.paymentIntents.create({ amount: 700, currency: "usd" }, { idempotencyKey: `snapshot-${intent.id}` });
    const first = await post("/v1/payment_intents", { amount: "800", currency: "usd" }, `snapshot-2-${intent.id}`);
    await control(`/payment_intents/${first.body.id as string}/succeed`);
    const replay = await post("/v1/payment_intents", { amount: "800", currency: "usd" }, `snapshot-2-${intent.id}`);
    expect(replay.body).toMatchObject({ id: first.body.id, status: "requires_payment_method", latest_charge: null });
  });
});

describe("charges, refunds and disputes", () => {
  it("gives a succeeded intent a charge, retrievable, and the intent's latest_charge", async () => {
    const intent = await paidIntent(25_000);
    expect(intent.latest_charge).toMatch(/^ch_[A-Za-z0-9]{24}$/);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({
      id: intent.latest_charge,
      object: "charge",
      amount: 25_000,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: "usd",
      status: "succeeded",
      payment_intent: intent.id,
      refunds: { object: "list", data: [] },
    });
    expect(charge.created).toBeGreaterThan(1_700_000_000);
    await control(`/payment_intents/${intent.id}/succeed`);
    expect((await stripe.paymentIntents.retrieve(intent.id)).latest_charge).toBe(charge.id);
    await expect(stripe.charges.retrieve("ch_unknown")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });

  it("takes partial refunds up to the amount, on the charge and on the intent", async () => {
    const intent = await paidIntent(10_000);
    const first = await stripe.refunds.create({ payment_intent: intent.id, amount: 3_000 });
    expect(first).toMatchObject({ amount: 3_000, charge: intent.latest_charge, payment_intent: intent.id, currency: "usd" });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ amount_refunded: 3_000, refunded: false });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 7_001 })).rejects.toMatchObject({ code: "amount_too_large" });

    const second = await stripe.refunds.create({ charge: intent.latest_charge as string, amount: 2_000 });
    const rest = await stripe.refunds.create({ payment_intent: intent.id });
    expect(rest.amount).toBe(5_000);
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount_refunded: 10_000, refunded: true });
    expect(charge.refunds?.data.map((refund) => refund.id)).toEqual([rest.id, second.id, first.id]);
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({ amount_refunded: 10_000 });
    await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 1 })).rejects.toMatchObject({
      code: "charge_already_refunded",
    });
  });

  it("refunds as Stripe's dashboard does through a control route, answering the refund and the charge", async () => {
    const intent = await paidIntent(9_000);
    const { status, body } = await controlJson<{ refund: Stripe.Refund; charge: Stripe.Charge }>(`/payment_intents/${intent.id}/refund`, {
      amount: 4_000,
    });
    expect(status).toBe(200);
    expect(body.refund).toMatchObject({ object: "refund", amount: 4_000, charge: intent.latest_charge, payment_intent: intent.id });
    expect(body.charge).toMatchObject({ id: intent.latest_charge, amount_refunded: 4_000, refunded: false });
    expect(body.charge.refunds?.data.map((refund) => refund.id)).toEqual([body.refund.id]);
    expect((await controlJson(`/payment_intents/${intent.id}/refund`, { amount: 5_001 })).body).toMatchObject({
      error: { code: "amount_too_large" },
    });
    expect((await controlJson(`/payment_intents/${intent.id}/refund`)).body).toMatchObject({ charge: { refunded: true } });
  });

  it("opens a dispute on an intent's charge, which then cannot be refunded", async () => {
    const intent = await paidIntent(12_000);
    const { status, body: dispute } = await controlJson<Stripe.Dispute>(`/payment_intents/${intent.id}/dispute`);
    expect(status).toBe(200);
    expect(dispute).toMatchObject({
      object: "dispute",
      amount: 12_000,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: "needs_response",
      reason: "fraudulent",
    });
    expect(dispute.id).toMatch(/^dp_/);
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ disputed: true });
    expect(await stripe.disputes.retrieve(dispute.id)).toEqual(expect.objectContaining({ id: dispute.id }));
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data.map((d) => d.id)).toEqual([dispute.id]);
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ code: "charge_disputed" });
    expect((await controlJson(`/payment_intents/${(await newIntent()).id}/dispute`)).status).toBe(400);
  });
});

describe("transfer reversals", () => {
  it("reverses a transfer in parts up to its amount, on the transfer and in its list", async () => {
    const destination = await onboardedAccount();
    const transfer = await stripe.transfers.create({ amount: 8_000, currency: "usd", destination, transfer_group: "reversed" });
    expect(transfer).toMatchObject({ amount_reversed: 0, reversed: false, reversals: { object: "list", data: [] } });

    const first = await stripe.transfers.createReversal(
      transfer.id,
      { amount: 3_000, metadata: { reason: "refund" } },
      { idempotencyKey: "rev-1" },
    );
    expect(first).toMatchObject({
      object: "transfer_reversal",
      amount: 3_000,
      transfer: transfer.id,
      currency: "usd",
      metadata: { reason: "refund" },
    });
    expect(first.id).toMatch(/^trr_/);
    expect(first.created).toBeGreaterThan(1_700_000_000);
    expect(
      (await stripe.transfers.createReversal(transfer.id, { amount: 3_000, metadata: { reason: "refund" } }, { idempotencyKey: "rev-1" }))
        .id,
    ).toBe(first.id);

    const tooMuch = await post(`/v1/transfers/${transfer.id}/reversals`, { amount: "5001" }, "rev-too-much");
    expect(tooMuch).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", param: "amount" } } });
    expect(await post(`/v1/transfers/${transfer.id}/reversals`, { amount: "5001" }, "rev-too-much")).toEqual({
      ...tooMuch,
      replayed: "true",
    });
    expect(await stripe.transfers.retrieve(transfer.id)).toMatchObject({ amount_reversed: 3_000, reversed: false });

    const rest = await stripe.transfers.createReversal(transfer.id);
    expect(rest.amount).toBe(5_000);
    const reversed = await stripe.transfers.retrieve(transfer.id);
    expect(reversed).toMatchObject({ amount_reversed: 8_000, reversed: true });
    expect(reversed.reversals.data.map((reversal) => reversal.id)).toEqual([rest.id, first.id]);
    expect((await stripe.transfers.listReversals(transfer.id)).data.map((reversal) => reversal.id)).toEqual([rest.id, first.id]);
    expect(await stripe.transfers.retrieveReversal(transfer.id, first.id)).toMatchObject({ id: first.id, amount: 3_000 });
    await expect(stripe.transfers.retrieveReversal("tr_other", first.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 1 })).rejects.toMatchObject({ statusCode: 400 });
    const listed = (await transfersAtStripe()).find((t) => t.id === transfer.id);
    expect(listed).toMatchObject({ amount_reversed: 8_000, reversed: true });
    await expect(stripe.transfers.createReversal("tr_unknown")).rejects.toMatchObject({ statusCode: 404, code: "resource_missing" });
  });
});

describe("lists", () => {
  const group = "paged";
  const ids: string[] = []; // newest first

  beforeAll(async () => {
    const destination = await onboardedAccount();
    for (let i = 0; i < 23; i++) {
      ids.unshift((await stripe.transfers.create({ amount: 100 + i, currency: "usd", destination, transfer_group: group })).id);
    }
  });

  it("pages newest first with limit, starting_after and ending_before", async () => {
    const first = await stripe.transfers.list({ transfer_group: group, limit: 10 });
    expect(first).toMatchObject({ object: "list", has_more: true, url: "/v1/transfers" });
    expect(first.data.map((t) => t.id)).toEqual(ids.slice(0, 10));
    const second = await stripe.transfers.list({ transfer_group: group, limit: 10, starting_after: ids[9] });
    expect(second.data.map((t) => t.id)).toEqual(ids.slice(10, 20));
    const last = await stripe.transfers.list({ transfer_group: group, limit: 10, starting_after: ids[19] });
    expect(last).toMatchObject({ has_more: false });
    expect(last.data.map((t) => t.id)).toEqual(ids.slice(20));

    const before = await stripe.transfers.list({ transfer_group: group, limit: 5, ending_before: ids[12] });
    expect(before.data.map((t) => t.id)).toEqual(ids.slice(7, 12));
    expect(before.has_more).toBe(true);
    expect(await stripe.transfers.list({ transfer_group: group, limit: 20, ending_before: ids[12] })).toMatchObject({ has_more: false });
    expect((await stripe.transfers.list({ transfer_group: group })).data).toHaveLength(10);
  });

  it("walks every page with the SDK's auto-pagination, both ways", async () => {
    const walked: string[] = [];
    for await (const transfer of stripe.transfers.list({ transfer_group: group, limit: 10 })) walked.push(transfer.id);
    expect(walked).toEqual(ids);
    const backwards: string[] = [];
    for await (const transfer of stripe.transfers.list({ transfer_group: group, limit: 5, ending_before: ids[20] }))
      backwards.push(transfer.id);
    expect(backwards).toEqual(ids.slice(0, 20).reverse());
  });

  it("filters by created", async () => {
    const transfers = (await stripe.transfers.list({ transfer_group: group, limit: 100 })).data;
    const middle = transfers[11].created;
    const within = async (created: Stripe.RangeQueryParam) =>
      (await stripe.transfers.list({ transfer_group: group, limit: 100, created })).data.map((t) => t.id);
    expect(await within({ gte: middle })).toEqual(transfers.filter((t) => t.created >= middle).map((t) => t.id));
    expect(await within({ gt: middle })).toEqual(transfers.filter((t) => t.created > middle).map((t) => t.id));
    expect(await within({ lte: middle })).toEqual(transfers.filter((t) => t.created <= middle).map((t) => t.id));
    expect(await within({ lt: middle })).toEqual(transfers.filter((t) => t.created < middle).map((t) => t.id));
    expect(await within({ gt: middle + 3600 })).toEqual([]);
  });

  it("lists charges, refunds, disputes and intents, filtered by payment intent", async () => {
    const intent = await paidIntent(5_000);
    const refunds = [await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 })];
    refunds.unshift(await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000 }));
    expect((await stripe.refunds.list({ payment_intent: intent.id })).data.map((r) => r.id)).toEqual(refunds.map((r) => r.id));
    expect((await stripe.charges.list({ payment_intent: intent.id })).data.map((c) => c.id)).toEqual([intent.latest_charge]);
    expect((await stripe.disputes.list({ payment_intent: intent.id })).data).toEqual([]);
    expect((await stripe.paymentIntents.list({ limit: 1 })).data.map((i) => i.id)).toEqual([intent.id]);
    expect((await stripe.charges.list({ limit: 3 })).data[0].id).toBe(intent.latest_charge);
  });

  it("refuses a limit over 100, an unknown cursor and both cursors at once", async () => {
    await expect(stripe.transfers.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400, param: "limit" });
    await expect(stripe.transfers.list({ starting_after: "tr_unknown" })).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.transfers.list({ starting_after: ids[1], ending_before: ids[0] })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe("faults queued over HTTP", () => {
  it("refuse: refuses without acting, saves the refusal under the key, and is used up", async () => {
    const destination = await onboardedAccount();
    expect(await fault({ route: "POST /v1/transfers", mode: "refuse" })).toMatchObject({ status: 200, body: { mode: "refuse", times: 1 } });
    const params = { amount: "4200", currency: "usd", destination };
    const refused = await post("/v1/transfers", params, "transfer-refused");
    expect(refused).toMatchObject({ status: 400, body: { error: { type: "invalid_request_error", code: "balance_insufficient" } } });
    expect((await controlJson("/faults", undefined, "GET")).body).toEqual([]);
    expect(await post("/v1/transfers", params, "transfer-refused")).toEqual({ ...refused, replayed: "true" });
    expect((await transfersAtStripe()).filter((transfer) => transfer.destination === destination)).toEqual([]);
    expect((await post("/v1/transfers", params, "transfer-refused-new-key")).status).toBe(200);
  });

  it("refuse: answers the status and error given, e.g. a declined card", async () => {
    const error = {
      type: "card_error",
      code: "card_declined",
      decline_code: "insufficient_funds",
      message: "Your card has insufficient funds.",
    };
    await fault({ route: "POST /v1/payment_intents", mode: "refuse", status: 402, error });
    await expect(stripe.paymentIntents.create({ amount: 100, currency: "usd" })).rejects.toMatchObject({
      type: "StripeCardError",
      statusCode: 402,
      code: "card_declined",
      decline_code: "insufficient_funds",
    });
  });

  it("error: answers 500 without acting or saving, unless saved: true", async () => {
    const intent = await paidIntent(3_000);
    await fault({ route: "POST /v1/refunds", mode: "error" });
    const failed = await post("/v1/refunds", { payment_intent: intent.id }, `refund-500-${intent.id}`);
    expect(failed).toMatchObject({ status: 500, body: { error: { type: "api_error" } } });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ amount_refunded: 0 });
    expect(await post("/v1/refunds", { payment_intent: intent.id }, `refund-500-${intent.id}`)).toMatchObject({
      status: 200,
      replayed: null,
      body: { object: "refund", amount: 3_000 },
    });

    const other = await paidIntent(3_000);
    await fault({ route: "POST /v1/refunds", mode: "error", saved: true });
    const saved = await post("/v1/refunds", { payment_intent: other.id }, `refund-500-${other.id}`);
    expect(saved.status).toBe(500);
    expect(await post("/v1/refunds", { payment_intent: other.id }, `refund-500-${other.id}`)).toEqual({ ...saved, replayed: "true" });
    expect(await stripe.charges.retrieve(other.latest_charge as string)).toMatchObject({ amount_refunded: 0 });
  });

  it("timeout: never answers nor acts, until the client gives up", async () => {
    const destination = await onboardedAccount();
    await fault({ route: "POST /v1/transfers", mode: "timeout" });
    const impatient = new Stripe("sk_test_fake", {
      host: fake.host,
      port: fake.port,
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 0,
      timeout: 300,
    });
    const error = await impatient.transfers.create({ amount: 900, currency: "usd", destination }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect((await transfersAtStripe()).filter((transfer) => transfer.destination === destination)).toEqual([]);
  });

  it("lost: moves the money and saves it under the key, then drops the connection", async () => {
    const destination = await onboardedAccount();
    await fault({ route: "POST /v1/transfers", mode: "lost" });
    const params = { amount: 1_700, currency: "usd", destination, transfer_group: "lost" };
    const error = await stripe.transfers.create(params, { idempotencyKey: "transfer-lost" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const atStripe = (await transfersAtStripe()).filter((transfer) => transfer.destination === destination);
    expect(atStripe).toHaveLength(1);
    const retried = await stripe.transfers.create(params, { idempotencyKey: "transfer-lost" });
    expect(retried.id).toBe(atStripe[0].id);
    expect(new Headers(retried.lastResponse.headers as HeadersInit).get("idempotent-replayed")).toBe("true");

    // The SDK retries a dropped connection with its own key when allowed to, and so gets the transfer made.
    await fault({ route: "POST /v1/transfers", mode: "lost" });
    const retrying = new Stripe("sk_test_fake", {
      host: fake.host,
      port: fake.port,
      protocol: "http",
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 1,
    });
    const made = await retrying.transfers.create({ ...params, amount: 1_800 });
    expect((await transfersAtStripe()).filter((transfer) => transfer.destination === destination).map((t) => t.id)).toEqual([
      atStripe[0].id,
      made.id,
    ]);
  });

  it("matches * as one path segment, counts `times`, lists what is pending and clears it", async () => {
    const destination = await onboardedAccount();
    const transfer = await stripe.transfers.create({ amount: 1_000, currency: "usd", destination });
    await fault({ route: "POST /v1/transfers/*/reversals", mode: "refuse", times: 2 });
    await fault({ route: "GET /v1/transfers/*", mode: "error" });
    expect((await controlJson("/faults", undefined, "GET")).body).toEqual([
      { route: "POST /v1/transfers/*/reversals", mode: "refuse", times: 2 },
      { route: "GET /v1/transfers/*", mode: "error", times: 1 },
    ]);
    await expect(stripe.transfers.createReversal(transfer.id, { amount: 100 })).rejects.toMatchObject({ code: "balance_insufficient" });
    expect((await stripe.transfers.list({ limit: 1 })).data).toHaveLength(1); // GET /v1/transfers: not one segment more
    expect((await controlJson("/faults", undefined, "GET")).body).toEqual([
      { route: "POST /v1/transfers/*/reversals", mode: "refuse", times: 1 },
      { route: "GET /v1/transfers/*", mode: "error", times: 1 },
    ]);
    expect(await controlJson("/faults", undefined, "DELETE")).toEqual({ status: 200, body: { cleared: 2 } });
    expect((await stripe.transfers.createReversal(transfer.id, { amount: 100 })).amount).toBe(100);
    expect((await stripe.transfers.retrieve(transfer.id)).amount_reversed).toBe(100);
  });

  it("refuses a fault it cannot understand", async () => {
    expect((await fault({ route: "/v1/transfers", mode: "refuse" })).status).toBe(400);
    expect((await fault({ route: "POST /v1/transfers", mode: "explode" })).status).toBe(400);
    expect((await fault({ route: "POST /v1/transfers", mode: "refuse", times: 0 })).status).toBe(400);
    expect((await controlJson("/faults", undefined, "GET")).body).toEqual([]);
  });

  it("close() ends a held request at once", async () => {
    const own = await startFakeStripe();
    await fetch(`${own.url}/__control/faults`, { method: "POST", body: JSON.stringify({ route: "GET /v1/transfers", mode: "timeout" }) });
    const held = fetch(`${own.url}/v1/transfers`, { headers: { Authorization: "Bearer sk_test_fake" } }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await own.close();
    expect(await held).toBeInstanceOf(TypeError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
