import { readConfig, type AppConfig, type AppEnvironment } from "./config";
import { createDatabase, type Database } from "./db/client";
import { createEmailSender, type EmailSender } from "./email/sender";
import { type PageChanges, tableWritten } from "./page-changes";
import { type PaymentProvider } from "./payments/provider";
import { selectPaymentProvider } from "./payments/select";
import { type CarViewJob, type EmailJob, type ListingJob } from "./queue-jobs";

/** Everything a request needs from the outside world, built once per request from the Worker's env. */
export interface AppContext {
  appEnv: AppEnvironment;
  db: Database;
  photos: R2Bucket;
  email: EmailSender;
  /** The queue that delivers `outgoing_emails` rows (app/.server/email/outgoing.ts). */
  emailQueue: Queue<EmailJob>;
  /** The queue that matches new listings against saved searches and refreshes price ratings (app/.server/services/search/listings-queue.ts). */
  listingsQueue: Queue<ListingJob>;
  /** The queue of car page views, added up per car and day by its consumer (app/.server/services/catalog/car-views.ts). */
  viewsQueue: Queue<CarViewJob>;
  /** Stripe, the offline simulator (development/test only), or null when card payments are unavailable. */
  payments: PaymentProvider | null;
  now: () => Date;
  /** This request's origin, e.g. https://autoreseller.example (same-origin checks, provider callbacks). */
  origin: string;
  /** The configured public origin for links that leave the request, such as those sent by email. */
  publicOrigin: string;
  /** The client's IP address as Cloudflare reports it (abuse limits). */
  clientIp: string;
  /** The browser's User-Agent, as sent (the signed-in devices list in Account settings). */
  userAgent?: string;
  /** Key material for session cookies and access tokens. */
  sessionSecret: Uint8Array;
  /** Settings read from env when the context was built (the env itself stays out of reach). */
  config: AppConfig;
  /** This request's id, in every log line and in error answers. */
  requestId: string;
  /** Per-request memo, e.g. the signed-in user once looked up. */
  cache: Map<string, unknown>;
  /**
   * Set by the page cache (workers/page-cache.ts) when this page is rendered once for everyone, with
   * no cookie: `member` when it is for every signed-in visitor, whose personal data comes after hydration.
   */
  sharedPage: { member: boolean } | null;
  /** What this request's writes changed of the public pages (page-changes.ts), for the page cache. */
  changedPages: PageChanges;
  /** Runs work past the response (the request's `waitUntil`); elsewhere the work just runs, awaited by nobody. */
  defer: (work: Promise<unknown>) => void;
}

const DEVELOPMENT_SECRET = "local-development-secret-change-me-please-0123456789";

/** `defer` keeps work alive after the response (a request's `waitUntil`; nothing otherwise). */
export function createAppContext(
  env: Env,
  request: Request,
  requestId: string,
  defer: (work: Promise<unknown>) => void = () => {},
): AppContext {
  const config = readConfig(env);
  const origin = new URL(request.url).origin;
  const appEnv = config.appEnv;
  const changedPages: PageChanges = new Set();
  // The database says which tables the request changed, so a request that changed nothing empties no cached page.
  const db = createDatabase(env.DATABASE_URL, env.DATABASE_AUTH_TOKEN, (table) => tableWritten(changedPages, table));
  return {
    appEnv,
    db,
    photos: env.PHOTOS,
    email: createEmailSender(config.email, appEnv, db),
    emailQueue: env.EMAIL_QUEUE,
    listingsQueue: env.LISTINGS_QUEUE,
    viewsQueue: env.VIEWS_QUEUE,
    payments: selectPaymentProvider(config.stripe, appEnv, db),
    now: () => new Date(),
    origin,
    publicOrigin: publicOrigin(env, appEnv, request),
    clientIp: request.headers.get("cf-connecting-ip") ?? "unknown",
    userAgent: (request.headers.get("user-agent") ?? "").slice(0, 300),
    sessionSecret: new TextEncoder().encode(sessionSecret(env, appEnv)),
    config,
    requestId,
    cache: new Map(),
    sharedPage: null,
    changedPages,
    defer: (work) =>
      defer(
        work.catch((error: unknown) => console.error(JSON.stringify({ requestId, event: "deferred-work-failed", error: String(error) }))),
      ),
  };
}

function sessionSecret(env: Env, appEnv: AppEnvironment): string {
  const secret = env.SESSION_SECRET;
  if (secret && secret.length >= 32 && (appEnv !== "production" || secret !== DEVELOPMENT_SECRET)) return secret;
  if (appEnv !== "production") return DEVELOPMENT_SECRET;
  throw new Error("SESSION_SECRET must be set to at least 32 random characters (wrangler secret put SESSION_SECRET)");
}

/**
 * Never the request's Host header in production: a forged Host would put an attacker's site into
 * a password-reset link. Development may fall back to the request's origin.
 */
function publicOrigin(env: Env, appEnv: AppEnvironment, request: Request): string {
  if (env.APP_ORIGIN) return new URL(env.APP_ORIGIN).origin;
  if (appEnv !== "production") return new URL(request.url).origin;
  throw new Error("APP_ORIGIN must be set to the public origin, e.g. https://autoreseller.example");
}

/** Notes who made the request, for the request's log line. */
export function noteUser(ctx: AppContext, userId: string) {
  ctx.cache.set("user-id", userId);
}

/**
 * The context for work that no request started (the Cron Trigger, the email queue's consumer). createAppContext
 * reads only the URL and the client's address of its request: a placeholder request stands in.
 */
export function createScheduledContext(env: Env, runId: string): AppContext {
  return createAppContext(env, new Request("http://scheduled.invalid/"), runId);
}
