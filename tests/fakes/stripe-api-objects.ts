// The objects of the fake Stripe API (tests/fakes/stripe-api.ts): payment intents with their charges, refunds and
// disputes, Connect accounts, transfers with their reversals (lists in stripe-api-lists.ts). No HTTP here: the server
// parses the request, and every function that moves money calls `begin()` once its parameters are valid, the moment
// Stripe's endpoint "begins executing" (from then on its answer, failures included, is saved under an idempotency key,
// and that is where a queued fault strikes).
import { randomInt } from "node:crypto";

export type Params = { [key: string]: Param };
export type Param = string | Params | Param[];
export type StripeObject = Record<string, unknown> & { id: string; created: number };

export interface PaymentIntent extends StripeObject {
  amount: number;
  currency: string;
  status: string;
  latest_charge: string | null;
  // Not a field of Stripe's PaymentIntent (Stripe keeps it on the charge); recorded here so tests can see it.
  amount_refunded: number;
}

export interface StripeList<T = StripeObject> {
  object: "list";
  data: T[];
  has_more: boolean;
  url: string;
}

interface Charge extends StripeObject {
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  currency: string;
  payment_intent: string;
  refunds: StripeList & { total_count: number };
}

interface Transfer extends StripeObject {
  amount: number;
  amount_reversed: number;
  reversed: boolean;
  currency: string;
  transfer_group: string | null;
  reversals: StripeList & { total_count: number };
}

type Account = StripeObject & { payouts_enabled: boolean };

/** A Stripe error answer. `saved` is false for failures Stripe gives before an endpoint begins executing (invalid
 * parameters, unknown ids), which are not saved under an idempotency key. */
export class StripeFailure extends Error {
  status: number;
  body: { error: Record<string, unknown> };
  saved: boolean;
  constructor(status: number, type: string, message: string, extra: Record<string, unknown> = {}, saved = true) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...extra } };
    this.saved = saved;
  }
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const random = (length: number) => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
export const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding: `metadata[bookingId]=x&expand[0]=y` → `{ metadata: { bookingId: "x" }, expand: ["y"] }`. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = [key.replace(/\[.*$/, ""), ...[...key.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])];
    let node = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) node[segment] = value;
      else node = (node[segment] ??= {}) as Params;
    });
  }
  const arrays = (param: Param): Param => {
    if (typeof param === "string" || Array.isArray(param)) return param;
    const keys = Object.keys(param);
    const entries = keys.map((k) => [k, arrays(param[k])] as const);
    if (keys.length > 0 && keys.every((k, i) => k === String(i))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  };
  return arrays(root) as Params;
}

export const invalid = (message: string, code: string, param: string) =>
  new StripeFailure(400, "invalid_request_error", message, { code, param }, false);

const missing = (name: string) => invalid(`Missing required param: ${name}.`, "parameter_missing", name);

export function integer(params: Params, name: string, required: boolean): number | undefined {
  const raw = params[name];
  if (raw === undefined && !required) return undefined;
  if (raw === undefined) throw missing(name);
  if (typeof raw !== "string" || !/^\d+$/.test(raw) || Number(raw) < 1) {
    throw invalid(`Invalid positive integer: ${name}`, "parameter_invalid_integer", name);
  }
  return Number(raw);
}

const emptyList = (url: string) => ({ object: "list" as const, data: [], has_more: false, total_count: 0, url });

export function createStripeObjects() {
  let sequence = 0;
  const order = new Map<string, number>(); // creation order, to sort objects created in the same second
  const intents = new Map<string, PaymentIntent>();
  const charges = new Map<string, Charge>();
  const refunds = new Map<string, StripeObject>();
  const disputes = new Map<string, StripeObject>();
  const accounts = new Map<string, Account>();
  const transfers = new Map<string, Transfer>();
  const reversals = new Map<string, StripeObject>();

  function store<T extends StripeObject>(map: Map<string, T>, object: T): T {
    order.set(object.id, ++sequence);
    map.set(object.id, object);
    return object;
  }

  /** Stripe lists' order: newest first, objects created in the same second by creation order. */
  const newestFirst = (a: StripeObject, b: StripeObject) => b.created - a.created || order.get(b.id)! - order.get(a.id)!;

  function find<T>(map: Map<string, T>, kind: string, id: string, param = "id"): T {
    const found = map.get(id);
    if (found) return found;
    throw new StripeFailure(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param }, false);
  }

  function createIntent(params: Params, begin: () => void): PaymentIntent {
    const amount = integer(params, "amount", true) as number;
    if (typeof params.currency !== "string") throw missing("currency");
    begin();
    const id = `pi_${random(24)}`;
    return store(intents, {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      amount_refunded: 0,
      currency: params.currency.toLowerCase(),
      status: "requires_payment_method",
      client_secret: `${id}_secret_${random(25)}`,
      metadata: params.metadata ?? {},
      description: params.description ?? null,
      receipt_email: params.receipt_email ?? null,
      automatic_payment_methods: params.automatic_payment_methods
        ? { enabled: (params.automatic_payment_methods as Params).enabled === "true" }
        : null,
      capture_method: params.capture_method ?? "automatic",
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      created: now(),
    });
  }

  /** As if Stripe.js confirmed a card (the intent succeeds with a charge) or the card was declined. */
  function settle(id: string, action: "succeed" | "fail"): PaymentIntent {
    const intent = find(intents, "payment_intent", id);
    if (action === "fail") {
      const error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
      return Object.assign(intent, { status: "requires_payment_method", last_payment_error: error });
    }
    if (!intent.latest_charge) {
      const id = `ch_${random(24)}`;
      store(charges, {
        id,
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount,
        amount_refunded: 0,
        captured: true,
        paid: true,
        refunded: false,
        disputed: false,
        currency: intent.currency,
        payment_intent: intent.id,
        metadata: intent.metadata,
        status: "succeeded",
        livemode: false,
        created: now(),
        refunds: emptyList(`/v1/charges/${id}/refunds`),
      });
      intent.latest_charge = id;
    }
    return Object.assign(intent, { status: "succeeded", amount_received: intent.amount, last_payment_error: null });
  }

  /** A refund of an intent's charge, through the API (`begin` from the server) or as the dashboard makes one. */
  function createRefund(params: Params, begin: () => void): StripeObject {
    let intent: PaymentIntent;
    if (typeof params.payment_intent === "string") intent = find(intents, "payment_intent", params.payment_intent, "payment_intent");
    else if (typeof params.charge === "string") {
      intent = find(intents, "payment_intent", find(charges, "charge", params.charge, "charge").payment_intent);
    } else throw missing("payment_intent");
    const requested = integer(params, "amount", false);
    begin();
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== "succeeded" || !charge) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
        {
          code: "payment_intent_unexpected_state",
        },
      );
    }
    if (charge.disputed) {
      throw new StripeFailure(400, "invalid_request_error", `Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: "charge_disputed",
      });
    }
    const left = charge.amount - charge.amount_refunded;
    if (left === 0) {
      throw new StripeFailure(400, "invalid_request_error", `Charge ${charge.id} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const amount = requested ?? left;
    if (amount > left) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        {
          code: "amount_too_large",
          param: "amount",
        },
      );
    }
    const refund = store(refunds, {
      id: `re_${random(24)}`,
      object: "refund",
      amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      status: "succeeded",
      created: now(),
    });
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    charge.refunds.total_count += 1;
    intent.amount_refunded = charge.amount_refunded;
    return refund;
  }

  /** As if the card holder's bank opened a dispute on the intent's charge. */
  function createDispute(intentId: string, params: { amount?: number; reason?: string }): StripeObject {
    const intent = find(intents, "payment_intent", intentId);
    const charge = intent.latest_charge ? charges.get(intent.latest_charge) : undefined;
    if (!charge) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `This PaymentIntent (${intent.id}) does not have a successful charge to dispute.`,
      );
    }
    charge.disputed = true;
    return store(disputes, {
      id: `dp_${random(24)}`,
      object: "dispute",
      amount: params.amount ?? charge.amount,
      currency: charge.currency,
      charge: charge.id,
      payment_intent: intent.id,
      status: "needs_response",
      reason: params.reason ?? "fraudulent",
      is_charge_refundable: false,
      metadata: {},
      livemode: false,
      created: now(),
    });
  }

  function createAccount(params: Params, begin: () => void): StripeObject {
    if (params.type !== "express") throw missing("type");
    begin();
    return store(accounts, {
      id: `acct_${random(16)}`,
      object: "account",
      type: "express",
      email: params.email ?? null,
      capabilities: { transfers: "inactive" },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
    });
  }

  /** As if the seller finished Stripe's onboarding. */
  function completeAccount(id: string): StripeObject {
    const completed = find(accounts, "account", id, "account");
    return Object.assign(completed, {
      payouts_enabled: true,
      charges_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" },
    });
  }

  function createAccountLink(params: Params, origin: string, begin: () => void): Record<string, unknown> {
    if (typeof params.account !== "string") throw missing("account");
    find(accounts, "account", params.account, "account");
    for (const name of ["return_url", "refresh_url", "type"]) if (typeof params[name] !== "string") throw missing(name);
    begin();
    return { object: "account_link", url: `${origin}/__onboarding/${params.account}`, created: now(), expires_at: now() + 300 };
  }

  function createTransfer(params: Params, begin: () => void): Transfer {
    const amount = integer(params, "amount", true) as number;
    if (typeof params.destination !== "string") throw missing("destination");
    const destination = find(accounts, "account", params.destination, "account");
    begin();
    if (!destination.payouts_enabled) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        "Your destination account needs to have at least one of the following capabilities enabled: transfers.",
        { code: "insufficient_capabilities_for_transfer" },
      );
    }
    const id = `tr_${random(24)}`;
    return store(transfers, {
      id,
      object: "transfer",
      amount,
      amount_reversed: 0,
      currency: typeof params.currency === "string" ? params.currency.toLowerCase() : "usd",
      destination: destination.id,
      description: params.description ?? null,
      transfer_group: typeof params.transfer_group === "string" ? params.transfer_group : null,
      metadata: params.metadata ?? {},
      reversed: false,
      reversals: emptyList(`/v1/transfers/${id}/reversals`),
      livemode: false,
      created: now(),
    });
  }

  function createReversal(transferId: string, params: Params, begin: () => void): StripeObject {
    const transfer = find(transfers, "transfer", transferId);
    const requested = integer(params, "amount", false);
    begin();
    const left = transfer.amount - transfer.amount_reversed;
    if (left === 0) throw new StripeFailure(400, "invalid_request_error", `The transfer ${transfer.id} is already fully reversed.`);
    const amount = requested ?? left;
    if (amount > left) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `Reversal amount (${amount}) is greater than the amount left on transfer ${transfer.id} (${left}).`,
        { param: "amount" },
      );
    }
    const reversal = store(reversals, {
      id: `trr_${random(24)}`,
      object: "transfer_reversal",
      amount,
      currency: transfer.currency,
      transfer: transfer.id,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      created: now(),
    });
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    return reversal;
  }

  return {
    intents,
    charges,
    refunds,
    disputes,
    accounts,
    transfers,
    reversals,
    find,
    newestFirst,
    createIntent,
    settle,
    createRefund,
    createDispute,
    createAccount,
    completeAccount,
    createAccountLink,
    createTransfer,
    createReversal,
  };
}
