import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { startOfWeek } from "../catalog/seller-cars";
import { adminStatements, dashboardStats, startOfMonth } from "./dashboard-stats";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("startOfWeek and startOfMonth", () => {
  it("start weeks on Monday and months on the 1st, at 00:00 UTC", () => {
    // 2026-11-22 is a Sunday, 2026-11-23 a Monday.
    expect(startOfWeek(new Date("2026-11-22T23:59:59Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(startOfWeek(new Date("2026-11-23T00:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(startOfWeek(new Date("2026-03-04T12:00:00Z")).toISOString()).toBe("2026-03-02T00:00:00.000Z");
    expect(startOfWeek(new Date("2027-01-01T08:00:00Z")).toISOString()).toBe("2026-12-28T00:00:00.000Z");
    expect(startOfMonth(new Date("2026-11-30T23:59:59Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
  });
});

describe("dashboardStats", () => {
  it.each(["buyer", "seller", "admin"] as const)("answers the numbers of a %s in one round trip", async (role) => {
    const ctx = database.context();
    const user = await marketplace(ctx).account(role);
    const before = database.roundTrips();
    const stats = await dashboardStats(ctx, user);
    expect(database.roundTrips() - before).toBe(1);
    expect(stats.role).toBe(role);
  });
});

// Tables that grow with the market. Categories (a few dozen rows) may be read whole.
const BIG_TABLES = ["products", "bookings", "payments", "reports", "users", "facet_counts"];

describe("the admin's query plans", () => {
  it("read no big table whole where an index could serve (counting every open report reads an index)", async () => {
    const ctx = database.context();
    const scans: string[] = [];
    for (const statement of adminStatements(ctx, new Date("2026-11-22T10:00:00Z"))) {
      const { sql, params } = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
      const { rows } = await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: params as never });
      for (const { detail } of rows) {
        const scanned = /^SCAN (\w+)(?! USING (COVERING )?INDEX)/.exec(String(detail))?.[1];
        if (scanned && BIG_TABLES.includes(scanned)) scans.push(`${detail} in: ${sql}`);
      }
    }
    expect(scans).toEqual([]);
  });
});
