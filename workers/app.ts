import { Hono } from "hono";
import { csrf } from "hono/csrf";
import { createRequestHandler } from "react-router";
import { forgetEndedLimits } from "~/.server/auth/rate-limits";
import { dropUnreadBody } from "~/.server/web/body-limit";
import { ConfigError, readConfig } from "~/.server/config";
import { createAppContext, createScheduledContext, type AppContext } from "~/.server/context";
import { deliverEmail, enqueueOverdueEmails } from "~/.server/email/outgoing";
import { type CarViewJob, type EmailJob, type ListingJob } from "~/.server/queue-jobs";
import { recordCarViews } from "~/.server/services/catalog/car-views";
import { reconcile } from "~/.server/services/deals/reconciliation";
import { runScheduledDeals } from "~/.server/services/deals/settle";
import { expireOffers } from "~/.server/services/deals/offers-lifecycle";
import { flagNewListing } from "~/.server/services/admin/flags";
import { forgetOldCounts, searchCountsOutcome } from "~/.server/services/search/search-counts";
import { enqueueRecentListings, notifyNewListingMatches } from "~/.server/services/search/listing-matches";
import { sendMatchDigests } from "~/.server/services/notifications/match-digests";
import { readListingJob } from "~/.server/services/search/listings-queue";
import { refreshPriceRatings } from "~/.server/services/catalog/price-ratings";
import { removeUnusedUploads } from "~/.server/services/uploads/uploads";
import { subscribe } from "~/.server/services/events";
import { SUBSCRIBERS } from "~/.server/services/subscribers";
import { LOCAL_UPLOAD_PATH } from "~/.server/storage/presigned-put";
import { PATHS } from "~/lib/shared/paths";
import { api } from "./api";
import { applyContentSecurityPolicy, hardeningHeaders } from "./security-headers";
import { type WorkerEnv } from "./hono-env";
import { images } from "./images";
import { createLocalR2StandIn } from "./local-r2/stand-in";
import { countCarViews } from "./car-views";
import { pageCache, requestForEveryone } from "./page-cache";
import { requestIdOf } from "./request-id";
import { seo } from "./seo";
import { stripeWebhook } from "./webhooks/stripe";
import { personalPageDataRoute } from "./personal-page-data";

declare module "react-router" {
  export interface AppLoadContext {
    app: AppContext;
    cloudflare: { env: Env; ctx: ExecutionContext };
  }
}

// What each domain event causes in the others (app/.server/services/events.ts).
subscribe(SUBSCRIBERS);

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

// Not strict: /api/users/sellers/ is /api/users/sellers (a trailing slash never turns a route into a 404 or 405).
const app = new Hono<WorkerEnv>({ strict: false });

app.use(hardeningHeaders);
app.use(async (c, next) => {
  let requestId: string = crypto.randomUUID();
  try {
    requestId = requestIdOf(c.req.raw, readConfig(c.env).appEnv);
    c.set("requestId", requestId);
    c.set(
      "app",
      createAppContext(c.env, c.req.raw, requestId, (work) => c.executionCtx.waitUntil(work)),
    );
  } catch (error) {
    // A malformed setting stops the Worker: it says what is wrong instead of serving on a guess.
    if (!(error instanceof ConfigError)) throw error;
    console.error(JSON.stringify({ requestId, event: "configuration-error", problems: error.problems }));
    return c.text(error.message, 503);
  }
  const started = Date.now();
  await next();
  // An answer given without reading the request's body (a refusal, a page without an action):
  // read the rest first, or the client's connection is cut and its next request on it fails.
  await dropUnreadBody(c.req.raw);
  c.header("X-Request-Id", requestId);
  keepPrivate(c.res, c.var.app);
  applyContentSecurityPolicy(c.res, {
    url: c.req.url,
    isPage: (c.res.headers.get("content-type") ?? "").startsWith("text/html") && !c.req.path.startsWith("/api/"),
    config: c.var.app.config,
  });
  console.log(
    JSON.stringify({
      requestId,
      method: c.req.method,
      path: redactEmails(c.req.path),
      status: c.res.status,
      durationMs: Date.now() - started,
      userId: c.var.app.cache.get("user-id") ?? null,
    }),
  );
});

/**
 * An answer rendered for a signed-in user is theirs alone: no shared cache (nor the browser's history
 * cache) may keep it, though the same URL is cached for anonymous visitors. That includes the copy
 * the page cache renders for every signed-in visitor (`sharedPage.member`), which names nobody but
 * is not the anonymous one and is only ever served from our own cache. API reads that revalidate
 * by ETag already say `private, no-cache`, which stays.
 */
function keepPrivate(response: Response, ctx: AppContext) {
  if (!ctx.cache.has("user-id") && !ctx.sharedPage?.member) return;
  if (/\bprivate\b/.test(response.headers.get("Cache-Control") ?? "")) return;
  response.headers.set("Cache-Control", "private, no-store");
}

/** Logs never hold full email addresses (some API paths carry one): a***@example.com. */
function redactEmails(path: string): string {
  return path.replace(/([^/@%]{1,2})[^/@%]*(@|%40)([^/]+)/g, "$1***@$3");
}

// Car page views go on the views queue, cache hits included (so this comes before the cache).
app.use(countCarViews);
// Public pages from the edge cache, one copy for anonymous and one for signed-in visitors; a write empties what it changed.
app.use(pageCache);

app.route("/api", api);
app.route("/images", images);
app.route(PATHS.personalPageData, personalPageDataRoute);
// The local stand-in for R2's S3 endpoint, in development builds only; it passes every request on when R2 is configured.
if (__LOCAL_R2_STAND_IN__) app.route(LOCAL_UPLOAD_PATH, createLocalR2StandIn());
app.route("/webhooks/stripe", stripeWebhook);
app.route("/", seo);

// Form posts to pages must come from our own origin (CSRF defence besides SameSite cookies). One-click
// unsubscribe (RFC 8058) is posted by mail clients from anywhere: its signed link, not the origin, proves it.
const pageFormCsrf = csrf({ origin: (origin, c) => origin === c.var.app.origin });
app.use("*", (c, next) => (c.req.path === PATHS.unsubscribe ? next() : pageFormCsrf(c, next)));

// Every other request, whatever its method, is a page: form POSTs must reach React Router actions.
app.all("*", async (c) => {
  // Pages answer GET, HEAD and POST; React Router would treat OPTIONS as an error (405).
  if (c.req.method === "OPTIONS") return c.body(null, 204, { Allow: "GET, HEAD, POST" });
  // A page rendered for everyone (the page cache's) sees no cookie: nobody's personal data can go into it.
  const request = c.var.app.sharedPage ? requestForEveryone(c.req.raw) : c.req.raw;
  const response = await requestHandler(request, {
    app: c.var.app,
    cloudflare: { env: c.env, ctx: c.executionCtx as ExecutionContext },
  });
  // A search page says where its counts came from, as GET /api/products does (the bench counts hits by it).
  const counted = searchCountsOutcome(c.var.app);
  if (counted) response.headers.append("Server-Timing", `search-counts;desc=${counted}`);
  return response;
});

export default {
  fetch: app.fetch,
  // Cron Triggers (wrangler.toml), every 10 minutes: the clean-up of photos nothing uses, mail the
  // queue never got (its enqueue failed) or lost (its delivery died half-way), new-match digests due,
  // the deal's releases and provider calls (held money past its release date, refunds, transfers and reversals due),
  // the stored counts of searches nobody made for a day, and abuse-limit counters (car views' visitors too) whose window ended.
  async scheduled(controller, env) {
    const runId = `scheduled-${controller.scheduledTime}`;
    const ctx = createScheduledContext(env, runId);
    // The daily trigger compares the ledger with the payment provider (the money problems admins see).
    if (controller.cron === DAILY_CRON) {
      try {
        const reconciled = ctx.payments ? await reconcile(ctx) : null;
        console.log(JSON.stringify({ runId, cron: controller.cron, reconciled }));
      } catch (error) {
        // The provider could not be reached: tomorrow's run compares the same days again.
        console.error(JSON.stringify({ runId, cron: controller.cron, event: "reconcile-failed", error: String(error) }));
      }
      return;
    }
    const [removedUploads, enqueuedEmails, enqueuedListings, matchDigests, deals, forgottenSearchCounts, forgottenLimits, offers] =
      await Promise.all([
        removeUnusedUploads(ctx),
        enqueueOverdueEmails(ctx),
        enqueueRecentListings(ctx, new Date(controller.scheduledTime)),
        sendMatchDigests(ctx),
        runScheduledDeals(ctx),
        forgetOldCounts(ctx),
        forgetEndedLimits(ctx),
        expireOffers(ctx),
      ]);
    const outcome = {
      removedUploads,
      enqueuedEmails,
      enqueuedListings,
      matchDigests,
      deals,
      forgottenSearchCounts,
      forgottenLimits,
      offers,
    };
    console.log(JSON.stringify({ runId, cron: controller.cron, ...outcome }));
  },
  async queue(batch, env) {
    const ctx = createScheduledContext(env, `queue-${batch.queue}-${crypto.randomUUID()}`);
    if (batch.queue === LISTINGS_QUEUE) return doListingJobs(ctx, batch);
    if (batch.queue === VIEWS_QUEUE) return recordViewBatch(ctx, batch);
    // The email queue's consumer: each message names an `outgoing_emails` row to send (at most once).
    await Promise.all(
      batch.messages.map(async (message) => {
        const { emailId } = (message.body ?? {}) as Partial<EmailJob>;
        if (typeof emailId !== "string") return message.ack();
        try {
          const outcome = await deliverEmail(ctx, emailId);
          if (outcome) message.retry({ delaySeconds: outcome.retryInSeconds });
          else message.ack();
        } catch (error) {
          // The database failed: the platform retries, and the sweep finds the row if it never does.
          console.error(JSON.stringify({ requestId: ctx.requestId, event: "email-delivery-failed", emailId, error: String(error) }));
          message.retry({ delaySeconds: 60 });
        }
      }),
    );
  },
} satisfies ExportedHandler<Env, EmailJob | ListingJob | CarViewJob>;

// wrangler.toml's daily Cron Trigger (the other runs every 10 minutes).
const DAILY_CRON = "0 3 * * *";

// wrangler.toml's queues of new listings and of car page views (the email queue is the third one this Worker consumes).
const LISTINGS_QUEUE = "auto-reseller-listings";
const VIEWS_QUEUE = "auto-reseller-views";

/** The views queue's consumer: the whole batch added up per car and day in one transaction, or retried whole. */
async function recordViewBatch(ctx: AppContext, batch: MessageBatch<unknown>) {
  try {
    const rows = await recordCarViews(
      ctx,
      batch.messages.map((message) => message.body),
    );
    console.log(JSON.stringify({ requestId: ctx.requestId, event: "car-views-recorded", views: batch.messages.length, rows }));
    batch.ackAll();
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "car-views-failed", error: String(error) }));
    batch.retryAll({ delaySeconds: 30 });
  }
}

/**
 * The listings queue's consumer, one job at a time: a new car is matched against the saved searches
 * (each is a few batches of reads; matching it again notifies nobody twice), a reprice job refreshes
 * its makes' stored price ratings (idempotent). A message without a kind is a new listing.
 */
async function doListingJobs(ctx: AppContext, batch: MessageBatch<unknown>) {
  for (const message of batch.messages) {
    const job = readListingJob(message.body);
    if (!job) {
      message.ack();
      continue;
    }
    try {
      const outcome =
        job.kind === "reprice"
          ? { event: "price-ratings-refreshed", changed: await refreshPriceRatings(ctx, job.makes) }
          : {
              event: "listing-matched",
              matched: await notifyNewListingMatches(ctx, job.productId),
              flagged: await flagNewListing(ctx, job.productId),
              // A search's first match is mailed at once; later ones wait for its hourly digest.
              matchDigests: await sendMatchDigests(ctx),
            };
      console.log(JSON.stringify({ requestId: ctx.requestId, ...job, ...outcome }));
      message.ack();
    } catch (error) {
      console.error(JSON.stringify({ requestId: ctx.requestId, event: "listing-job-failed", ...job, error: String(error) }));
      message.retry({ delaySeconds: 60 });
    }
  }
}
