import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { marketplace } from "../../../tests/support/marketplace";
import { startTestDatabase } from "../../../tests/support/test-database";
import { searchQuerySchema } from "~/lib/schemas/search";
import { keywordMatch, searchProducts, searchStatements } from "./search";
import { products } from "../db/schema";
import { eq } from "drizzle-orm";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

const query = (params: Record<string, string>) => v.parse(searchQuerySchema, params);

describe("keywordMatch", () => {
  it("makes every word a required quoted prefix, ignoring punctuation", () => {
    expect(keywordMatch("toyota  corolla-axio")).toBe('"toyota"* "corolla"* "axio"*');
    expect(keywordMatch('"; drop table products; --')).toBe('"drop"* "table"* "products"*');
    expect(keywordMatch("Škoda")).toBe('"Škoda"*');
    expect(keywordMatch("  !!! ")).toBeUndefined();
    expect(keywordMatch(undefined)).toBeUndefined();
  });
});

describe("searchProducts", () => {
  it("answers page, total and facets in one round trip", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    const id = await car(seller);
    await ctx.db.update(products).set({ make: "Toyota", description: "Très propre, climatisation" }).where(eq(products.id, id));
    const before = database.roundTrips();
    const result = await searchProducts(ctx, query({ q: "tres climat", sellerId: seller.id }));
    expect(database.roundTrips() - before).toBe(1);
    expect(result.data.map((product) => product._id)).toEqual([id]);
    expect(result.facets.make).toEqual([{ value: "Toyota", count: 1 }]);
  });
});

describe("query plans", () => {
  // Each filter a user may pick alone is answered from an index: no statement of the search (page,
  // total, facets) reads the whole products table.
  it.each<[string, Record<string, string>, RegExp]>([
    ["no filter", {}, /\(is_paid=\?\)/],
    ["make", { make: "toyota" }, /products_make(_model)?_idx \(is_paid=\? AND make=\?\)/],
    ["make and model", { make: "toyota", model: "corolla" }, /products_make_model_idx \(is_paid=\? AND make=\? AND model=\?\)/],
    ["location", { location: "Dhaka" }, /products_location_idx \(is_paid=\? AND location=\?\)/],
    ["condition", { condition: "Good" }, /products_condition_idx \(is_paid=\? AND condition=\?\)/],
    ["price range", { minPrice: "10000", maxPrice: "20000" }, /products_price_idx \(is_paid=\? AND resale_price>\? AND resale_price<\?\)/],
    ["category", { categoryId: "c0ffee" }, /products_unsold_category_idx \(is_paid=\? AND category_id=\?\)/],
    ["seller", { sellerId: "c0ffee" }, /products_seller_unsold_idx \(seller_id=\? AND is_paid=\?\)/],
    ["keywords", { q: "corolla" }, /products_fts VIRTUAL TABLE/],
    ["make sorted by price", { make: "toyota", sort: "price_asc" }, /products_make(_model)?_idx \(is_paid=\? AND make=\?\)/],
    [
      "maximum mileage sorted by mileage",
      { maxMileage: "80000", sort: "mileage_asc" },
      /products_mileage_idx \(is_paid=\? AND mileage_km<\?\)/,
    ],
    [
      "year range sorted by year",
      { minYear: "2015", maxYear: "2020", sort: "year_desc" },
      /products_year_idx \(is_paid=\? AND purchase_year>\? AND purchase_year<\?\)/,
    ],
  ])("%s: the total uses the filter's index, and no statement reads the whole table", async (_, params, index) => {
    const ctx = database.context();
    for (const [position, statement] of searchStatements(ctx, query(params)).entries()) {
      const { sql, params: args } = statement.toSQL();
      const plan = (await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows.map((row) =>
        String(row.detail),
      );
      expect(
        plan.filter((step) => /^SCAN products\b(?! USING (COVERING )?INDEX)|^SCAN products$/.test(step)),
        `${sql}\n${plan.join("\n")}`,
      ).toEqual([]);
      // The page may walk another index in its sort's order (it stops after a page of matches).
      if (position === 1) expect(plan.join("\n"), sql).toMatch(index);
    }
  });
});
