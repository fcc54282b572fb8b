import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PATHS } from "~/lib/shared/paths";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { flags, reports } from "../../db/schema";
import { counterOffer, makeOffer } from "../deals/offers";
import { reportMoneyProblem } from "../deals/money-problems";
import { menuCounts, menuCountStatements } from "./menu-counts";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("menuCounts", () => {
  it("counts the offers waiting for each side's answer, in one round trip", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const [seller, buyer, otherBuyer] = [await market.account("seller"), await market.account("buyer"), await market.account("buyer")];
    const [first, second] = [await market.car(seller), await market.car(seller)];
    const countered = await makeOffer(ctx, buyer, first, { amount: 15_000 });
    await makeOffer(ctx, otherBuyer, second, { amount: 16_000 });
    await makeOffer(ctx, buyer, second, { amount: 17_000 });
    await counterOffer(ctx, seller, countered, 18_000);

    const before = database.roundTrips();
    expect(await menuCounts(ctx, seller)).toEqual({ [PATHS.offers]: 2 });
    expect(database.roundTrips() - before).toBe(1);
    // The buyer answers the counter; their open offer waits for the seller, not for them.
    expect(await menuCounts(ctx, buyer)).toEqual({ [PATHS.myOffers]: 1 });
    expect(await menuCounts(ctx, otherBuyer)).toEqual({});
  });

  it("counts an admin's open reports, flags and money problems, and leaves out what is settled", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const [admin, seller, buyer] = [await market.account("admin"), await market.account("seller"), await market.account("buyer")];
    const before = await menuCounts(ctx, admin);
    const car = await market.car(seller);
    await ctx.db.insert(reports).values({ productId: car, reporterId: buyer.id });
    await ctx.db.insert(flags).values([
      { productId: car, reason: "under_priced", details: "$9,000, 45 % of the estimate" },
      { productId: car, reason: "vin_reused", details: "cleared", clearedAt: ctx.now().toISOString() },
    ]);
    await reportMoneyProblem(ctx, { kind: "missing_in_ledger", key: `menu-count:${car}`, amount: 100, detail: "a test problem" });

    const after = await menuCounts(ctx, admin);
    const grew = (path: string) => (after[path] ?? 0) - (before[path] ?? 0);
    expect([grew(PATHS.reportedItems), grew(PATHS.flags), grew(PATHS.moneyProblems), grew(PATHS.disputes)]).toEqual([1, 1, 1, 0]);
    expect(Object.keys(after)).not.toContain(PATHS.offers);
  });

  it("reads no table whole for any role", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const scans: string[] = [];
    for (const role of ["buyer", "seller", "admin"] as const) {
      for (const { statement } of menuCountStatements(ctx, await market.account(role))) {
        const { sql, params } = statement.toSQL();
        const { rows } = await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: params as never });
        for (const { detail } of rows) if (/^SCAN (?!.*USING (COVERING )?INDEX)/.test(String(detail))) scans.push(`${detail} in: ${sql}`);
      }
    }
    // Reports are all open (dismissing deletes one): counting them counts an index.
    expect(scans).toEqual([]);
  });
});
