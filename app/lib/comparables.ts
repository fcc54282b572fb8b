// Which cars a car's price is compared with (decision record 17). Written once, applied twice: in SQL
// by the price analysis (one car, read through the make indexes) and in memory by the refresh of the
// stored ratings (every car of a make from one read).
import { MIN_COMPARABLES } from "./price-rating";

/** Comparables read per choice (the estimate uses them all). */
export const CANDIDATE_LIMIT = 50;
/** Same make and model: purchase years within this many of the car's. */
export const CLOSE_YEARS = 2;
/** Same make and category (when the model has too few): purchase years within this many, mileage aside. */
export const WIDE_YEARS = 4;

/** Mileages like `km`: within 40 %, and never narrower than 20,000 km either way. */
export function mileageBand(km: number): [number, number] {
  return [Math.max(0, Math.min(Math.round(km * 0.6), km - 20_000)), Math.max(Math.round(km * 1.4), km + 20_000)];
}

/** What choosing comparables looks at; every other car of the same make (ignoring case) is a candidate. */
export interface ComparableFacts {
  id: string;
  make: string | null;
  model: string | null;
  categoryId: string;
  purchaseYear: number;
  mileageKm: number | null;
  createdAt: string;
}

/** One way of choosing: the same model (`model` set) or the same category, within `years` and `mileage` (when set). */
export interface ComparableRule {
  model: string | null;
  categoryId: string | null;
  years: [number, number];
  mileage: [number, number] | null;
}

/** The ways of choosing a car's comparables, closest first; none when the car has no make to go by. */
export function comparableRules(car: ComparableFacts): ComparableRule[] {
  if (!car.make) return [];
  const span = (spread: number): [number, number] => [car.purchaseYear - spread, car.purchaseYear + spread];
  const byCategory: ComparableRule = { model: null, categoryId: car.categoryId, years: span(WIDE_YEARS), mileage: null };
  if (!car.model) return [byCategory];
  const byModel = {
    model: car.model,
    categoryId: null,
    years: span(CLOSE_YEARS),
    mileage: car.mileageKm === null ? null : mileageBand(car.mileageKm),
  };
  return [byModel, byCategory];
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
    (rule.model === null || (other.model !== null && foldCase(other.model) === foldCase(rule.model))) &&
    (rule.categoryId === null || other.categoryId === rule.categoryId) &&
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

/** Which rule's comparables to use: the first with enough, else (to say how few there were) the one with most. */
export function chooseRule(found: readonly (readonly unknown[])[]): number {
  const enough = found.findIndex((comparables) => comparables.length >= MIN_COMPARABLES);
  if (enough >= 0) return enough;
  return found.reduce<number>((best, comparables, index) => (comparables.length > found[best].length ? index : best), 0);
}

/** A make's cars grouped by model and by category, so each rule's candidates are found without reading the whole make. */
export function candidatesByRule<T extends ComparableFacts>(sameMake: readonly T[]): (rule: ComparableRule) => readonly T[] {
  const byModel = new Map<string, T[]>();
  const byCategory = new Map<string, T[]>();
  const add = (groups: Map<string, T[]>, key: string, car: T) => {
    const group = groups.get(key);
    if (group) group.push(car);
    else groups.set(key, [car]);
  };
  for (const car of sameMake) {
    if (car.model !== null) add(byModel, foldCase(car.model), car);
    add(byCategory, car.categoryId, car);
  }
  return (rule) => (rule.model !== null ? byModel.get(foldCase(rule.model)) : byCategory.get(rule.categoryId ?? "")) ?? [];
}

/**
 * A car's comparables chosen in memory from the other cars of its make (`candidates` gives each
 * rule's, in any order; the car itself may be among them): the rule used and up to CANDIDATE_LIMIT
 * cars, closest first. Null without a make.
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
