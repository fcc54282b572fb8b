import { and, eq, sql } from "drizzle-orm";
import { candidatesByRule, chooseComparables, type ComparableFacts, distinctMakes } from "../../../lib/catalog/comparables";
import { countedPrice, estimatePrice, type PriceRating, rateAgainst } from "../../../lib/catalog/price-rating";
import { type AppContext } from "../../context";
import { payments, cars, standingPayment, unflagged } from "../../db/schema";

// The stored `products.price_rating` (decision record 17): what GET /api/products/:id/price-analysis
// would answer, kept on the car so cards show it without a query of their own. A change to a car's
// price, make, model, year, mileage or category, a sale, a new listing or a delete may move the
// ratings of every car of its make, so the listings queue recomputes the whole make
// (a service says "comparables_changed"; search/listings-queue.ts sends the job).

type MakeCar = ComparableFacts & {
  resalePrice: number;
  isPaid: boolean;
  saleCents: number | null;
  priceRating: PriceRating | null;
  /** Flagged for the admins: rated, but no comparable for the others (`unflagged`). */
  comparable: boolean;
};

/** The ratings the cars of one make should have, by id: each car against its comparables (null: unknown). */
function rateMake(cars: readonly MakeCar[]): Map<string, PriceRating | null> {
  const candidates = candidatesByRule(cars.filter((car) => car.comparable));
  const ratings = new Map<string, PriceRating | null>();
  for (const car of cars) {
    const chosen = chooseComparables(car, candidates);
    const priced = (chosen?.comparables ?? []).map((comparable) => ({
      price: countedPrice(comparable, comparable.saleCents),
      purchaseYear: comparable.purchaseYear,
      mileageKm: comparable.mileageKm,
    }));
    const estimate = estimatePrice(car, priced);
    ratings.set(car.id, estimate === null ? null : rateAgainst(car.resalePrice, estimate));
  }
  return ratings;
}

/**
 * Recomputes the stored rating of every car (sold ones too, so the column always says what the
 * analysis says) of each make given, ignoring case. One round trip reads each make's cars (one
 * query a make, through the make index, sold ones with their payment); the comparables are chosen
 * in memory by the analysis's own rules, and only the ratings that changed are written, in one
 * statement. Returns how many changed.
 */
export async function refreshPriceRatings(ctx: Pick<AppContext, "db">, makes: readonly (string | null | undefined)[]): Promise<number> {
  const [first, ...rest] = distinctMakes(makes).map((make) =>
    ctx.db
      .select({
        id: cars.id,
        make: cars.make,
        model: cars.model,
        categoryId: cars.categoryId,
        purchaseYear: cars.purchaseYear,
        mileageKm: cars.mileageKm,
        createdAt: cars.createdAt,
        resalePrice: cars.resalePrice,
        isPaid: cars.isPaid,
        saleCents: payments.amount,
        priceRating: cars.priceRating,
        comparable: sql<boolean>`${unflagged}`.mapWith(Boolean),
      })
      .from(cars)
      // Through the index of standing payments (one per car): a refunded payment sold nothing.
      .leftJoin(payments, and(eq(payments.productId, cars.id), standingPayment))
      .where(sql`${cars.isPaid} in (0, 1) and ${cars.make} = ${make} collate nocase`),
  );
  if (!first) return 0;
  const groups = await ctx.db.batch([first, ...rest]);
  const changed = groups.flatMap((cars) => {
    const ratings = rateMake(cars);
    return cars.flatMap((car) => (ratings.get(car.id) === car.priceRating ? [] : [{ id: car.id, rating: ratings.get(car.id) ?? null }]));
  });
  if (changed.length === 0) return 0;
  await ctx.db.run(sql`
    with changed (id, rating) as (select value ->> 'id', value ->> 'rating' from json_each(${JSON.stringify(changed)}))
    update ${cars} set price_rating = (select rating from changed where changed.id = ${cars.id})
    where ${cars.id} in (select id from changed)`);
  return changed.length;
}
