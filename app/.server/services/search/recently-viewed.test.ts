import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { recentlyViewed } from "../../db/schema";
import { listRecentlyViewed, noteCarVisit, RECENTLY_VIEWED_KEPT, RECENTLY_VIEWED_SHOWN } from "./recently-viewed";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("recently viewed cars of a signed-in user", () => {
  it("moves a car seen again to the front, never lists the car being looked at, and keeps only the latest 12", async () => {
    let clock = Date.parse("2026-11-27T09:00:00Z");
    const ctx = { ...database.context(), now: () => new Date((clock += 1000)) };
    const { account, car } = marketplace(ctx);
    const [seller, buyer] = [await account("seller"), await account("buyer")];
    const cars: string[] = [];
    for (let index = 0; index < RECENTLY_VIEWED_KEPT + 3; index++) cars.push(await car(seller));

    for (const id of cars) await noteCarVisit(ctx, buyer.id, id);
    const newestFirst = cars.toReversed();
    expect((await listRecentlyViewed(ctx, buyer.id)).map((row) => row._id)).toEqual(newestFirst.slice(0, RECENTLY_VIEWED_SHOWN));

    // The oldest kept car seen again: first in the list, and not listed on its own page.
    const oldestKept = newestFirst[RECENTLY_VIEWED_KEPT - 1];
    const onItsPage = await noteCarVisit(ctx, buyer.id, oldestKept);
    expect(onItsPage.map((row) => row._id)).toEqual(newestFirst.slice(0, RECENTLY_VIEWED_SHOWN));
    expect((await listRecentlyViewed(ctx, buyer.id))[0]._id).toBe(oldestKept);

    const rows = await ctx.db.select().from(recentlyViewed).where(eq(recentlyViewed.userId, buyer.id));
    expect(rows).toHaveLength(RECENTLY_VIEWED_KEPT);
    expect(rows.map((row) => row.productId).sort()).toEqual(newestFirst.slice(0, RECENTLY_VIEWED_KEPT).sort());
  });
});
