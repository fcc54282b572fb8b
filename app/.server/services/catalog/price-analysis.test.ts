import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparableRules } from "~/lib/comparables";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { comparableStatements } from "./price-analysis";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("comparableStatements", () => {
  // A sold comparable counts at the price it sold for: its standing payment, read through the
  // partial index of standing payments. Without that condition the join could use no index on
  // payments and read the whole table for every comparable (issue 32: the car page's DB time).
  it("reads each comparable's sale through the index of standing payments, never the whole payments table", async () => {
    const ctx = database.context();
    const car = {
      id: "car",
      make: "Toyota",
      model: "Corolla",
      categoryId: "c",
      purchaseYear: 2016,
      mileageKm: 80000,
      createdAt: "2026-11-01T00:00:00.000Z",
    };
    const statements = comparableStatements(ctx, car, comparableRules(car));
    expect(statements).toHaveLength(4);
    for (const statement of statements) {
      const { sql, params } = statement.toSQL();
      const plan = (await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: params as never })).rows.map((row) =>
        String(row.detail),
      );
      expect(
        plan.filter((step) => /^SCAN (payments|products)\b/.test(step) || /AUTOMATIC/.test(step)),
        plan.join("\n"),
      ).toEqual([]);
      if (/"payments"/.test(sql)) expect(plan.join("\n")).toMatch(/SEARCH payments USING INDEX payments_product_unique/);
    }
  });
});
