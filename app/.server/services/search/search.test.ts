import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v from "valibot";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { searchQuerySchema } from "~/lib/schemas/search";
import { keywordMatch, searchCars, searchStatements } from "./search";
import { countsKey, forgetOldCounts, searchCountsOutcome } from "./search-counts";
import { cars } from "../../db/schema";
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

  it("limits the model's words to the model column", () => {
    expect(keywordMatch(undefined, "Corolla")).toBe('model : ("Corolla"*)');
    expect(keywordMatch("hybrid", "corolla axio")).toBe('"hybrid"* AND model : ("corolla"* "axio"*)');
    expect(keywordMatch(undefined, " - ")).toBeUndefined();
  });
});

describe("searchCars", () => {
  it("answers page, total and facets in one round trip once the counts are stored, two before", async () => {
    const deferred: Promise<unknown>[] = [];
    const ctx = database.context({ defer: (work) => void deferred.push(work) });
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    const id = await car(seller);
    await ctx.db.update(cars).set({ make: "Toyota", description: "Très propre, climatisation" }).where(eq(cars.id, id));
    const search = () => searchCars(ctx, query({ q: "tres climat", sellerId: seller.id }));
    let before = database.roundTrips();
    const cold = await search();
    expect(database.roundTrips() - before).toBe(2); // the page with the stored counts (none), then the counts
    await Promise.all(deferred); // the counts stored
    before = database.roundTrips();
    const result = await search();
    expect(database.roundTrips() - before).toBe(1);
    expect(result).toEqual(cold);
    expect(result.data.map(({ _id }) => _id)).toEqual([id]);
    expect(result.facets.make).toEqual([{ value: "Toyota", count: 1 }]);
  });
});

describe("a model with no letter or digit", () => {
  it("is looked for as typed: `_`, `%` and `\\` are characters, not LIKE's wildcards or its escape", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    const [plain, underscore, percent, backslash] = [await car(seller), await car(seller), await car(seller), await car(seller)];
    for (const [id, model] of [
      [plain, "Corolla"],
      [underscore, "Corolla _"],
      [percent, "Corolla %"],
      [backslash, "Corolla \\"],
    ]) {
      await ctx.db.update(cars).set({ model }).where(eq(cars.id, id));
    }
    const found = async (model: string) => (await searchCars(ctx, query({ model, sellerId: seller.id }))).data.map(({ _id }) => _id).sort();
    expect(await found("_")).toEqual([underscore]);
    expect(await found("%")).toEqual([percent]);
    expect(await found("\\")).toEqual([backslash]);
    expect(await found("-")).toEqual([]);
  });
});

describe("facet_counts", () => {
  // What the triggers must keep: the unsold cars' counts per facet value (makes whatever their case).
  async function recount(ctx: ReturnType<typeof database.context>) {
    const { rows } = await ctx.db.$client.execute(`
      select 'total' as facet, '' as value, count(*) as count from products where is_paid = 0
      union all select 'make', lower(make), count(*) from products where is_paid = 0 and make is not null group by make collate nocase
      union all select 'location', location, count(*) from products where is_paid = 0 group by location
      union all select 'condition', condition, count(*) from products where is_paid = 0 group by condition
      union all select 'categoryId', category_id, count(*) from products where is_paid = 0 group by category_id`);
    return rows.map((row) => `${row.facet}:${row.value}=${row.count}`).sort();
  }
  async function kept(ctx: ReturnType<typeof database.context>) {
    const { rows } = await ctx.db.$client.execute(
      "select facet, case facet when 'make' then lower(value) else value end as value, count from facet_counts",
    );
    return rows.map((row) => `${row.facet}:${row.value}=${row.count}`).sort();
  }

  it("stay exact as cars are listed, edited, sold, relisted and deleted", async () => {
    const ctx = database.context();
    const { account, car, category } = marketplace(ctx);
    const seller = await account("seller");
    const other = await category();
    const ids = [await car(seller), await car(seller), await car(seller), await car(seller, { categoryId: other })];
    expect(await kept(ctx)).toEqual(await recount(ctx));

    const set = (id: string, values: Partial<typeof cars.$inferInsert>) => ctx.db.update(cars).set(values).where(eq(cars.id, id));
    await set(ids[0], { make: "Toyota", location: "Sylhet", condition: "Fair" });
    await set(ids[1], { make: "TOYOTA" }); // the same make for the counts
    await set(ids[2], { make: "Honda", categoryId: other });
    expect(await kept(ctx)).toEqual(await recount(ctx));
    await set(ids[1], { isPaid: true }); // sold: out of every count
    await set(ids[2], { name: "Renamed", resalePrice: 1234 }); // no facet column: no change
    expect(await kept(ctx)).toEqual(await recount(ctx));
    await set(ids[1], { isPaid: false, make: null }); // relisted without a make
    await set(ids[0], { make: "Honda" });
    expect(await kept(ctx)).toEqual(await recount(ctx));
    await ctx.db.delete(cars).where(eq(cars.id, ids[2]));
    await set(ids[3], { isPaid: true });
    await ctx.db.delete(cars).where(eq(cars.id, ids[3])); // a sold car leaves no count behind
    expect(await kept(ctx)).toEqual(await recount(ctx));

    // And the search's answer without filters (read from facet_counts) equals a count of the cars.
    const result = await searchCars(ctx, query({}));
    const [{ n }] = (await ctx.db.$client.execute("select count(*) as n from products where is_paid = 0")).rows;
    expect(result.total).toBe(Number(n));
    const honda = result.facets.make.find((facet) => facet.value.toLowerCase() === "honda");
    expect(honda?.count).toBe(
      Number((await ctx.db.$client.execute("select count(*) as n from products where is_paid = 0 and make = 'Honda'")).rows[0].n),
    );
  });

  // What the pair triggers must keep: per unsold car, each ordered pair of its facet values.
  async function pairs(ctx: ReturnType<typeof database.context>, from: "kept" | "recount") {
    const { rows } = await ctx.db.$client.execute(
      from === "kept"
        ? "select facet, lower(value) as value, other, lower(other_value) as other_value, count from facet_pair_counts"
        : `with f as (
             select rowid as car, 'make' as facet, lower(make) as value from products where is_paid = 0 and make is not null
             union all select rowid, 'location', lower(location) from products where is_paid = 0
             union all select rowid, 'condition', lower(condition) from products where is_paid = 0
             union all select rowid, 'categoryId', lower(category_id) from products where is_paid = 0)
           select a.facet, a.value, b.facet as other, b.value as other_value, count(*) as count
           from f as a join f as b on a.car = b.car and a.facet <> b.facet group by 1, 2, 3, 4`,
    );
    return rows.map((row) => `${row.facet}:${row.value}|${row.other}:${row.other_value}=${row.count}`).sort();
  }

  it("stay exact, single and in pairs, over random listings, edits, sales, relistings and deletions", async () => {
    const ctx = database.context();
    const { account, car, category } = marketplace(ctx);
    const seller = await account("seller");
    const categories = [await category(), await category()];
    // A fixed seed: a failure shows the same sequence again.
    let seed = 20261127;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const pick = <T>(values: readonly T[]) => values[random(values.length)];
    const ids: string[] = [];
    for (let step = 0; step < 80; step++) {
      const operation = ids.length < 4 ? 0 : random(6);
      const id = ids.length > 0 ? pick(ids) : "";
      const set = (values: Partial<typeof cars.$inferInsert>) => ctx.db.update(cars).set(values).where(eq(cars.id, id));
      if (operation === 0) ids.push(await car(seller, { categoryId: pick(categories) }));
      else if (operation === 1) await set({ make: pick(["Toyota", "TOYOTA", "Honda", "Kia", null]) });
      else if (operation === 2)
        await set({ location: pick(["Dhaka", "Khulna", "Sylhet"]), condition: pick(["Excellent", "Good", "Fair"]) });
      else if (operation === 3) await set({ categoryId: pick(categories), resalePrice: 1000 + random(9000) });
      else if (operation === 4)
        await set({ isPaid: random(2) === 0 }); // a sale, or a relisting
      else {
        await ctx.db.delete(cars).where(eq(cars.id, id));
        ids.splice(ids.indexOf(id), 1);
      }
    }
    expect(await kept(ctx)).toEqual(await recount(ctx));
    expect(await pairs(ctx, "kept")).toEqual(await pairs(ctx, "recount"));
  });

  it("give the same facets as grouping the cars, for every kind of part", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    for (const [make, location] of [
      ["Kia", "Dhaka"],
      ["Kia", "Khulna"],
      ["kia", "Dhaka"],
      ["Mazda", "Dhaka"],
    ] as const) {
      await ctx.db
        .update(cars)
        .set({ make, location })
        .where(eq(cars.id, await car(seller)));
    }
    // make alone: the make facet from facet_counts, the others from the materialized matches.
    const byMake = await searchCars(ctx, query({ make: "kia", sellerId: seller.id }));
    expect(byMake.total).toBe(3);
    expect(byMake.facets.location).toEqual([
      { value: "Dhaka", count: 2 },
      { value: "Khulna", count: 1 },
    ]);
    expect(byMake.facets.make.map(({ value, count }) => [value.toLowerCase(), count])).toEqual([
      ["kia", 3],
      ["mazda", 1],
    ]);
    // make and location: each facet counts the cars matching the other filter.
    const both = await searchCars(ctx, query({ make: "KIA", location: "Dhaka", sellerId: seller.id }));
    expect(both.total).toBe(2);
    expect(both.facets.make.map(({ value, count }) => [value.toLowerCase(), count])).toEqual([
      ["kia", 2],
      ["mazda", 1],
    ]);
    expect(both.facets.location).toEqual([
      { value: "Dhaka", count: 2 },
      { value: "Khulna", count: 1 },
    ]);
  });
});

/** EXPLAIN QUERY PLAN of one statement of the search (a query builder or a raw statement). */
async function planOf(ctx: ReturnType<typeof database.context>, statement: ReturnType<typeof searchStatements>[number]) {
  const { sql, params: args } = "toSQL" in statement ? statement.toSQL() : statement.getQuery();
  const plan = (await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows.map((row) =>
    String(row.detail),
  );
  return { sql, plan };
}

describe("query plans", () => {
  // Each filter a user may pick alone is answered from an index: no statement of the search (page,
  // total, facets) reads the whole products table.
  it.each<[string, Record<string, string>, RegExp]>([
    ["no filter", {}, /\(is_paid=\?\)/],
    ["make", { make: "toyota" }, /products_make(_model)?_idx \(is_paid=\? AND make=\?\)/],
    // A model matches by its words' starts, through the full-text index: the make's index leads.
    [
      "make and model",
      { make: "toyota", model: "corolla" },
      /USING INDEX \w+ \((is_paid=\? AND )?make=\?\)[\s\S]*products_fts VIRTUAL TABLE/,
    ],
    ["model", { model: "corolla" }, /products_fts VIRTUAL TABLE/],
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
      const { sql, plan } = await planOf(ctx, statement);
      expect(
        plan.filter((step) => /^SCAN products\b(?! USING (COVERING )?INDEX)|^SCAN products$/.test(step)),
        `${sql}\n${plan.join("\n")}`,
      ).toEqual([]);
      // The page may walk another index in its sort's order (it stops after a page of matches).
      if (position === 1) expect(plan.join("\n"), sql).toMatch(index);
    }
  });

  it.each<Record<string, string>>([{ make: "toyota" }, { location: "Dhaka" }, { condition: "Good" }, { categoryId: "c0ffee" }])(
    "one facet filter (%o): the counts read the kept counts by their keys, never a car",
    async (params) => {
      const ctx = database.context();
      const { plan } = await planOf(ctx, searchStatements(ctx, query(params))[2]);
      expect(
        plan.filter((step) => /\bproducts\b/.test(step)),
        plan.join("\n"),
      ).toEqual([]);
      const reads = plan.filter((step) => /\bfacet_(pair_)?counts\b/.test(step));
      expect(reads.length, plan.join("\n")).toBeGreaterThan(0);
      for (const step of reads) expect(step).toMatch(/^SEARCH facet_(pair_)?counts USING PRIMARY KEY \(facet=\?/);
    },
  );

  // The page of results is read fresh on every search, so it must cost the page, not the matches:
  // for every sort, with no filter or one facet filter, the cars are picked by walking an index in
  // the sort's order (only ties on the date are sorted, a few rows) and the walk stops at the page.
  it.each(
    ["newest", "price_asc", "price_desc", "mileage_asc", "year_desc"].flatMap((sort) =>
      ([{}, { make: "toyota" }, { location: "Dhaka" }, { condition: "Good" }, { categoryId: "c0ffee" }] as Record<string, string>[]).map(
        (filters): [string, Record<string, string>] => [`${sort} ${JSON.stringify(filters)}`, { ...filters, sort }],
      ),
    ),
  )("%s: the page's cars are picked by an index walk in the sort's order", async (_, params) => {
    const ctx = database.context();
    const { sql, params: args } = searchStatements(ctx, query(params))[0].toSQL();
    const rows = (await ctx.db.$client.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows;
    // The steps under the sub-select that picks the page's rowids.
    const picking = rows.find((row) => String(row.detail).startsWith("LIST SUBQUERY"));
    const steps = rows.filter((row) => row.parent === picking?.id).map((row) => String(row.detail));
    expect(
      steps.some((step) => /^(SEARCH|SCAN) products USING (COVERING )?INDEX/.test(step)),
      steps.join("\n"),
    ).toBe(true);
    expect(steps, steps.join("\n")).not.toContain("USE TEMP B-TREE FOR ORDER BY");
  });

  it("without filters, the counts read facet_counts alone, and the page the newest index", async () => {
    const ctx = database.context();
    const [page, , counts] = searchStatements(ctx, query({}));
    const { plan } = await planOf(ctx, counts);
    expect(plan.filter((step) => /\bproducts\b/.test(step))).toEqual([]);
    expect(plan.join("\n")).toMatch(/facet_counts/);
    expect((await planOf(ctx, page)).plan.join("\n")).toMatch(/INDEX products_unsold_newest_idx \(is_paid=\?\)/);
  });

  // Facet counts of a filter's matches, and the choice of a page's cars, read the filter's index
  // alone (it carries the facets' columns, the price and the date): never a car's row.
  it.each<[string, Record<string, string>, RegExp]>([
    [
      "price range",
      { minPrice: "10000", maxPrice: "20000" },
      /COVERING INDEX products_price_idx \(is_paid=\? AND resale_price>\? AND resale_price<\?\)/,
    ],
    ["make and price", { make: "toyota", maxPrice: "20000", sort: "price_asc" }, /COVERING INDEX products_(make|price)_idx/],
    ["make and location", { make: "toyota", location: "Dhaka" }, /COVERING INDEX products_(make|location)_idx/],
  ])("%s: facet counts read only the filter's index", async (_, params, index) => {
    const ctx = database.context();
    const [page, , counts] = searchStatements(ctx, query(params));
    const countPlan = (await planOf(ctx, counts)).plan;
    const reads = countPlan.filter((step) => /^(SEARCH|SCAN) products\b/.test(step));
    expect(reads.length, countPlan.join("\n")).toBeGreaterThan(0);
    for (const step of reads) expect(step).toMatch(index);
    // The page: cars picked through an index, then only those cars' rows, by rowid.
    const pagePlan = (await planOf(ctx, page)).plan;
    const pageReads = pagePlan.filter((step) => /^(SEARCH|SCAN) products\b/.test(step));
    expect(pageReads, pagePlan.join("\n")).toContain("SEARCH products USING INTEGER PRIMARY KEY (rowid=?)");
    expect(
      pageReads.filter((step) => !/USING (COVERING )?INDEX|rowid=/.test(step)),
      pagePlan.join("\n"),
    ).toEqual([]);
  });
});

describe("ranges beside other filters", () => {
  // A range filter (price, years, mileage) beside another filter or a sort used to read each
  // match's row to test the rest (a cold search at 100,000 cars: up to 170 ms for its page). Every
  // search index carries the three ranges' columns, so a search reads one index alone.
  it.each<Record<string, string>>([
    { maxMileage: "120000", sort: "price_desc" },
    { minPrice: "10000", maxPrice: "15000", minYear: "2015", maxYear: "2018" },
    { make: "toyota", maxMileage: "80000" },
    { location: "Dhaka", minYear: "2015", maxYear: "2018", sort: "mileage_asc" },
    { condition: "Good", maxPrice: "20000", maxMileage: "100000", sort: "year_desc" },
    { categoryId: "c0ffee", minYear: "2012", maxMileage: "150000" },
  ])("%o: the page's pick and the counts read an index alone, never a car's row", async (params) => {
    const ctx = database.context();
    const [page, , counts] = searchStatements(ctx, query(params));
    for (const statement of [page, counts]) {
      const { plan } = await planOf(ctx, statement);
      const reads = plan.filter((step) => /^(SEARCH|SCAN) products\b/.test(step));
      expect(reads.length, plan.join("\n")).toBeGreaterThan(0);
      // The page's own cars are then read by rowid; nothing else reads a row.
      expect(
        reads.filter((step) => !/USING COVERING INDEX|USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(step)),
        plan.join("\n"),
      ).toEqual([]);
    }
  });
});

describe("paging by key (after / before)", () => {
  // A seller's cars with ties everywhere: two prices, two dates, two years, mileage known or not.
  async function carsWithTies(ctx: ReturnType<typeof database.context>) {
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    for (let n = 0; n < 13; n++) {
      const id = await car(seller, { resalePrice: n % 2 ? 15000 : 20000 });
      await ctx.db
        .update(cars)
        .set({
          createdAt: n % 3 ? "2026-11-01T10:00:00.000Z" : "2026-11-02T10:00:00.000Z",
          purchaseYear: n % 2 ? 2018 : 2020,
          mileageKm: n % 4 === 0 ? null : (n % 3) * 10000,
        })
        .where(eq(cars.id, id));
    }
    return seller.id;
  }

  it.each(["newest", "price_asc", "price_desc", "mileage_asc", "year_desc"])(
    "%s: walking forwards by nextCursor and back by previousCursor meets every car once, in the order of one long page",
    async (sort) => {
      const ctx = database.context();
      const sellerId = await carsWithTies(ctx);
      const whole = await searchCars(ctx, query({ sellerId, sort, limit: "50" }));
      expect(whole.data).toHaveLength(13);

      const forwards: string[] = [];
      const cursors: (string | null)[] = [];
      let page = await searchCars(ctx, query({ sellerId, sort, limit: "4" }));
      for (;;) {
        forwards.push(...page.data.map((car) => car._id));
        cursors.push(page.previousCursor);
        if (!page.nextCursor) break;
        page = await searchCars(ctx, query({ sellerId, sort, limit: "4", after: page.nextCursor }));
      }
      expect(forwards).toEqual(whole.data.map((car) => car._id));
      expect(cursors[0]).toBeNull();

      const backwards: string[] = [];
      let previous: string | null = page.previousCursor;
      while (previous) {
        page = await searchCars(ctx, query({ sellerId, sort, limit: "4", before: previous }));
        backwards.unshift(...page.data.map((car) => car._id));
        previous = page.previousCursor;
      }
      expect(backwards).toEqual(whole.data.slice(0, 12).map((car) => car._id));
    },
  );

  it("a page by cursor reads from the sort's key, with no OFFSET", async () => {
    const ctx = database.context();
    const sellerId = await carsWithTies(ctx);
    const first = await searchCars(ctx, query({ sellerId, sort: "price_asc", limit: "4" }));
    const [page] = searchStatements(ctx, query({ sellerId, sort: "price_asc", limit: "4", after: first.nextCursor! }));
    const { sql, plan } = await planOf(ctx, page);
    expect(sql).not.toMatch(/\boffset\b/i);
    expect(
      plan.filter((step) => /^SCAN products\b(?! USING (COVERING )?INDEX)/.test(step)),
      plan.join("\n"),
    ).toEqual([]);
  });

  it("refuses a cursor that is not one, or belongs to another sort, naming the parameter", async () => {
    const ctx = database.context();
    const sellerId = await carsWithTies(ctx);
    const { nextCursor } = await searchCars(ctx, query({ sellerId, sort: "price_asc", limit: "4" }));
    const issues = (params: Record<string, string>) =>
      v.safeParse(searchQuerySchema, params).issues?.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
    expect(issues({ after: "not-a-cursor" })).toEqual([
      "after: after must be a cursor from a previous answer's nextCursor or previousCursor",
    ]);
    expect(issues({ before: btoa(JSON.stringify(["newest", 1, 2])) })).toEqual([
      "before: before must be a cursor from a previous answer's nextCursor or previousCursor",
    ]);
    expect(issues({ after: nextCursor!, sort: "newest" })).toEqual([
      "after: after is a cursor of another sort: send the sort it came with",
    ]);
    expect(issues({ after: nextCursor!, before: nextCursor!, sort: "price_asc" })).toEqual(["before: send after or before, not both"]);
  });
});

describe("counts of other searches: never more than a minute old", () => {
  // A search by seller has no kept counts: they are stored per set of filters (search-counts.ts).
  async function setUp() {
    const deferred: Promise<unknown>[] = [];
    const ctx = database.context({ defer: (work) => void deferred.push(work) });
    const settle = async () => {
      while (deferred.length > 0) await deferred.shift();
    };
    const { account, car } = marketplace(ctx);
    const seller = await account("seller");
    return { ctx, settle, seller, car: () => car(seller) };
  }
  const dhaka = (result: Awaited<ReturnType<typeof searchCars>>) => result.facets.location.find((entry) => entry.value === "Dhaka")?.count;
  const at = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

  it("serve stored counts under 30 s, serve and recount them until 60 s, count before answering after; the page is always current", async () => {
    const { ctx, settle, seller, car } = await setUp();
    const start = new Date("2026-11-23T10:00:00Z");
    database.setNow(start);
    try {
      await car();
      await car();
      const counts = () => searchCars(ctx, query({ sellerId: seller.id, limit: "1" }));
      const page = () => searchCars(ctx, query({ sellerId: seller.id, limit: "50" }));
      const first = await counts();
      expect([dhaka(first), first.facetsAsOf, searchCountsOutcome(ctx)]).toEqual([2, start.toISOString(), "counted"]);
      await settle();

      const third = await car();
      database.setNow(at(start, 29));
      const young = await counts();
      expect([dhaka(young), young.total, young.facetsAsOf, searchCountsOutcome(ctx)]).toEqual([2, 2, start.toISOString(), "fresh"]);
      // The page reads the cars now (and a page that is not full knows its total).
      const current = await page();
      expect(current.data.map((found) => found._id)).toContain(third);
      expect([current.total, dhaka(current)]).toEqual([3, 2]);

      database.setNow(at(start, 45));
      const stale = await counts();
      expect([dhaka(stale), stale.facetsAsOf, searchCountsOutcome(ctx)]).toEqual([2, start.toISOString(), "stale"]);
      await settle(); // the recount after the response
      const caughtUp = await counts();
      expect([dhaka(caughtUp), caughtUp.total, caughtUp.facetsAsOf, searchCountsOutcome(ctx)]).toEqual([
        3,
        3,
        at(start, 45).toISOString(),
        "fresh",
      ]);

      await car();
      database.setNow(at(start, 45 + 60));
      const old = await counts();
      expect([dhaka(old), old.total, old.facetsAsOf, searchCountsOutcome(ctx)]).toEqual([4, 4, at(start, 105).toISOString(), "counted"]);
    } finally {
      database.setNow(new Date("2026-11-22T10:00:00Z"));
    }
  });

  it("count a cold search once for all the requests of an isolate waiting on it", async () => {
    const { seller, car, settle } = await setUp();
    await car();
    const deferred: Promise<unknown>[] = [];
    const ask = () =>
      searchCars(database.context({ defer: (work) => void deferred.push(work) }), query({ sellerId: seller.id, maxPrice: "99999" }));
    await settle();
    const before = database.roundTrips();
    const answers = await Promise.all([ask(), ask(), ask()]);
    // Each request's page (with the stored counts: none), and one count between them.
    expect(database.roundTrips() - before).toBe(4);
    expect(new Set(answers.map((answer) => answer.facetsAsOf)).size).toBe(1);
    expect(answers.map((answer) => answer.total)).toEqual([1, 1, 1]);
    await Promise.all(deferred);
  });

  it("leave a stale search's recount to the request that claimed it, until the claim is 20 s old", async () => {
    const { ctx, settle, seller, car } = await setUp();
    const start = new Date("2026-11-23T11:00:00Z");
    database.setNow(start);
    try {
      await car();
      const searched = query({ sellerId: seller.id, minYear: "1990" });
      const counts = () => searchCars(ctx, searched);
      await counts();
      await settle();
      // Another isolate claims the recount at 35 s, and is still at it at 40 s: this one only serves.
      await ctx.db.$client.execute({
        sql: "update search_counts set refreshing_since = ? where filters = ?",
        args: [at(start, 35).getTime(), countsKey(searched)],
      });
      database.setNow(at(start, 40));
      expect((await counts()).facetsAsOf).toBe(start.toISOString());
      await settle();
      expect([(await counts()).facetsAsOf, searchCountsOutcome(ctx)]).toEqual([start.toISOString(), "stale"]);
      // At 56 s the claim is presumed dead: this request's recount goes ahead.
      await settle();
      database.setNow(at(start, 56));
      await counts();
      await settle();
      expect([(await counts()).facetsAsOf, searchCountsOutcome(ctx)]).toEqual([at(start, 56).toISOString(), "fresh"]);
    } finally {
      database.setNow(new Date("2026-11-22T10:00:00Z"));
    }
  });

  it("are forgotten once nobody made the search for a day", async () => {
    const { ctx, settle, seller, car } = await setUp();
    const start = new Date("2026-11-24T09:00:00Z");
    database.setNow(start);
    try {
      await car();
      const daily = query({ sellerId: seller.id, minYear: "1980" });
      const weekly = query({ sellerId: seller.id, minYear: "1981" });
      await searchCars(ctx, weekly);
      await settle();
      database.setNow(at(start, 23 * 3600));
      await searchCars(ctx, daily);
      await settle();
      database.setNow(at(start, 25 * 3600));
      await forgetOldCounts(ctx);
      const { rows } = await ctx.db.$client.execute({
        sql: "select filters from search_counts where filters in (?, ?)",
        args: [countsKey(daily), countsKey(weekly)],
      });
      expect(rows.map((row) => row.filters)).toEqual([countsKey(daily)]);
    } finally {
      database.setNow(new Date("2026-11-22T10:00:00Z"));
    }
  });
});
