import { Miniflare, convertV4MiniflareOptions } from "miniflare";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildDirectory, builtWorker } from "../../scripts/built-worker.ts";
import { startLibsqlServer } from "../../scripts/libsql-server/server.ts";
import { freePorts } from "../../scripts/free-ports.ts";
import { FAKE_EMAIL_API_KEY, startFakeEmailApi } from "../fakes/email-api.ts";
import { startFakeOAuthProvider } from "../fakes/oauth-provider.ts";
import { startFakeStripe } from "../fakes/stripe-api.ts";
import { STRIPE_WEBHOOK_SECRET } from "./stripe-secrets.ts";

// A whole app for tests: the built Worker in workerd (through Miniflare's API, as `wrangler dev`
// runs it, minus wrangler's own start-up), the local libSQL server over HTTP, an R2 bucket, and
// fakes of Google, GitHub, Stripe and the email API, all its own. See docs/decisions/0006.

export type PaymentsKind = "simulator" | "stripe";

export interface TestStack {
  appUrl: string;
  dbUrl: string;
  /** The libSQL server's token: clients pass it as `authToken`. */
  dbAuthToken: string;
  /** This stack's fake Google and GitHub (PUT /<provider>/profile sets who signs in next). */
  oauthUrl: string;
  /** The fake Stripe API and fake email API: only a "stripe" stack has them. */
  stripeApiUrl?: string;
  emailApiUrl?: string;
  /** Puts these `{ emailId }` messages on the Worker's email queue, as its own requests do. */
  sendToEmailQueue(emailIds: string[]): Promise<void>;
  /** Puts these `{ productId }` messages on the Worker's listings queue, as listing a car does. */
  sendToListingsQueue(carIds: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** A stack's state folder, and a template's (tests/support/template.ts): the database file and the R2 state under it. */
export const DATABASE_FILE = "app.db";
export const PERSIST = "wrangler";

const SHARED_VARS = {
  APP_ENV: "test",
  SESSION_SECRET: "test-session-secret-0123456789-abcdefghijklmnopqrstuvwxyz",
  GOOGLE_CLIENT_ID: "google-test-client",
  GOOGLE_CLIENT_SECRET: "google-test-secret",
  GITHUB_CLIENT_ID: "github-test-client",
  GITHUB_CLIENT_SECRET: "github-test-secret",
  // The email queue retries at once (each retry still waits for its batch), not after 30 s, 60 s, …
  EMAIL_RETRY_SECONDS: "0",
};

/** Starts a stack on a copy of a seeded template (tests/support/template.ts). */
export async function startTestStack(template: string, payments: PaymentsKind, vars: Record<string, string> = {}): Promise<TestStack> {
  const dir = mkdtempSync(path.join(tmpdir(), "auto-reseller-stack-"));
  cpSync(template, dir, { recursive: true });
  // Undone in reverse order by stop(), also when the start fails half-way.
  const stops: (() => Promise<unknown>)[] = [async () => rmSync(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const step of [...stops].reverse()) await step();
  };
  try {
    const database = await startLibsqlServer({ file: path.join(dir, DATABASE_FILE) });
    stops.push(database.close);
    const oauth = await startFakeOAuthProvider();
    stops.push(oauth.close);
    const fakes = payments === "stripe" ? await startStripeFakes() : undefined;
    if (fakes) stops.push(fakes.close);
    const worker = await startWorker(dir, {
      ...SHARED_VARS,
      DATABASE_URL: database.url,
      DATABASE_AUTH_TOKEN: database.authToken,
      OAUTH_PROVIDER_BASE_URL: oauth.baseUrl,
      ...fakes?.vars,
      ...vars,
    });
    stops.push(worker.dispose);
    return {
      appUrl: worker.url,
      dbUrl: database.url,
      dbAuthToken: database.authToken,
      oauthUrl: oauth.baseUrl,
      ...fakes?.urls,
      sendToEmailQueue: worker.sendToEmailQueue,
      sendToListingsQueue: worker.sendToListingsQueue,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The Stripe Worker's outside world: the fake Stripe API, and the fake email API it sends mail through. */
async function startStripeFakes() {
  const [stripe, email] = await Promise.all([startFakeStripe(), startFakeEmailApi()]);
  return {
    urls: { stripeApiUrl: stripe.url, emailApiUrl: email.url },
    vars: {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      EMAIL_API_URL: `${email.url}/emails`,
      EMAIL_API_KEY: FAKE_EMAIL_API_KEY,
      EMAIL_FROM: "Auto Reseller <no-reply@autoreseller.test>",
    },
    close: () => Promise.all([stripe.close(), email.close()]),
  };
}

/**
 * The built Worker in workerd, its R2 bucket persisted in `dir`. Links in emails use APP_ORIGIN,
 * which names the port, so the port is picked before the start: a clash means another try.
 */
async function startWorker(dir: string, vars: Record<string, string>, attempts = 3) {
  const { bucket, ...worker } = builtWorker(path.join(buildDirectory(), "server"));
  for (let attempt = 1; ; attempt++) {
    const [port] = await freePorts(1);
    const url = `http://127.0.0.1:${port}`;
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        host: "127.0.0.1",
        port,
        resourcePersistencePath: path.join(dir, PERSIST, "v3"),
        // GET /cdn-cgi/local/scheduled?cron=… runs the Cron Trigger's handler, as under `wrangler dev`.
        unsafeTriggerHandlers: true,
        logRequests: false,
        // The app logs a JSON line per request; like `wrangler dev --log-level error`, only errors show.
        handleStructuredLogs: ({ level, message }) => {
          if (level === "error") console.error(message);
        },
        workers: [{ name: "auto-reseller", ...worker, bindings: { ...vars, APP_ORIGIN: url }, r2Buckets: { PHOTOS: bucket } }],
      }),
    );
    try {
      await mf.ready;
      const sendToEmailQueue = async (emailIds: string[]) => {
        const queue = await mf.getQueueProducer<{ emailId: string }>("EMAIL_QUEUE");
        await queue.sendBatch(emailIds.map((emailId) => ({ body: { emailId } })));
      };
      const sendToListingsQueue = async (carIds: string[]) => {
        const queue = await mf.getQueueProducer<{ productId: string }>("LISTINGS_QUEUE");
        await queue.sendBatch(carIds.map((carId) => ({ body: { productId: carId } })));
      };
      return { url, sendToEmailQueue, sendToListingsQueue, dispose: () => mf.dispose() };
    } catch (error) {
      await mf.dispose().catch(() => {});
      if (attempt >= attempts) throw error;
    }
  }
}
