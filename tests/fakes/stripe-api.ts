// A fake of Stripe's REST API (the few endpoints the app uses) at the network edge, so payments can be tested
// without internet. Point the official SDK at it with
//   new Stripe("sk_test_fake", { host: "127.0.0.1", port, protocol: "http",
//     httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 })
// Stripe API: POST /v1/payment_intents, GET /v1/payment_intents/:id, POST /v1/refunds, and Connect's
// POST /v1/accounts, GET /v1/accounts/:id, POST /v1/account_links, POST /v1/transfers.
// Test control (tests run in other processes, so over HTTP; no API key needed):
//   POST /__control/payment_intents/:id/succeed  as if Stripe.js confirmed a card → the intent
//   POST /__control/payment_intents/:id/fail     a declined card → the intent
//   GET  /__control/refunds                      every refund created so far → array
//   POST /__control/accounts/:id/complete        as if the seller finished Stripe's onboarding → the account
//   POST /__control/transfers/decline-next       the next transfer fails (as a declined transfer does)
//   GET  /__control/transfers                    every transfer created so far → array
import { randomInt } from "node:crypto";
import Stripe from "stripe";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

type Params = { [key: string]: Param };
type Param = string | Params | Param[];
type StripeObject = Record<string, unknown>;

interface PaymentIntent extends StripeObject {
  id: string;
  amount: number;
  currency: string;
  status: string;
  // Not a field of Stripe's PaymentIntent (Stripe keeps it on the charge); recorded here so tests can see it.
  amount_refunded: number;
}

interface Saved {
  route: string;
  params: string;
  body: unknown;
}

class StripeFailure extends Error {
  status: number;
  body: { error: Record<string, unknown> };
  constructor(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...extra } };
  }
}

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const random = (length: number) => Array.from({ length }, () => ALPHANUMERIC[randomInt(ALPHANUMERIC.length)]).join("");
const now = () => Math.floor(Date.now() / 1000);

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

const missing = (name: string) =>
  new StripeFailure(400, "invalid_request_error", `Missing required param: ${name}.`, { code: "parameter_missing", param: name });

function integer(params: Params, name: string, required: boolean): number | undefined {
  const raw = params[name];
  if (raw === undefined && !required) return undefined;
  if (raw === undefined) throw missing(name);
  if (typeof raw !== "string" || !/^\d+$/.test(raw) || Number(raw) < 1) {
    throw new StripeFailure(400, "invalid_request_error", `Invalid positive integer: ${name}`, {
      code: "parameter_invalid_integer",
      param: name,
    });
  }
  return Number(raw);
}

/** The official SDK pointed at a fake at `url` (tests check what the app did there, or act as Stripe's dashboard). */
export function stripeSdkFor(url: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe("sk_test_fake", { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: "http" });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, PaymentIntent>();
  const refunds: StripeObject[] = [];
  const accounts = new Map<string, StripeObject & { id: string; payouts_enabled: boolean }>();
  const transfers: StripeObject[] = [];
  let declineNextTransfer = false;
  const idempotent = new Map<string, Saved>();

  function intent(id: string): PaymentIntent {
    const found = intents.get(id);
    if (found) return found;
    throw new StripeFailure(404, "invalid_request_error", `No such payment_intent: '${id}'`, { code: "resource_missing", param: "id" });
  }

  function createIntent(params: Params): PaymentIntent {
    const amount = integer(params, "amount", true) as number;
    if (typeof params.currency !== "string") throw missing("currency");
    const id = `pi_${random(24)}`;
    const created: PaymentIntent = {
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
    };
    intents.set(id, created);
    return created;
  }

  function createRefund(params: Params): StripeObject {
    if (typeof params.payment_intent !== "string") throw missing("payment_intent");
    const target = intent(params.payment_intent);
    if (target.status !== "succeeded") {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `This PaymentIntent (${target.id}) does not have a successful charge to refund.`,
        { code: "payment_intent_unexpected_state" },
      );
    }
    const left = target.amount - target.amount_refunded;
    if (left === 0) {
      throw new StripeFailure(400, "invalid_request_error", `Charge ${String(target.latest_charge)} has already been refunded.`, {
        code: "charge_already_refunded",
      });
    }
    const amount = integer(params, "amount", false) ?? left;
    if (amount > left) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        { code: "amount_too_large", param: "amount" },
      );
    }
    target.amount_refunded += amount;
    const refund = {
      id: `re_${random(24)}`,
      object: "refund",
      amount,
      currency: target.currency,
      charge: target.latest_charge,
      payment_intent: target.id,
      reason: params.reason ?? null,
      metadata: params.metadata ?? {},
      status: "succeeded",
      created: now(),
    };
    refunds.push(refund);
    return refund;
  }

  function account(id: string) {
    const found = accounts.get(id);
    if (found) return found;
    throw new StripeFailure(404, "invalid_request_error", `No such account: '${id}'`, { code: "resource_missing", param: "account" });
  }

  function createAccount(params: Params): StripeObject {
    if (params.type !== "express") throw missing("type");
    const id = `acct_${random(16)}`;
    const created = {
      id,
      object: "account",
      type: "express",
      email: params.email ?? null,
      capabilities: { transfers: "inactive" },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      created: now(),
    };
    accounts.set(id, created);
    return created;
  }

  function createAccountLink(params: Params, origin: string): StripeObject {
    if (typeof params.account !== "string") throw missing("account");
    account(params.account);
    for (const name of ["return_url", "refresh_url", "type"]) if (typeof params[name] !== "string") throw missing(name);
    return { object: "account_link", url: `${origin}/__onboarding/${params.account}`, created: now(), expires_at: now() + 300 };
  }

  function createTransfer(params: Params): StripeObject {
    const amount = integer(params, "amount", true) as number;
    if (typeof params.destination !== "string") throw missing("destination");
    const destination = account(params.destination);
    if (declineNextTransfer) {
      declineNextTransfer = false;
      throw new StripeFailure(400, "invalid_request_error", "You have insufficient available funds in your Stripe account.", {
        code: "balance_insufficient",
      });
    }
    if (!destination.payouts_enabled) {
      throw new StripeFailure(
        400,
        "invalid_request_error",
        "Your destination account needs to have at least one of the following capabilities enabled: transfers.",
        {
          code: "insufficient_capabilities_for_transfer",
        },
      );
    }
    const transfer = {
      id: `tr_${random(24)}`,
      object: "transfer",
      amount,
      currency: params.currency ?? "usd",
      destination: destination.id,
      transfer_group: params.transfer_group ?? null,
      metadata: params.metadata ?? {},
      reversed: false,
      created: now(),
    };
    transfers.push(transfer);
    return transfer;
  }

  function control(id: string, action: string): PaymentIntent {
    const target = intent(id);
    if (action === "succeed") {
      Object.assign(target, {
        status: "succeeded",
        amount_received: target.amount,
        last_payment_error: null,
        latest_charge: target.latest_charge ?? `ch_${random(24)}`,
      });
    } else {
      const error = { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." };
      Object.assign(target, { status: "requires_payment_method", last_payment_error: error });
    }
    return target;
  }

  // Like Stripe: a key replays the first successful answer for the same route and parameters, and a key reused
  // with other parameters is refused. Failures are not saved (Stripe saves only requests that began executing).
  function once(req: IncomingMessage, route: string, body: string, run: () => unknown): [number, unknown, boolean] {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string") return [200, run(), false];
    const params = [...new URLSearchParams(body)]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join("&");
    const saved = idempotent.get(key);
    if (saved && (saved.route !== route || saved.params !== params)) {
      throw new StripeFailure(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      );
    }
    if (saved) return [200, saved.body, true];
    const result = run();
    idempotent.set(key, { route, params, body: result });
    return [200, result, false];
  }

  async function handle(req: IncomingMessage): Promise<[number, unknown, boolean]> {
    const { pathname } = new URL(req.url ?? "/", "http://fake");
    const route = `${req.method ?? "GET"} ${pathname}`;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");

    if (route === "GET /__control/refunds") return [200, refunds, false];
    if (route === "GET /__control/transfers") return [200, transfers, false];
    if (route === "POST /__control/transfers/decline-next") {
      declineNextTransfer = true;
      return [200, {}, false];
    }
    const onboarded = /^POST \/__control\/accounts\/([^/]+)\/complete$/.exec(route);
    if (onboarded) {
      const completed = account(decodeURIComponent(onboarded[1]));
      Object.assign(completed, {
        payouts_enabled: true,
        charges_enabled: true,
        details_submitted: true,
        capabilities: { transfers: "active" },
      });
      return [200, completed, false];
    }
    const controlled = /^POST \/__control\/payment_intents\/([^/]+)\/(succeed|fail)$/.exec(route);
    if (controlled) return [200, control(decodeURIComponent(controlled[1]), controlled[2]), false];

    const apiKey = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!apiKey) {
      throw new StripeFailure(
        401,
        "invalid_request_error",
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (!/^sk_test_\w+$/.test(apiKey)) {
      throw new StripeFailure(401, "invalid_request_error", `Invalid API Key provided: ${apiKey.slice(0, 8)}***${apiKey.slice(-4)}`);
    }

    if (route === "POST /v1/payment_intents") return once(req, route, body, () => createIntent(parseStripeForm(body)));
    if (route === "POST /v1/refunds") return once(req, route, body, () => createRefund(parseStripeForm(body)));
    if (route === "POST /v1/accounts") return once(req, route, body, () => createAccount(parseStripeForm(body)));
    if (route === "POST /v1/account_links") {
      return once(req, route, body, () => createAccountLink(parseStripeForm(body), `http://${req.headers.host ?? "127.0.0.1"}`));
    }
    if (route === "POST /v1/transfers") return once(req, route, body, () => createTransfer(parseStripeForm(body)));
    const retrievedAccount = /^GET \/v1\/accounts\/([^/]+)$/.exec(route);
    if (retrievedAccount) return [200, account(decodeURIComponent(retrievedAccount[1])), false];
    const retrieved = /^GET \/v1\/payment_intents\/([^/]+)$/.exec(route);
    if (retrieved) return [200, intent(decodeURIComponent(retrieved[1])), false];
    throw new StripeFailure(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${req.method}: ${pathname}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  function send(res: ServerResponse, status: number, body: unknown, replayed: boolean): void {
    const headers: Record<string, string> = { "Content-Type": "application/json", "Request-Id": `req_${random(14)}` };
    if (replayed) headers["Idempotent-Replayed"] = "true";
    res.writeHead(status, headers).end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    handle(req).then(
      ([status, body, replayed]) => send(res, status, body, replayed),
      (error: unknown) =>
        error instanceof StripeFailure
          ? send(res, error.status, error.body, false)
          : send(res, 500, { error: { type: "api_error", message: String(error) } }, false),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: "127.0.0.1",
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // fetch keeps connections alive; without this close() would wait for them
      }),
  };
}
