// What a request's writes changed of the public pages, so that the page cache empties those pages
// and keeps the others (workers/page-cache.ts, decision record 29). Services name what they changed;
// a write that names nothing empties every page, as any write did before, and a write of what no
// public page shows (a session, a token, a message) says so and empties none. A request that changed
// no row of a table public pages show (DATA_CHANGED) empties none either.

/** The names under which cached pages are kept valid: a page depends on some, a write changes some. */
export const PAGE_TAGS = {
  /** Every page that lists cars: Home, the search and category pages, the categories with their counts. */
  carLists: "car-lists",
  car: (id: string) => `car:${id}`,
  seller: (id: string) => `seller:${id}`,
};

/** The tags of the public pages this request's writes changed; empty: not known, so every page. */
export type PageChanges = Set<string>;

// Said by a write that no public page shows (a session, a token, a message).
export const NOTHING_PUBLIC = "nothing-public";
// Every page: what a write that says nothing changes, and what one that changes too much to name says.
export const EVERY_PAGE = "every-page";

// Said by the database (db/watched-writes.ts), not by services: a statement of this request changed
// rows of a table a public page may show. Without it the request changed nothing anyone else sees (it
// wrote nothing, or only the tables below), and no page is emptied, whatever its services said: a
// post that changes nothing (a refused form, a wrong code, a redirect to sign in) must empty nothing.
export const DATA_CHANGED = "data-changed";

// Tables no public page shows: abuse-limit counters and used sign-in tickets (written by refused
// sign-ins too), sessions, one-time tokens and codes, mail bookkeeping and a user's own recently viewed cars.
const PRIVATE_TABLES = new Set([
  "rate_limits",
  "used_two_factor_tickets",
  "sessions",
  "email_tokens",
  "recovery_codes",
  "outgoing_emails",
  "email_attempts",
  "recently_viewed",
]);

/** The database's word that a statement changed rows of `table` (null: a write whose table is not known). */
export function tableWritten(changes: PageChanges, table: string | null): void {
  if (table === null || !PRIVATE_TABLES.has(table)) changes.add(DATA_CHANGED);
}

/**
 * The tags whose versions a request's writes replace: none when it changed nothing a public page
 * shows; else the tags its services named, or every page when they named none.
 */
export function tagsToRenew(changes: ReadonlySet<string>): string[] {
  if (!changes.has(DATA_CHANGED)) return [];
  const said = [...changes].filter((tag) => tag !== DATA_CHANGED);
  return said.length > 0 ? said.filter((tag) => tag !== NOTHING_PUBLIC) : [EVERY_PAGE];
}

/** This write is the writer's own business: no page anyone else gets changes with it. */
export function nothingPublicChanged(changes: PageChanges): void {
  changes.add(NOTHING_PUBLIC);
}

/** This write changed more than its tags could say: every page, even if the same request also said "nothing public". */
export function everyPageChanged(changes: PageChanges): void {
  changes.add(EVERY_PAGE);
}

/** A car was listed, changed, sold or removed: its own page, its seller's page (if it still has one) and every list of cars. */
export function carChanged(changes: PageChanges, car: { id: string; sellerId: string | null }): void {
  changes.add(PAGE_TAGS.car(car.id)).add(PAGE_TAGS.carLists);
  if (car.sellerId) changes.add(PAGE_TAGS.seller(car.sellerId));
}
