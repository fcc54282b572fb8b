// A fake of Stripe's REST API (the endpoints the app uses, and those its tests check money with) at the network edge,
// so payments can be tested without internet. Point the official SDK at it with
//   new Stripe("sk_test_fake", { host: "127.0.0.1", port, protocol: "http",
//     httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 0 })
// Stripe API (objects in tests/fakes/stripe-api-objects.ts):
//   POST /v1/payment_intents, POST /v1/refunds (payment_intent or charge, optional amount: partial refunds add up),
//   POST /v1/accounts, POST /v1/account_links, POST /v1/transfers, POST /v1/transfers/:id/reversals (optional amount);
//   GET /v1/{payment_intents,charges,refunds,disputes,transfers,accounts}/:id, GET /v1/transfers/:id/reversals/:id;
//   lists, newest first, with limit, starting_after, ending_before and created[gt|gte|lt|lte]:
//   GET /v1/{payment_intents,charges,refunds,disputes,transfers,accounts}, GET /v1/transfers/:id/reversals; filters
//   payment_intent on charges, refunds and disputes, charge on refunds and disputes, transfer_group and destination
//   on transfers.
// Idempotency as Stripe's: a POST with an Idempotency-Key saves its answer once the endpoint began executing,
// failures included (a refused transfer, a refund of a refunded charge); a retry with the same key and parameters
// gets the saved status and body with `Idempotent-Replayed: true`, other parameters an idempotency_error. Invalid
// parameters and unknown ids are not saved.
// Test control (tests run in other processes, so over HTTP; no API key needed):
//   POST /__control/payment_intents/:id/succeed  as if Stripe.js confirmed a card: a charge ch_… → the intent
//   POST /__control/payment_intents/:id/fail     a declined card → the intent
//   POST /__control/payment_intents/:id/dispute  {amount?, reason?} the bank disputes the charge → the dispute dp_…
//   POST /__control/payment_intents/:id/refund   {amount?, reason?} a refund made in Stripe's dashboard (no API key,
//                                                no idempotency key) → { refund, charge }
//   GET  /__control/refunds                      every refund created so far, oldest first → array
//   POST /__control/accounts/:id/complete        as if the seller finished Stripe's onboarding → the account
//   POST /__control/transfers/decline-next       the next transfer is refused with balance_insufficient; unlike
//                                                Stripe (and the refuse fault) the refusal is not saved under its key
//   GET  /__control/transfers                    every transfer created so far, oldest first → array
//   POST /__control/faults   {route: "POST /v1/transfers/*/reversals", mode, times?, status?, error?, saved?}
//                            the next `times` (default 1) API requests matching METHOD and path (* = one segment),
//                            once their API key is checked, fail as `mode` says → the fault queued
//     refuse   once the parameters are valid, answer 400 invalid_request_error balance_insufficient (or `status` and
//              `error` given, e.g. 402 and a card_error) without acting; saved under the key, as Stripe saves it
//     error    once the parameters are valid, answer 500 api_error without acting; not saved under the key unless
//              `saved: true` (Stripe's docs say it saves 500s of endpoints that began executing: then every retry
//              with that key gets the 500 again)
//     timeout  do not act and never answer: the socket is held until the client gives up, 30 s pass or close()
//     lost     act (and save under the key) as usual, then destroy the socket without answering: the client sees
//              a network error although Stripe moved the money
//   A request whose key already has a saved answer gets that answer (refuse and error then do nothing); one with
//   invalid parameters gets its validation error. Either way the request used up one of the fault's `times`.
//   GET    /__control/faults  the faults still pending → [{ route, mode, times, … }]
//   DELETE /__control/faults  forget them → { cleared: n }
import Stripe from "stripe";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { listPage } from "./stripe-api-lists.ts";
import { createStripeObjects, type Params, parseStripeForm, random, type StripeObject, StripeFailure } from "./stripe-api-objects.ts";

export { parseStripeForm };

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  close(): Promise<void>;
}

const FAULT_MODES = ["refuse", "error", "timeout", "lost"] as const;

interface Fault {
  route: string;
  mode: (typeof FAULT_MODES)[number];
  times: number;
  status?: number;
  error?: { type: string; message: string; [field: string]: unknown };
  saved?: boolean;
}

interface Answer {
  status: number;
  body: unknown;
  replayed?: boolean;
}

interface Saved extends Answer {
  route: string;
  params: string;
}

/** The official SDK pointed at a fake at `url` (tests check what the app did there, or act as Stripe's dashboard). */
export function stripeSdkFor(url: string): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe("sk_test_fake", { httpClient: Stripe.createFetchHttpClient(), host: hostname, port, protocol: "http" });
}

const controlFailure = (message: string) => new StripeFailure(400, "invalid_request_error", message, {}, false);

function jsonBody(body: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body || "{}");
  } catch {
    throw controlFailure("The body must be JSON.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw controlFailure("The body must be a JSON object.");
  return parsed as Record<string, unknown>;
}

function optionalInteger(body: Record<string, unknown>, name: string): number | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1) throw controlFailure(`${name} must be a positive integer.`);
  return value as number;
}

function parseFault(body: Record<string, unknown>): Fault {
  const { route, mode, status, error, saved } = body;
  if (typeof route !== "string" || !/^[A-Z]+ \/\S*$/.test(route)) throw controlFailure('route must be like "POST /v1/transfers".');
  if (!FAULT_MODES.includes(mode as Fault["mode"])) throw controlFailure(`mode must be one of ${FAULT_MODES.join(", ")}.`);
  if (status !== undefined && (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 499)) {
    throw controlFailure("status must be a 4xx status.");
  }
  const typed = error as Fault["error"];
  if (error !== undefined && (typeof typed?.type !== "string" || typeof typed.message !== "string")) {
    throw controlFailure("error must be an object with a type and a message.");
  }
  if (saved !== undefined && typeof saved !== "boolean") throw controlFailure("saved must be true or false.");
  return { route, mode: mode as Fault["mode"], times: optionalInteger(body, "times") ?? 1, status: status as number, error: typed, saved };
}

const routePattern = (route: string) => {
  const [method, path] = route.split(" ");
  const segments = path.split("/").map((segment) => (segment === "*" ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  return new RegExp(`^${method} ${segments.join("/")}$`);
};

/** Requests' parameters in an order-free form, to compare a retry's with the first request's. */
const canonical = (form: string) =>
  [...new URLSearchParams(form)]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join("&");

// A snapshot, as Stripe saves the answer it gave, not the object as it is now.
const snapshot = (body: unknown): unknown => JSON.parse(JSON.stringify(body));

const COLLECTIONS = {
  payment_intents: { kind: "payment_intent", filters: [] },
  charges: { kind: "charge", filters: ["payment_intent"] },
  refunds: { kind: "refund", filters: ["payment_intent", "charge"] },
  disputes: { kind: "dispute", filters: ["payment_intent", "charge"] },
  transfers: { kind: "transfer", filters: ["transfer_group", "destination"] },
  accounts: { kind: "account", filters: [] },
} as const;

export async function startFakeStripe(): Promise<FakeStripe> {
  const objects = createStripeObjects();
  const stores: Record<keyof typeof COLLECTIONS, Map<string, StripeObject>> = {
    payment_intents: objects.intents,
    charges: objects.charges,
    refunds: objects.refunds,
    disputes: objects.disputes,
    transfers: objects.transfers,
    accounts: objects.accounts,
  };
  const idempotent = new Map<string, Saved>();
  const faults: (Fault & { pattern: RegExp })[] = [];
  const held = new Set<Socket>();
  let declineNextTransfer = false;

  function takeFault(route: string): Fault | undefined {
    const index = faults.findIndex((fault) => fault.pattern.test(route));
    if (index === -1) return undefined;
    const fault = faults[index];
    fault.times -= 1;
    if (fault.times === 0) faults.splice(index, 1);
    return fault;
  }

  /** What an endpoint does when it begins executing: a queued refuse or error fault strikes there. */
  const beginner = (fault: Fault | undefined) => () => {
    if (fault?.mode === "refuse") {
      const { type, message, ...extra } = fault.error ?? {
        type: "invalid_request_error",
        message: "You have insufficient available funds in your Stripe account.",
        code: "balance_insufficient",
      };
      throw new StripeFailure(fault.status ?? 400, type, message, extra);
    }
    if (fault?.mode === "error") {
      throw new StripeFailure(500, "api_error", "An unknown error occurred.", {}, fault.saved ?? false);
    }
  };

  // Like Stripe: a key saves the answer of the first request for it that began executing, success or failure
  // (StripeFailure.saved), and replays it for the same route and parameters; with other parameters it is refused.
  function once(req: IncomingMessage, route: string, form: string, run: () => unknown): Answer {
    const key = req.headers["idempotency-key"];
    if (typeof key !== "string") return { status: 200, body: run() };
    const params = canonical(form);
    const saved = idempotent.get(key);
    if (saved && (saved.route !== route || saved.params !== params)) {
      throw new StripeFailure(
        400,
        "idempotency_error",
        `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        {},
        false,
      );
    }
    if (saved) return { status: saved.status, body: saved.body, replayed: true };
    try {
      const body = run();
      idempotent.set(key, { route, params, status: 200, body: snapshot(body) });
      return { status: 200, body };
    } catch (error) {
      if (error instanceof StripeFailure && error.saved) {
        idempotent.set(key, { route, params, status: error.status, body: snapshot(error.body) });
      }
      throw error;
    }
  }

  function api(req: IncomingMessage, route: string, form: string, query: string, begin: () => void): Answer {
    const post = (run: (params: Params) => unknown) => once(req, route, form, () => run(parseStripeForm(form)));
    const get = (read: (params: Params) => unknown): Answer => {
      const params = parseStripeForm(query);
      begin();
      return { status: 200, body: read(params) };
    };

    if (route === "POST /v1/payment_intents") return post((params) => objects.createIntent(params, begin));
    if (route === "POST /v1/refunds") return post((params) => objects.createRefund(params, begin));
    if (route === "POST /v1/accounts") return post((params) => objects.createAccount(params, begin));
    if (route === "POST /v1/account_links") {
      return post((params) => objects.createAccountLink(params, `http://${req.headers.host ?? "127.0.0.1"}`, begin));
    }
    if (route === "POST /v1/transfers") {
      return post((params) =>
        objects.createTransfer(params, () => {
          if (declineNextTransfer) {
            declineNextTransfer = false;
            throw new StripeFailure(
              400,
              "invalid_request_error",
              "You have insufficient available funds in your Stripe account.",
              { code: "balance_insufficient" },
              false,
            );
          }
          begin();
        }),
      );
    }
    const reversals = /^(POST|GET) \/v1\/transfers\/([^/]+)\/reversals$/.exec(route);
    if (reversals?.[1] === "POST") return post((params) => objects.createReversal(decodeURIComponent(reversals[2]), params, begin));
    if (reversals) {
      const transfer = objects.find(objects.transfers, "transfer", decodeURIComponent(reversals[2]));
      const of = [...objects.reversals.values()].filter((reversal) => reversal.transfer === transfer.id);
      return get((params) =>
        listPage(of, objects.newestFirst, params, { url: `/v1/transfers/${transfer.id}/reversals`, kind: "transfer_reversal" }),
      );
    }
    const reversal = /^GET \/v1\/transfers\/([^/]+)\/reversals\/([^/]+)$/.exec(route);
    if (reversal) {
      const [transferId, id] = [reversal[1], reversal[2]].map(decodeURIComponent);
      const ofTransfer = new Map([...objects.reversals].filter(([, found]) => found.transfer === transferId));
      return get(() => objects.find(ofTransfer, "transfer_reversal", id));
    }
    const read = /^GET \/v1\/(\w+)(?:\/([^/]+))?$/.exec(route);
    const collection = read && Object.hasOwn(COLLECTIONS, read[1]) ? (read[1] as keyof typeof COLLECTIONS) : undefined;
    if (read && collection) {
      const { kind, filters } = COLLECTIONS[collection];
      const id = read[2] === undefined ? undefined : decodeURIComponent(read[2]);
      if (id !== undefined) return get(() => objects.find(stores[collection], kind, id, kind === "account" ? "account" : "id"));
      return get((params) =>
        listPage(stores[collection].values(), objects.newestFirst, params, { url: `/v1/${collection}`, kind, filters }),
      );
    }
    throw new StripeFailure(
      404,
      "invalid_request_error",
      `Unrecognized request URL (${req.method}: ${route.slice(route.indexOf(" ") + 1)}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    );
  }

  function control(route: string, body: string): Answer | undefined {
    const ok = (answer: unknown): Answer => ({ status: 200, body: answer });
    if (route === "GET /__control/refunds") return ok([...objects.refunds.values()]);
    if (route === "GET /__control/transfers") return ok([...objects.transfers.values()]);
    if (route === "POST /__control/transfers/decline-next") {
      declineNextTransfer = true;
      return ok({});
    }
    if (route === "GET /__control/faults") return ok(faults.map(({ pattern: _, ...fault }) => fault));
    if (route === "DELETE /__control/faults") return ok({ cleared: faults.splice(0).length });
    if (route === "POST /__control/faults") {
      const fault = parseFault(jsonBody(body));
      faults.push({ ...fault, pattern: routePattern(fault.route) });
      return ok(fault);
    }
    const onboarded = /^POST \/__control\/accounts\/([^/]+)\/complete$/.exec(route);
    if (onboarded) return ok(objects.completeAccount(decodeURIComponent(onboarded[1])));
    const controlled = /^POST \/__control\/payment_intents\/([^/]+)\/(succeed|fail|dispute|refund)$/.exec(route);
    if (!controlled) return undefined;
    const [, encoded, action] = controlled;
    const id = decodeURIComponent(encoded);
    if (action === "succeed" || action === "fail") return ok(objects.settle(id, action));
    const options = jsonBody(body);
    if (options.reason !== undefined && typeof options.reason !== "string") throw controlFailure("reason must be a string.");
    const amount = optionalInteger(options, "amount");
    const reason = options.reason as string | undefined;
    if (action === "dispute") return ok(objects.createDispute(id, { amount, reason }));
    const params: Params = { payment_intent: id };
    if (amount !== undefined) params.amount = String(amount);
    if (reason !== undefined) params.reason = reason;
    const refund = objects.createRefund(params, () => {});
    return ok({ refund, charge: objects.charges.get(refund.charge as string) });
  }

  // What to do with a request: answer it, hold it without answering (timeout) or drop its connection (lost).
  async function handle(req: IncomingMessage): Promise<Answer | "hold" | "drop"> {
    const { pathname, search } = new URL(req.url ?? "/", "http://fake");
    const route = `${req.method ?? "GET"} ${pathname}`;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");

    const controlled = control(route, body);
    if (controlled) return controlled;

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

    const fault = takeFault(route);
    if (fault?.mode === "timeout") return "hold";
    if (fault?.mode !== "lost") return api(req, route, body, search.slice(1), beginner(fault));
    try {
      api(req, route, body, search.slice(1), beginner(undefined));
    } catch {
      // The answer is lost either way.
    }
    return "drop";
  }

  function send(res: ServerResponse, { status, body, replayed }: Answer): void {
    const headers: Record<string, string> = { "Content-Type": "application/json", "Request-Id": `req_${random(14)}` };
    if (replayed) headers["Idempotent-Replayed"] = "true";
    res.writeHead(status, headers).end(JSON.stringify(body));
  }

  function hold(socket: Socket): void {
    held.add(socket);
    const timer = setTimeout(() => socket.destroy(), 30_000);
    socket.once("close", () => {
      clearTimeout(timer);
      held.delete(socket);
    });
  }

  const server = createServer((req, res) => {
    handle(req).then(
      (outcome) => {
        if (outcome === "hold") hold(req.socket);
        else if (outcome === "drop") req.socket.destroy();
        else send(res, outcome);
      },
      (error: unknown) =>
        send(
          res,
          error instanceof StripeFailure
            ? { status: error.status, body: error.body }
            : { status: 500, body: { error: { type: "api_error", message: String(error) } } },
        ),
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
        for (const socket of held) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections(); // fetch keeps connections alive; without this close() would wait for them
      }),
  };
}
