import { distinctMakes } from "../../../lib/catalog/comparables";
import { type AppContext } from "../../context";
import { type ListingJob, type RepriceJob } from "../../queue-jobs";
import { type Effect, type EventOf } from "../events";

// The listings queue (LISTINGS_QUEUE, consumed in workers/app.ts) carries two kinds of work done
// off the request: matching a new listing against saved searches (listing-matches.ts), and
// refreshing the stored price ratings of makes whose cars changed (price-ratings.ts).

/** A message's job; null when it is none (dropped). A body without a kind is a new listing. */
export function readListingJob(body: unknown): ListingJob | null {
  const job = (body ?? {}) as Partial<Record<string, unknown>>;
  if (job.kind === "reprice") {
    const makes = Array.isArray(job.makes) ? job.makes.filter((make): make is string => typeof make === "string") : [];
    return makes.length > 0 ? { kind: "reprice", makes } : null;
  }
  if ((job.kind ?? "new-listing") === "new-listing" && typeof job.productId === "string") {
    return { kind: "new-listing", productId: job.productId };
  }
  return null;
}

/** The job refreshing these makes' ratings (each once, ignoring case); none when no car had a make. */
function repriceJobs(makes: readonly (string | null | undefined)[]): RepriceJob[] {
  const distinct = distinctMakes(makes);
  return distinct.length === 0 ? [] : [{ kind: "reprice", makes: distinct }];
}

/** Sends jobs in one call. Never throws: the caller's change stands, and the failure is logged. */
async function sendListingJobs(ctx: AppContext, jobs: ListingJob[]): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await ctx.listingsQueue.sendBatch(jobs.map((body) => ({ body })));
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "listing-enqueue-failed", jobs, error: String(error) }));
  }
}

/** A new listing: matched against saved searches, and its make's price ratings refreshed, on the queue. */
export function queueListingMatch(ctx: AppContext, event: EventOf<"car_listed">): Effect {
  return { afterCommit: () => sendListingJobs(ctx, [{ kind: "new-listing", productId: event.carId }, ...repriceJobs([event.make])]) };
}

/** Cars compared by these makes' price ratings changed: the ratings are worked out again on the queue. */
export function queueRepricing(ctx: AppContext, event: EventOf<"comparables_changed">): Effect {
  return { afterCommit: () => sendListingJobs(ctx, repriceJobs(event.makes)) };
}
