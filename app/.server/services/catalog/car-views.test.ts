import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { forgetEndedLimits } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { type CarViewJob } from "../../queue-jobs";
import { addUpViews, countCarView, recordCarViews, viewDay, viewerHash, viewerOf } from "./car-views";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

const A = "a".repeat(32);
const B = "b".repeat(32);

describe("addUpViews (the views queue's batch)", () => {
  it("keeps one view per visitor, car and day, adds up views without a visitor per car and day, and drops what is not a view", () => {
    const view = (carId: string, day: string, visitor?: string) => ({ productId: carId, day, ...(visitor ? { visitor } : {}) });
    expect(
      addUpViews([
        view("a", "2026-11-27", A),
        view("a", "2026-11-27", A),
        view("a", "2026-11-27", B),
        view("a", "2026-11-26", A),
        view("b", "2026-11-27"),
        view("b", "2026-11-27"),
        { productId: "a" },
        { productId: 7, day: "2026-11-27" },
        view("a", "yesterday"),
        view("a", "2026-11-27", "not-a-hash"),
        null,
        "a",
      ]),
    ).toEqual([
      { productId: "a", day: "2026-11-27", visitor: A, views: 1 },
      { productId: "a", day: "2026-11-27", visitor: B, views: 1 },
      { productId: "a", day: "2026-11-26", visitor: A, views: 1 },
      { productId: "b", day: "2026-11-27", views: 2 },
    ]);
  });

  it("counts a view on its UTC day", () => {
    expect(viewDay(new Date("2026-11-27T23:59:59.999Z"))).toBe("2026-11-27");
    expect(viewDay(new Date("2026-11-28T00:00:00+02:00"))).toBe("2026-11-27");
  });
});

describe("who a visitor is", () => {
  const request = (userAgent: string) => new Request("http://localhost/cars/x", { headers: { "user-agent": userAgent } });

  it("is the signed-in user once known, else the client's address and browser", () => {
    const ctx = database.context({ clientIp: "203.0.113.9" });
    expect(viewerOf(ctx, request("Firefox"))).toBe("ip:203.0.113.9\nua:Firefox");
    ctx.cache.set("user-id", "u1");
    expect(viewerOf(ctx, request("Firefox"))).toBe("user:u1");
  });

  it("goes on the queue only as a keyed hash, a different one for each car and day", async () => {
    const sent: CarViewJob[] = [];
    const ctx = database.context({
      clientIp: "203.0.113.9",
      viewsQueue: { send: async (job: CarViewJob) => void sent.push(job) } as unknown as AppContext["viewsQueue"],
    });
    const viewer = viewerOf(ctx, request("Firefox"));
    await countCarView(ctx, "car-1", viewer);
    await countCarView(ctx, "car-1", viewer);
    await countCarView(ctx, "car-2", viewer);
    const day = viewDay(ctx.now());
    expect(sent[0]).toEqual({ productId: "car-1", day, visitor: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(sent[1].visitor).toBe(sent[0].visitor);
    expect(sent[2].visitor).not.toBe(sent[0].visitor);
    expect(JSON.stringify(sent)).not.toMatch(/203\.0\.113\.9|Firefox/);
    expect(await viewerHash(ctx, viewer, "car-1", "2000-01-01")).not.toBe(sent[0].visitor);
    const otherKey = database.context({ sessionSecret: new TextEncoder().encode("another-secret-another-secret-0123456789") });
    expect(await viewerHash(otherKey, viewer, "car-1", day)).not.toBe(sent[0].visitor);
  });
});

describe("recordCarViews (the views queue's consumer)", () => {
  async function viewsOf(ctx: AppContext, carId: string) {
    const { rows } = await ctx.db.$client.execute({
      sql: "select day, views from car_view_days where product_id = ? order by day",
      args: [carId],
    });
    return rows.map((row) => ({ day: row.day, views: row.views }));
  }

  it("counts a visitor once per car and day, across batches (and so across isolates), and forgets them after the next day", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    const [busy, quiet] = [await car(seller), await car(seller)];
    const day = "2026-11-22";
    const view = (carId: string, visitor: string, on = day) => ({ productId: carId, day: on, visitor });
    await recordCarViews(ctx, [view(busy, A), view(busy, A), view(busy, B), view(quiet, A)]);
    // A later batch: A and B again (no view), A on the next day (a view), and an old message without a visitor.
    await recordCarViews(ctx, [view(busy, A), view(busy, B), view(busy, A, "2026-11-23"), { productId: busy, day }]);
    expect(await viewsOf(ctx, busy)).toEqual([
      { day, views: 3 },
      { day: "2026-11-23", views: 1 },
    ]);
    expect(await viewsOf(ctx, quiet)).toEqual([{ day, views: 1 }]);

    // Remembered until the end of the day after the view's; then the Cron Trigger forgets the hashes.
    database.setNow(new Date("2026-11-23T23:59:00Z"));
    await forgetEndedLimits(ctx);
    await recordCarViews(ctx, [view(busy, A)]);
    expect(await viewsOf(ctx, busy)).toEqual([
      { day, views: 3 },
      { day: "2026-11-23", views: 1 },
    ]);
    database.setNow(new Date("2026-11-24T00:00:00Z"));
    expect(await forgetEndedLimits(ctx)).toBeGreaterThanOrEqual(3);
    const remembered = async (on: string) =>
      (await ctx.db.$client.execute({ sql: "select count(*) as n from rate_limits where key like ?", args: [`car-view:%:${on}:%`] }))
        .rows[0].n;
    expect(await remembered(day)).toBe(0);
    expect(await remembered("2026-11-23")).toBe(1);
  });
});
