import { eq, inArray } from "drizzle-orm";
import * as v from "valibot";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_RATINGS } from "~/lib/catalog/price-rating";
import { searchQuerySchema } from "~/lib/schemas/search";
import { marketplace } from "../../../../tests/support/marketplace";
import { type UserRow } from "../users/users";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { cars } from "../../db/schema";
import { listCategories } from "./categories";
import { refreshPriceRatings } from "./price-ratings";
import { listAdvertisedCars } from "./cars";
import { searchCategory } from "../site/search-page";
import { searchCars, searchWithCategories } from "../search/search";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

async function roundTripsOf<T>(work: () => Promise<T>): Promise<{ trips: number; result: T }> {
  const before = database.roundTrips();
  const result = await work();
  return { trips: database.roundTrips() - before, result };
}

const query = (params: Record<string, string>) => v.parse(searchQuerySchema, params);

/** `count` advertised cars of one make in a new category, each with a stored rating. */
async function ratedCars(count: number) {
  // Newer than every car before them, so Home's newest advertised cars are these.
  database.setNow(new Date(Date.now()));
  const ctx = database.context();
  const { account, category, car } = marketplace(ctx);
  const seller = await account("seller");
  const categoryId = await category();
  const make = `Cardmake${crypto.randomUUID().slice(0, 6)}`;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push(await car(seller, { categoryId, isAdvertised: true, resalePrice: 10_000 + i * 1000 }));
  for (const [i, id] of ids.entries()) {
    await ctx.db
      .update(cars)
      .set({ make, priceRating: PRICE_RATINGS[i % PRICE_RATINGS.length] })
      .where(eq(cars.id, id));
  }
  return { ctx, categoryId, make, ids };
}

// What each page's cards cost today, rating included: the search is one batch (the search pages'
// categories in it), and Home reads its categories in parallel with its cars.
const ONE_BATCH = { "GET /api/categories/:id": 1, "the search page (/cars)": 1, "GET /api/products": 1, Home: 2 };

describe("the price rating on cards", () => {
  // Each read as its page makes it, with 2 rated cards and then with 8: the same round trips
  // (one each), so the rating is never fetched per card.
  const pages = {
    "GET /api/categories/:id": (ctx: ReturnType<typeof database.context>, categoryId: string, viewer: UserRow) =>
      searchCategory(ctx, viewer, categoryId, 1, 24),
    "the search page (/cars)": (ctx: ReturnType<typeof database.context>, categoryId: string) =>
      searchWithCategories(ctx, query({ categoryId })).then((found) => found.data),
    "GET /api/products": (ctx: ReturnType<typeof database.context>, categoryId: string) =>
      searchCars(ctx, query({ categoryId })).then((found) => found.data),
    Home: (ctx: ReturnType<typeof database.context>) =>
      Promise.all([listCategories(ctx), listAdvertisedCars(ctx)]).then(([, advertised]) => advertised),
  };

  for (const [name, read] of Object.entries(pages)) {
    it(`costs no round trip of its own on ${name}`, async () => {
      const trips = [];
      for (const count of [2, 8]) {
        const { ctx, categoryId, ids } = await ratedCars(count);
        const viewer = await marketplace(ctx).account("buyer");
        const { trips: taken, result } = await roundTripsOf(() => read(ctx, categoryId, viewer));
        const shown = new Map(result.map((car) => [car._id, car.priceRating]));
        expect(ids.map((id) => shown.get(id))).toEqual(ids.map((_, i) => PRICE_RATINGS[i % PRICE_RATINGS.length]));
        trips.push(taken);
      }
      expect(trips).toEqual([ONE_BATCH[name as keyof typeof pages], ONE_BATCH[name as keyof typeof pages]]);
    });
  }
});

describe("refreshPriceRatings", () => {
  it("reads a make's cars in one round trip and writes only the ratings that changed in one more", async () => {
    const { ctx, make, ids } = await ratedCars(4);
    // Four cars of one model, year and mileage at $10,000–$13,000: the estimates rate them apart.
    await ctx.db.update(cars).set({ model: "Delta", priceRating: null }).where(inArray(cars.id, ids));
    const first = await roundTripsOf(() => refreshPriceRatings(ctx, [make, make.toUpperCase()]));
    expect(first).toEqual({ trips: 2, result: 4 });
    const stored = await ctx.db.select({ rating: cars.priceRating }).from(cars).where(inArray(cars.id, ids));
    expect(stored.every((row) => row.rating !== null)).toBe(true);

    expect(await roundTripsOf(() => refreshPriceRatings(ctx, [make]))).toEqual({ trips: 1, result: 0 });
    expect(await roundTripsOf(() => refreshPriceRatings(ctx, [null, ""]))).toEqual({ trips: 0, result: 0 });
  });
});
