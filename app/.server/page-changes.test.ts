import { describe, expect, it } from "vitest";
import { carChanged, EVERY_PAGE, nothingPublicChanged, PAGE_TAGS, type PageChanges, tableWritten, tagsToRenew } from "./page-changes";

// Which cached pages a request's writes empty (workers/page-cache.ts): the database says whether it
// changed anything public pages show, the services say what.

const changes = (...steps: ((changes: PageChanges) => void)[]) => {
  const found: PageChanges = new Set();
  for (const step of steps) step(found);
  return found;
};

describe("tagsToRenew", () => {
  it("empties nothing after a request that changed no row, whatever its services said", () => {
    expect(tagsToRenew(changes())).toEqual([]);
    expect(tagsToRenew(changes((found) => carChanged(found, { id: "c1", sellerId: null })))).toEqual([]);
  });

  it("empties nothing after writes of what no public page shows: abuse-limit counters, sessions, used tickets", () => {
    for (const table of ["rate_limits", "sessions", "used_two_factor_tickets"]) {
      expect(tagsToRenew(changes((found) => tableWritten(found, table))), table).toEqual([]);
    }
  });

  it("empties what the services named after a write of public data, every page when they named nothing", () => {
    expect(tagsToRenew(changes((found) => tableWritten(found, "users")))).toEqual([EVERY_PAGE]);
    expect(tagsToRenew(changes((found) => tableWritten(found, null)))).toEqual([EVERY_PAGE]);
    expect(
      tagsToRenew(
        changes(
          (found) => tableWritten(found, "products"),
          (found) => carChanged(found, { id: "c1", sellerId: "s1" }),
        ),
      ).sort(),
    ).toEqual([PAGE_TAGS.car("c1"), PAGE_TAGS.carLists, PAGE_TAGS.seller("s1")].sort());
    expect(
      tagsToRenew(
        changes(
          (found) => tableWritten(found, "favourites"),
          (found) => nothingPublicChanged(found),
        ),
      ),
    ).toEqual([]);
  });
});
