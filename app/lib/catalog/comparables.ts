// Which cars a car's price is compared with (decision record 17). Written once, applied twice: in SQL
// by the price analysis (one car, read through the make indexes) and in memory by the refresh of the
// stored ratings (every car of a make from one read).
import { MIN_COMPARABLES } from "./price-rating";

/** Comparables read per choice (the estimate uses them all). */
export const CANDIDATE_LIMIT = 50;
/** Same make and model: purchase years within this many of the car's. */
export const CLOSE_YEARS = 2;
/** Same make and model again (when too few are close): purchase years within this many, mileage aside. */
export const WIDE_YEARS = 4;

/** Mileages like `km`: within 40 %, and never narrower than 20,000 km either way. */
export function mileageBand(km: number): [number, number] {
  return [Math.max(0, Math.min(Math.round(km * 0.6), km - 20_000)), Math.max(Math.round(km * 1.4), km + 20_000)];
}

/** What choosing comparables looks at; only other cars of the same make and model (ignoring case) are candidates. */
export interface ComparableFacts {
  id: string;
  make: string | null;
  model: string | null;
  categoryId: string;
  purchaseYear: number;
  mileageKm: number | null;
  createdAt: string;
}

/**
 * One way of choosing among cars of the same make and model: within `years` and `mileage` (when
 * set). Never another model: a Land Cruiser Prado is not priced like a RAV4 of the same make.
 */
export interface ComparableRule {
  model: string;
  years: [number, number];
  mileage: [number, number] | null;
}

/** The ways of choosing a car's comparables, closest first; none when the car's make or model is not known. */
export function comparableRules(car: ComparableFacts): ComparableRule[] {
  if (!car.make || !car.model) return [];
  const span = (spread: number): [number, number] => [car.purchaseYear - spread, car.purchaseYear + spread];
  const close = { model: car.model, years: span(CLOSE_YEARS), mileage: car.mileageKm === null ? null : mileageBand(car.mileageKm) };
  return [close, { model: car.model, years: span(WIDE_YEARS), mileage: null }];
}

/** SQLite's `collate nocase`, which the queries use: only ASCII letters are folded. */
export const foldCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/** The distinct makes among these, ignoring case as the comparables do; empty ones dropped. */
export function distinctMakes(makes: readonly (string | null | undefined)[]): string[] {
  const byFolded = new Map<string, string>();
  for (const make of makes) if (make) byFolded.set(foldCase(make), make);
  return [...byFolded.values()];
}

const within = (value: number, [from, to]: [number, number]) => value >= from && value <= to;

/** Whether `other` follows the rule (the make is the caller's: every candidate shares the car's). */
export function followsRule(rule: ComparableRule, other: ComparableFacts): boolean {
  return (
    other.model !== null &&
    foldCase(other.model) === foldCase(rule.model) &&
    within(other.purchaseYear, rule.years) &&
    (rule.mileage === null || (other.mileageKm !== null && within(other.mileageKm, rule.mileage)))
  );
}

/** What makes one comparable closer than another, each key only breaking the previous one's ties. */
export interface Closeness {
  /** Years between its purchase year and the car's. */
  yearDistance: number;
  createdAt: string;
  id: string;
}

/** Closest first: the nearest purchase year, then the newest listing, then the id (so ties always fall alike). */
export const CLOSEST_FIRST = [
  ["yearDistance", "asc"],
  ["createdAt", "desc"],
  ["id", "asc"],
] as const satisfies readonly (readonly [keyof Closeness, "asc" | "desc"])[];

const closeness = (car: ComparableFacts, other: ComparableFacts): Closeness => ({
  yearDistance: Math.abs(other.purchaseYear - car.purchaseYear),
  createdAt: other.createdAt,
  id: other.id,
});

/** Orders candidates as CLOSEST_FIRST says (the queries order by the same keys). */
export function byCloseness(car: ComparableFacts) {
  return (a: ComparableFacts, b: ComparableFacts) => {
    const [keysOfA, keysOfB] = [closeness(car, a), closeness(car, b)];
    for (const [key, direction] of CLOSEST_FIRST) {
      const [x, y] = [keysOfA[key], keysOfB[key]];
      if (x !== y) return (x < y ? -1 : 1) * (direction === "asc" ? 1 : -1);
    }
    return 0;
  };
}

/** Which rule's comparables to use: the first with enough, else (to say how few there were) the one with most, the widest on a tie. */
export function chooseRule(found: readonly (readonly unknown[])[]): number {
  const enough = found.findIndex((comparables) => comparables.length >= MIN_COMPARABLES);
  if (enough >= 0) return enough;
  return found.reduce<number>((best, comparables, index) => (comparables.length >= found[best].length ? index : best), 0);
}

/** A make's cars grouped by model, so each rule's candidates are found without reading the whole make. */
export function candidatesByRule<T extends ComparableFacts>(sameMake: readonly T[]): (rule: ComparableRule) => readonly T[] {
  const byModel = new Map<string, T[]>();
  for (const car of sameMake) {
    if (car.model === null) continue;
    const group = byModel.get(foldCase(car.model));
    if (group) group.push(car);
    else byModel.set(foldCase(car.model), [car]);
  }
  return (rule) => byModel.get(foldCase(rule.model)) ?? [];
}

/**
 * A car's comparables chosen in memory from the other cars of its make (`candidates` gives each
 * rule's, in any order; the car itself may be among them): the rule used and up to CANDIDATE_LIMIT
 * cars, closest first. Null without a make and model.
 */
export function chooseComparables<T extends ComparableFacts>(
  car: ComparableFacts,
  candidates: (rule: ComparableRule) => readonly T[],
): { rule: ComparableRule; comparables: T[] } | null {
  const rules = comparableRules(car);
  if (rules.length === 0) return null;
  const order = byCloseness(car);
  const found = rules.map((rule) =>
    candidates(rule)
      .filter((other) => other.id !== car.id && followsRule(rule, other))
      .sort(order)
      .slice(0, CANDIDATE_LIMIT),
  );
  const chosen = chooseRule(found);
  return { rule: rules[chosen], comparables: found[chosen] };
}
