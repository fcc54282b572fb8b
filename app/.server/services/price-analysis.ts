import { and, asc, between, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { CANDIDATE_LIMIT, chooseRule, CLOSEST_FIRST, type Closeness, comparableRules, type ComparableRule } from "~/lib/comparables";
import { countedPrice, estimatePrice, MIN_COMPARABLES, type PricedCar, rateAgainst } from "~/lib/price-rating";
import { type PriceAnalysis } from "~/lib/types";
import { formatCount, formatMileage } from "~/lib/format";
import { type Product } from "~/lib/types";
import { type AppContext } from "../context";
import { categories, payments, products } from "../db/schema";
import { findProduct, selectProducts, toProduct } from "./products";

// Comparables shown (the estimate uses all those read).
const SHOWN = 10;

interface CandidateRow {
  resalePrice: number;
  isPaid: boolean;
  purchaseYear: number;
  mileageKm: number | null;
  saleCents: number | null;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A rule's comparables in words, e.g. "Toyota Corolla from 2015–2019 with 40,000–80,000 km". */
function describe(car: Product, rule: ComparableRule, categoryName: string): string {
  const [from, to] = rule.years;
  if (rule.model === null) return `${car.make} cars in ${categoryName} from ${from}–${to}`;
  const band = rule.mileage ? ` with ${formatCount(rule.mileage[0])}–${formatMileage(rule.mileage[1])}` : "";
  return `${car.make} ${rule.model} from ${from}–${to}${band}`;
}

/** A rule as SQL over products: the car's other sold and unsold cars of the same make that follow it. */
function ruleWhere(car: Product, rule: ComparableRule): SQL {
  return and(
    ne(products.id, car._id),
    // Sold and unsold cars alike, through the comparables' indexes (make, then model or category, then year).
    sql`${products.make} = ${car.make} collate nocase`,
    rule.model === null ? undefined : sql`${products.model} = ${rule.model} collate nocase`,
    rule.categoryId === null ? undefined : eq(products.categoryId, rule.categoryId),
    between(products.purchaseYear, ...rule.years),
    rule.mileage ? between(products.mileageKm, ...rule.mileage) : undefined,
  )!;
}

/** CLOSEST_FIRST as an SQL order for this car. */
function closestFirst(car: Product) {
  const columns: Record<keyof Closeness, SQL | typeof products.id> = {
    yearDistance: sql`abs(${products.purchaseYear} - ${car.purchaseYear})`,
    createdAt: sql`${products.createdAt}`,
    id: products.id,
  };
  return CLOSEST_FIRST.map(([key, direction]) => (direction === "asc" ? asc : desc)(columns[key]));
}

/**
 * A car's fair-price rating with its evidence (decision record 17): comparables of the same make and
 * model close in year and mileage, or, when fewer than 3, of the same make and category over a
 * wider span of years; sold ones count at the price they sold for. Two round trips: the car, then
 * both choices and the category's name in one batch.
 */
export async function analysePrice(ctx: AppContext, id: string): Promise<PriceAnalysis> {
  return analyseCarPrice(ctx, await findProduct(ctx, id));
}

/** The analysis of a car already read (the car's page has it): one round trip. */
export async function analyseCarPrice(ctx: AppContext, car: Product): Promise<PriceAnalysis> {
  const rules = comparableRules({ ...car, id: car._id, createdAt: car.createdDate });
  if (rules.length === 0) {
    return {
      rating: "unknown",
      estimate: null,
      comparables: [],
      basis: "The car's make is not known, so there is nothing to compare it with.",
    };
  }
  const closest = closestFirst(car);
  // Per rule: the candidates as the estimate needs them (a few columns, sold ones with their sale),
  // and the first SHOWN of them in full. Decoding 50 whole cars per rule cost the car's page half its
  // CPU (decision record 21).
  const [category, ...found] = await ctx.db.batch([
    ctx.db.select({ name: categories.name }).from(categories).where(eq(categories.id, car.categoryId)),
    ...rules.flatMap((rule) => {
      const where = ruleWhere(car, rule);
      return [
        ctx.db
          .select({
            resalePrice: products.resalePrice,
            isPaid: products.isPaid,
            purchaseYear: products.purchaseYear,
            mileageKm: products.mileageKm,
            saleCents: payments.amount,
          })
          .from(products)
          .leftJoin(payments, eq(payments.productId, products.id))
          .where(where)
          .orderBy(...closest)
          .limit(CANDIDATE_LIMIT),
        selectProducts(ctx)
          .where(where)
          .orderBy(...closest)
          .limit(SHOWN),
      ] as const;
    }),
  ]);
  const candidates = rules.map((_, i) => found[2 * i] as CandidateRow[]);
  const chosen = chooseRule(candidates);
  const shown = (found[2 * chosen + 1] as Parameters<typeof toProduct>[0][]).map(toProduct);
  const priced: PricedCar[] = candidates[chosen].map((candidate) => ({
    price: countedPrice(candidate, candidate.saleCents),
    purchaseYear: candidate.purchaseYear,
    mileageKm: candidate.mileageKm,
  }));
  const sold = candidates[chosen].filter((candidate) => candidate.isPaid).length;
  const described = describe(car, rules[chosen], category[0]?.name ?? "its category");
  const estimate = estimatePrice(car, priced);
  if (estimate === null) {
    return {
      rating: "unknown",
      estimate: null,
      comparables: shown,
      basis: `${priced.length === 0 ? "No comparable cars" : `Only ${count(priced.length, "comparable car")}`} (${described}); an estimate needs at least ${MIN_COMPARABLES}.`,
    };
  }
  return {
    rating: rateAgainst(car.resalePrice, estimate),
    estimate,
    comparables: shown,
    basis: `${priced.length} ${described}, ${sold === 0 ? "none" : sold} of them sold here.`,
  };
}
