import { and, asc, between, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { estimatePrice, MIN_COMPARABLES, type PricedCar, type PriceRating, rateAgainst } from "~/lib/price-rating";
import { type Product } from "~/lib/types";
import { type AppContext } from "../context";
import { categories, payments, products } from "../db/schema";
import { findProduct, selectProducts, toProduct } from "./products";

export interface PriceAnalysis {
  rating: PriceRating | "unknown";
  estimate: number | null;
  /** The cars the estimate was made from, closest in year first (at most 10; sold ones `isPaid`). */
  comparables: Product[];
  basis: string;
}

// Comparables read per choice (the estimate uses them all), and shown.
const CANDIDATES = 50;
const SHOWN = 10;
// Same make and model: within this many years, and a mileage band when the car's is known.
const CLOSE_YEARS = 2;
// Too few of those: same make and category, within this many years, mileage aside.
const WIDE_YEARS = 4;

/** Mileages like `km`: within 40 %, and never narrower than 20,000 km either way. */
function mileageBand(km: number): [number, number] {
  return [Math.max(0, Math.min(Math.round(km * 0.6), km - 20_000)), Math.max(Math.round(km * 1.4), km + 20_000)];
}

const years = (year: number, spread: number) => [year - spread, year + spread] as const;
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const formatKm = (km: number) => `${km.toLocaleString("en-US")} km`;

interface Choice {
  where: SQL;
  /** The comparables in words, e.g. "Toyota Corolla from 2015–2019 with 40,000–80,000 km". */
  describe: (categoryName: string) => string;
}

/** The two ways of choosing comparables, closest first; null when the car has no make to go by. */
function choices(car: Product): Choice[] {
  if (!car.make) return [];
  // Both sold and unsold cars: `is_paid in (0, 1)` lets the make indexes (which lead with it) serve.
  const sameMake = and(ne(products.id, car._id), sql`${products.isPaid} in (0, 1)`, sql`${products.make} = ${car.make} collate nocase`);
  const found: Choice[] = [];
  if (car.model) {
    const [from, to] = years(car.purchaseYear, CLOSE_YEARS);
    const band = car.mileageKm === null ? null : mileageBand(car.mileageKm);
    found.push({
      where: and(
        sameMake,
        sql`${products.model} = ${car.model} collate nocase`,
        between(products.purchaseYear, from, to),
        band ? between(products.mileageKm, band[0], band[1]) : undefined,
      )!,
      describe: () =>
        `${car.make} ${car.model} from ${from}–${to}${band ? ` with ${band[0].toLocaleString("en-US")}–${formatKm(band[1])}` : ""}`,
    });
  }
  const [from, to] = years(car.purchaseYear, WIDE_YEARS);
  found.push({
    where: and(sameMake, eq(products.categoryId, car.categoryId), between(products.purchaseYear, from, to))!,
    describe: (categoryName) => `${car.make} cars in ${categoryName} from ${from}–${to}`,
  });
  return found;
}

/**
 * A car's fair-price rating with its evidence (decision record 17): comparables of the same make and
 * model close in year and mileage, or, when fewer than 3, of the same make and category over a
 * wider span of years; sold ones count at the price they sold for. Two round trips: the car, then
 * both choices with their sale prices and the category's name in one batch.
 */
export async function analysePrice(ctx: AppContext, id: string): Promise<PriceAnalysis> {
  const car = await findProduct(ctx, id);
  const ways = choices(car);
  if (ways.length === 0) {
    return {
      rating: "unknown",
      estimate: null,
      comparables: [],
      basis: "The car's make is not known, so there is nothing to compare it with.",
    };
  }
  const closest = [sql`abs(${products.purchaseYear} - ${car.purchaseYear})`, desc(products.createdAt)];
  const [category, soldFor, ...found] = await ctx.db.batch([
    ctx.db.select({ name: categories.name }).from(categories).where(eq(categories.id, car.categoryId)),
    ctx.db
      .select({ productId: payments.productId, amount: payments.amount })
      .from(payments)
      .where(
        inArray(
          payments.productId,
          ctx.db
            .select({ id: products.id })
            .from(products)
            .where(or(...ways.map((way) => way.where))),
        ),
      ),
    ...ways.map((way) =>
      selectProducts(ctx)
        .where(way.where)
        .orderBy(...closest, asc(products.id))
        .limit(CANDIDATES),
    ),
  ] as const);
  const salePrice = new Map(soldFor.map((sale) => [sale.productId, sale.amount / 100]));
  const categoryName = category[0]?.name ?? "its category";
  // The first choice with enough comparables; if none has, the one that came closest, to say so.
  const pick = found.findIndex((rows) => rows.length >= MIN_COMPARABLES);
  const chosen = pick >= 0 ? pick : found.reduce((best, rows, i) => (rows.length > found[best].length ? i : best), 0);
  const comparables = found[chosen].map(toProduct);
  const priced: PricedCar[] = comparables.map((comparable) => ({
    price: (comparable.isPaid && salePrice.get(comparable._id)) || comparable.resalePrice,
    purchaseYear: comparable.purchaseYear,
    mileageKm: comparable.mileageKm,
  }));
  const sold = comparables.filter((comparable) => comparable.isPaid).length;
  const described = ways[chosen].describe(categoryName);
  const estimate = estimatePrice(car, priced);
  if (estimate === null) {
    return {
      rating: "unknown",
      estimate: null,
      comparables,
      basis: `${comparables.length === 0 ? "No comparable cars" : `Only ${count(comparables.length, "comparable car")}`} (${described}); an estimate needs at least ${MIN_COMPARABLES}.`,
    };
  }
  return {
    rating: rateAgainst(car.resalePrice, estimate),
    estimate,
    comparables: comparables.slice(0, SHOWN),
    basis: `${comparables.length} ${described}, ${sold === 0 ? "none" : sold} of them sold here.`,
  };
}
