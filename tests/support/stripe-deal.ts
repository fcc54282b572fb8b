import type Stripe from "stripe";
import { expect } from "vitest";
import { stripeSdkFor } from "../fakes/stripe-api";
import { dealHelpers, type Party } from "./deal";
import { type clientFor } from "./http-client";
import { STRIPE_WEBHOOK_SECRET } from "./stripe-secrets";

// The deal through Stripe Connect as integration tests drive it: the fake Stripe's control routes
// (cards succeed, sellers finish onboarding, dashboard refunds, disputes, faults), signed webhook
// events, sellers with ready Express accounts and bookings paid by card.

type Client = ReturnType<typeof clientFor> & { stripeApiUrl?: string };

export function stripeDealHelpers(app: Client) {
  const deal = dealHelpers(app);
  const stripeApi = app.stripeApiUrl!;
  const stripe = stripeSdkFor(stripeApi);

  async function control<T>(path: string, method = "POST", body?: unknown): Promise<T> {
    const response = await fetch(`${stripeApi}/__control${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    return (await response.json()) as T;
  }

  /** Sends a signed event as Stripe would (a given id: a repeat delivery); the webhook's answer. */
  async function sendEvent(type: string, object: object, id = `evt_${crypto.randomUUID()}`) {
    const payload = JSON.stringify({
      id,
      object: "event",
      type,
      data: { object },
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      api_version: null,
    });
    return app.request("/webhooks/stripe", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
      },
      body: payload,
    });
  }

  async function sendEventOk(type: string, object: object, id?: string) {
    expect((await sendEvent(type, object, id)).status).toBe(200);
  }

  /** A seller whose Express account went through Stripe's onboarding; `announce` sends Stripe's account.updated now. */
  async function onboardedSeller(announce = true) {
    const seller = await deal.party("seller", "connect-seller");
    const link = (await (await deal.post("/api/payouts/account", seller.token)).json()) as { url: string };
    const accountId = new URL(link.url).pathname.split("/").pop()!;
    expect(accountId).toMatch(/^acct_/);
    const account = await control<Stripe.Account>(`/accounts/${accountId}/complete`);
    if (announce) await sendEventOk("account.updated", account);
    return { seller, account };
  }

  /** Books (unless a booking is given) and has the card charged at Stripe; not yet recorded anywhere. */
  async function chargedBooking(buyer: Party, carId: string, bookingId?: string) {
    const booked = bookingId ?? (await deal.book(buyer, carId));
    const response = await app.apiJson("/api/payment/create-payment-intent", { bookingId: booked }, { token: buyer.token });
    expect(response.status).toBe(200);
    const { clientSecret } = (await response.json()) as { clientSecret: string };
    const intent = await control<Stripe.PaymentIntent>(`/payment_intents/${clientSecret.split("_secret_")[0]}/succeed`);
    const record = () => app.apiJson("/api/payment", { bookingId: booked, transactionId: intent.id }, { token: buyer.token });
    return { bookingId: booked, intent, record };
  }

  /** Books and pays by card; the webhook comes before the buyer's POST /api/payment, or after it. */
  async function paidBooking(buyer: Party, carId: string, webhookFirst = true) {
    const { bookingId, intent, record } = await chargedBooking(buyer, carId);
    if (webhookFirst) {
      await sendEventOk("payment_intent.succeeded", intent);
      expect((await record()).status).toBe(200);
    } else {
      expect((await record()).status).toBe(201);
      await sendEventOk("payment_intent.succeeded", intent);
    }
    return { bookingId, intent };
  }

  /** A refund as Stripe's dashboard makes it (of `amount`, or what is left), and its charge.refunded event sent or not. */
  async function dashboardRefund(intentId: string, amount?: number, announce = true) {
    const refunded = await control<{ refund: { id: string; amount: number } }>(
      `/payment_intents/${intentId}/refund`,
      "POST",
      amount ? { amount } : {},
    );
    if (announce) await sendEventOk("charge.refunded", { id: `ch_${intentId}`, object: "charge", payment_intent: intentId });
    return refunded.refund;
  }

  const transfersAtStripe = () =>
    control<
      {
        id: string;
        amount: number;
        amount_reversed: number;
        destination: string;
        transfer_group: string;
        metadata: Record<string, string>;
      }[]
    >("/transfers", "GET");
  const refundsAtStripe = () => control<{ id: string; amount: number; payment_intent: string }[]>("/refunds", "GET");
  const fault = (route: string, mode: "refuse" | "error" | "timeout" | "lost", times = 1) =>
    control("/faults", "POST", { route, mode, times });

  return {
    ...deal,
    stripe,
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
  };
}
