// Stripe's lists for the fake Stripe API (tests/fakes/stripe-api.ts): `{ object: "list", data, has_more, url }`,
// newest first, paged with `limit` (10 by default, at most 100) and the ids `starting_after` or `ending_before`,
// filtered by `created` (unix seconds, exact or `created[gt|gte|lt|lte]`) and by fields named per endpoint.
import { integer, invalid, type Param, type Params, type StripeList, type StripeObject, StripeFailure } from "./stripe-api-objects.ts";

type Order = (a: StripeObject, b: StripeObject) => number;

/** One page of `items` in `newestFirst` order; `filters` name the fields a request may match exactly (e.g. transfer_group). */
export function listPage<T extends StripeObject>(
  items: Iterable<T>,
  newestFirst: Order,
  params: Params,
  { url, kind, filters = [] }: { url: string; kind: string; filters?: readonly string[] },
): StripeList<T> {
  const limit = params.limit === undefined ? 10 : (integer(params, "limit", true) as number);
  if (limit > 100) throw invalid("This value must be less than or equal to 100.", "parameter_invalid_integer", "limit");
  if (params.starting_after !== undefined && params.ending_before !== undefined) {
    const message = "You may only specify one of these parameters: ending_before, starting_after.";
    throw new StripeFailure(400, "invalid_request_error", message, {}, false);
  }
  const created = createdRange(params.created);
  const all = [...items].sort(newestFirst);
  const matching = all.filter(
    (item) => created(item.created) && filters.every((name) => params[name] === undefined || item[name] === params[name]),
  );
  const cursor = (param: "starting_after" | "ending_before") => {
    const id = params[param];
    if (typeof id !== "string") return undefined;
    const found = all.find((item) => item.id === id);
    if (found) return found;
    throw new StripeFailure(404, "invalid_request_error", `No such ${kind}: '${id}'`, { code: "resource_missing", param }, false);
  };
  const after = cursor("starting_after");
  const before = cursor("ending_before");
  if (before) {
    // The `limit` objects just newer than the cursor, still newest first (the SDK walks them backwards).
    const newer = matching.filter((item) => newestFirst(item, before) < 0);
    return { object: "list", data: newer.slice(Math.max(0, newer.length - limit)), has_more: newer.length > limit, url };
  }
  const older = after ? matching.filter((item) => newestFirst(item, after) > 0) : matching;
  return { object: "list", data: older.slice(0, limit), has_more: older.length > limit, url };
}

/** `created=n` or `created[gt|gte|lt|lte]=n` (unix seconds) → a test of an object's `created`. */
function createdRange(param: Param | undefined): (created: number) => boolean {
  if (param === undefined) return () => true;
  const seconds = (raw: Param, name: string) => {
    if (typeof raw !== "string" || !/^\d+$/.test(raw)) throw invalid(`Invalid integer: ${String(raw)}`, "parameter_invalid_integer", name);
    return Number(raw);
  };
  if (typeof param === "string") {
    const exactly = seconds(param, "created");
    return (created) => created === exactly;
  }
  if (Array.isArray(param)) throw invalid("Invalid created: an integer or a hash is expected.", "parameter_invalid_integer", "created");
  const bounds = Object.entries(param).map(([op, raw]) => {
    const value = seconds(raw, `created[${op}]`);
    const tests: Record<string, (created: number) => boolean> = {
      gt: (c) => c > value,
      gte: (c) => c >= value,
      lt: (c) => c < value,
      lte: (c) => c <= value,
    };
    if (!Object.hasOwn(tests, op)) {
      const message = `Received unknown parameter: created[${op}]`;
      throw new StripeFailure(400, "invalid_request_error", message, { param: `created[${op}]` }, false);
    }
    return tests[op];
  });
  return (created) => bounds.every((test) => test(created));
}
