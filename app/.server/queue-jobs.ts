// What the Worker's three queues carry (wrangler.toml [[queues]]): the messages the context's queue
// producers send and the Worker's queue() consumer reads.

/** The email queue: an `outgoing_emails` row to send (app/.server/email/outgoing.ts). */
export interface EmailJob {
  emailId: string;
}

/** A car just listed, to match against saved searches. Messages sent before jobs had kinds have none. */
export interface NewListingJob {
  kind?: "new-listing";
  productId: string;
}

/** Makes whose cars' price ratings may have moved (a car listed, changed, sold or deleted). */
export interface RepriceJob {
  kind: "reprice";
  makes: string[];
}

/** The listings queue (app/.server/services/search/listings-queue.ts). */
export type ListingJob = NewListingJob | RepriceJob;

/**
 * The views queue: one opening of a car's page, on the UTC day it happened (YYYY-MM-DD), by a
 * visitor known only by a keyed hash of who, which car and which day (app/.server/services/catalog/car-views.ts).
 * Messages sent before views had a visitor have none.
 */
export interface CarViewJob {
  productId: string;
  day: string;
  visitor?: string;
}
