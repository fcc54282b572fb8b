// What a request's writes changed of the public pages, so that the page cache empties those pages
// and keeps the others (workers/page-cache.ts, decision record 29). Services name what they changed;
// a write that names nothing empties every page, as any write did before, and a write of what no
// public page shows (a session, a token, a message) says so and empties none.

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
