import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparableRules } from "~/lib/catalog/comparables";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { flags, cars } from "../../db/schema";
import { clearFlag } from "../admin/flags";
import { analyseCarPrice, comparableStatements } from "./price-analysis";
import { refreshPriceRatings } from "./price-ratings";
import { findCar } from "./cars";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("comparableStatements", () => {
  // A sold comparable counts at the price it sold for: its standing payment, read through the
  // partial index of standing payments. Without that condition the join could use no index on
  // payments and read the whole table for every comparable, which every car page would pay in DB time.
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
        plan.filter((step) => /^SCAN (payments|products|flags)\b/.test(step) || /AUTOMATIC/.test(step)),
        plan.join("\n"),
      ).toEqual([]);
      if (/"payments"/.test(sql)) expect(plan.join("\n")).toMatch(/SEARCH payments USING INDEX payments_product_unique/);
    }
  });
});

describe("a flagged listing", () => {
  it("is no comparable while its flag is open, on the car's page and in the stored ratings, and counts again once cleared", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const [seller, admin] = [await account("seller"), await account("admin")];
    const make = `Flagmake${crypto.randomUUID().slice(0, 6)}`;
    const listed = async (price: number) => {
      const id = await car(seller, { resalePrice: price });
      await ctx.db.update(cars).set({ make, model: "Civic", purchaseYear: 2020, mileageKm: 40_000 }).where(eq(cars.id, id));
      return id;
    };
    const target = await listed(20_000);
    const fair = [await listed(19_000), await listed(20_000), await listed(21_000)];
    const cheap = await listed(6_000);
    const [flag] = await ctx.db
      .insert(flags)
      .values({ productId: cheap, reason: "under_priced", details: "$6,000, 30 % of the estimate" })
      .returning({ id: flags.id });

    const analysed = async () => analyseCarPrice(ctx, await findCar(ctx, target));
    const flagged = await analysed();
    expect(flagged.comparables.map((comparable) => comparable._id).sort()).toEqual([...fair].sort());
    expect(flagged.basis).toMatch(/^Compared with 3 other/);
    await refreshPriceRatings(ctx, [make]);
    const stored = async () => (await ctx.db.select({ rating: cars.priceRating }).from(cars).where(eq(cars.id, target)))[0].rating;
    expect(await stored()).toBe(flagged.rating);

    await clearFlag(ctx, admin, flag.id);
    const cleared = await analysed();
    expect(cleared.comparables.map((comparable) => comparable._id)).toContain(cheap);
    expect(cleared.basis).toMatch(/^Compared with 4 other/);
    await refreshPriceRatings(ctx, [make]);
    expect(await stored()).toBe(cleared.rating);
    // The cheap car moved the estimate, and so the rating: the flag is what kept it out.
    expect(cleared.estimate).not.toBe(flagged.estimate);
  });
});
