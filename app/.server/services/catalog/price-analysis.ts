import { and, asc, between, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import {
  CANDIDATE_LIMIT,
  chooseRule,
  CLOSEST_FIRST,
  type Closeness,
  type ComparableFacts,
  comparableRules,
  type ComparableRule,
} from "~/lib/catalog/comparables";
import { countedPrice, estimatePrice, MIN_COMPARABLES, type PricedCar, rateAgainst } from "~/lib/catalog/price-rating";
import { type PriceAnalysis } from "~/lib/schemas/types";
import { formatCount, formatMileage } from "~/lib/shared/format";
import { type Car } from "~/lib/schemas/types";
import { type AppContext } from "../../context";
import { payments, cars, standingPayment, unflagged } from "../../db/schema";
import { findCar, selectCars, toCar } from "./cars";

// Comparables shown (the estimate uses all those read).
const SHOWN = 10;

interface CandidateRow {
  resalePrice: number;
  isPaid: boolean;
  purchaseYear: number;
  mileageKm: number | null;
  saleCents: number | null;
}

/** A rule's comparables in words, e.g. "Toyota Corolla cars from 2015–2019 with 40,000–80,000 km". */
function describe(car: ComparableFacts, rule: ComparableRule): string {
  const [from, to] = rule.years;
  const band = rule.mileage ? ` with ${formatCount(rule.mileage[0])}–${formatMileage(rule.mileage[1])}` : "";
  return `${car.make} ${rule.model} cars from ${from}–${to}${band}`;
}

/** A rule as SQL over products: the car's other sold and unsold cars of the same make and model that follow it. */
function ruleWhere(car: ComparableFacts, rule: ComparableRule): SQL {
  return and(
    ne(cars.id, car.id),
    // Sold and unsold cars alike, through the comparables' index (make, model, then year).
    sql`${cars.make} = ${car.make} collate nocase`,
    sql`${cars.model} = ${rule.model} collate nocase`,
    between(cars.purchaseYear, ...rule.years),
    rule.mileage ? between(cars.mileageKm, ...rule.mileage) : undefined,
    // A listing an admin has yet to look at is no evidence of a fair price.
    unflagged,
  )!;
}

/** CLOSEST_FIRST as an SQL order for this car. */
function closestFirst(car: ComparableFacts) {
  const columns: Record<keyof Closeness, SQL | typeof cars.id> = {
    yearDistance: sql`abs(${cars.purchaseYear} - ${car.purchaseYear})`,
    createdAt: sql`${cars.createdAt}`,
    id: cars.id,
  };
  return CLOSEST_FIRST.map(([key, direction]) => (direction === "asc" ? asc : desc)(columns[key]));
}

/**
 * A car's fair-price rating with its evidence (decision record 17): comparables of the same make and
 * model only, close in year and mileage, or, when fewer than 3, over a wider span of years; sold
 * ones count at the price they sold for. With fewer than 3 even then, no rating: it says so. Two
 * round trips: the car, then both choices in one batch.
 */
export async function analysePrice(ctx: AppContext, id: string): Promise<PriceAnalysis> {
  return analyseCarPrice(ctx, await findCar(ctx, id));
}

/** The analysis of a car already read (the car's page has it): one round trip. */
export async function analyseCarPrice(ctx: AppContext, car: Car): Promise<PriceAnalysis> {
  const evidence = await priceEvidence(ctx, { ...car, id: car._id, createdAt: car.createdDate });
  return { ...evidence, rating: evidence.estimate === null ? "unknown" : rateAgainst(car.resalePrice, evidence.estimate) };
}

/** What a car about to be listed is compared with. */
export interface SuggestionFacts {
  make: string;
  model: string;
  purchaseYear: number;
  mileageKm?: number;
}

/**
 * A price suggestion while listing: the estimate and its comparables for a car not yet listed, by
 * the same rules as a listed car's rating (so the rating it then gets agrees), in one round trip.
 */
export function suggestPrice(ctx: AppContext, facts: SuggestionFacts): Promise<Omit<PriceAnalysis, "rating">> {
  return priceEvidence(ctx, { ...facts, id: "", categoryId: "", mileageKm: facts.mileageKm ?? null, createdAt: ctx.now().toISOString() });
}

/**
 * Per rule: the candidates as the estimate needs them (a few columns, sold ones with the payment
 * that stands for their sale), and the first SHOWN of them in full. Decoding 50 whole cars per rule
 * cost the car's page half its CPU (decision record 21). For a batch, and for EXPLAIN in tests.
 */
export function comparableStatements(ctx: AppContext, car: ComparableFacts, rules: ComparableRule[]) {
  const closest = closestFirst(car);
  const [first, ...rest] = rules.flatMap((rule) => {
    const where = ruleWhere(car, rule);
    return [
      ctx.db
        .select({
          resalePrice: cars.resalePrice,
          isPaid: cars.isPaid,
          purchaseYear: cars.purchaseYear,
          mileageKm: cars.mileageKm,
          saleCents: payments.amount,
        })
        .from(cars)
        // Through the index of standing payments (one per car): a refunded payment sold nothing.
        .leftJoin(payments, and(eq(payments.productId, cars.id), standingPayment))
        .where(where)
        .orderBy(...closest)
        .limit(CANDIDATE_LIMIT),
      selectCars(ctx)
        .where(where)
        .orderBy(...closest)
        .limit(SHOWN),
    ] as const;
  });
  return [first, ...rest] as const;
}

async function priceEvidence(ctx: AppContext, car: ComparableFacts): Promise<Omit<PriceAnalysis, "rating">> {
  const rules = comparableRules(car);
  if (rules.length === 0) {
    return {
      estimate: null,
      comparables: [],
      basis:
        "Not enough similar cars to rate this price: the car's make and model are not both known, and only cars of the same make and model are compared.",
    };
  }
  const found = await ctx.db.batch(comparableStatements(ctx, car, rules));
  const candidates = rules.map((_, i) => found[2 * i] as CandidateRow[]);
  const chosen = chooseRule(candidates);
  const shown = (found[2 * chosen + 1] as Parameters<typeof toCar>[0][]).map(toCar);
  const priced: PricedCar[] = candidates[chosen].map((candidate) => ({
    price: countedPrice(candidate, candidate.saleCents),
    purchaseYear: candidate.purchaseYear,
    mileageKm: candidate.mileageKm,
  }));
  const sold = candidates[chosen].filter((candidate) => candidate.isPaid).length;
  const described = describe(car, rules[chosen]);
  const estimate = estimatePrice(car, priced);
  if (estimate === null) {
    return {
      estimate: null,
      comparables: shown,
      basis: `Not enough similar cars to rate this price: ${priced.length === 0 ? "no" : `only ${priced.length}`} other ${described} listed or sold here, and a rating needs at least ${MIN_COMPARABLES}.`,
    };
  }
  return {
    estimate,
    comparables: shown,
    basis: `Compared with ${priced.length} other ${described} (the same make and model only), ${sold === 0 ? "none" : sold} of them sold here.`,
  };
}
