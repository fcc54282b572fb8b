import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { auditLog, categories, cars } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { busiestCategories, CATEGORIES_PAGE_SIZE, deleteCategory, HOME_CATEGORIES, pageOfCategories, renameCategory } from "./categories";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("Home's categories", () => {
  it("are the busiest (most cars for sale, then by name), with their counts and how many there are, in one round trip", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const seller = await market.account("seller");
    // Category n has n cars for sale, and one sold car that must not count.
    const made: { id: string; cars: number }[] = [];
    for (let n = 0; n < HOME_CATEGORIES + 3; n++) {
      const id = await market.category();
      for (let i = 0; i < n; i++) await market.car(seller, { categoryId: id });
      const sold = await market.car(seller, { categoryId: id });
      await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));
      made.push({ id, cars: n });
    }
    const all = await ctx.db.select({ id: categories.id, name: categories.name }).from(categories);

    const before = database.roundTrips();
    const found = await busiestCategories(ctx);
    expect(database.roundTrips() - before).toBe(1);

    const names = new Map(all.map((row) => [row.id, row.name]));
    const expected = made.toSorted((a, b) => b.cars - a.cars || names.get(a.id)!.localeCompare(names.get(b.id)!)).slice(0, HOME_CATEGORIES);
    expect(found.categories.map(({ _id, cars }) => ({ id: _id, cars }))).toEqual(expected);
    expect(found.total).toBe(all.length);
    expect(found.categories[0]).toMatchObject({ categoryName: names.get(expected[0].id), image: "/images/category.jpg" });
  });
});

describe("the pages of every category", () => {
  it("list them by cars for sale (then by name) with their counts, a page at a time, with the count of pages", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const seller = await market.account("seller");
    const busy = await market.category();
    await market.car(seller, { categoryId: busy });
    await market.car(seller, { categoryId: busy });
    while ((await pageOfCategories(ctx, 1)).total <= CATEGORIES_PAGE_SIZE) await market.category();
    // Counted here from the cars themselves, not from the counts the service reads.
    const all = await ctx.db.select({ id: categories.id, name: categories.name }).from(categories);
    const forSale = await ctx.db
      .select({ id: cars.categoryId, cars: count() })
      .from(cars)
      .where(eq(cars.isPaid, false))
      .groupBy(cars.categoryId);
    const carsOf = (id: string) => forSale.find((row) => row.id === id)?.cars ?? 0;
    const expected = all
      .map(({ id, name }) => ({ id, name, cars: carsOf(id) }))
      .toSorted((a, b) => b.cars - a.cars || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

    const first = await pageOfCategories(ctx, 1);
    const second = await pageOfCategories(ctx, 2);
    expect(first.total).toBe(all.length);
    expect(first.totalPages).toBe(Math.ceil(all.length / CATEGORIES_PAGE_SIZE));
    expect(
      [...first.categories, ...second.categories].map(({ _id, categoryName, cars }) => ({ id: _id, name: categoryName, cars })),
    ).toEqual(expected.slice(0, 2 * CATEGORIES_PAGE_SIZE));
    expect(first.categories.find((category) => category._id === busy)?.cars).toBe(2);
    const past = await pageOfCategories(ctx, first.totalPages + 1);
    expect(past.categories).toEqual([]);
    expect(past.total).toBe(all.length);
  });
});

describe("an admin's changes to categories", () => {
  const nameOf = async (ctx: ReturnType<typeof database.context>, id: string) =>
    (await ctx.db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)))[0]?.name;
  const audited = async (ctx: ReturnType<typeof database.context>, id: string) =>
    (await ctx.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.target, id))).map((row) => row.action);

  it("rename any category, keep names unique whatever their case, and record who did it", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const admin = await market.account("admin");
    const seller = await market.account("seller");
    const id = await market.category();
    await market.car(seller, { categoryId: id });
    const other = await market.category();
    const taken = (await nameOf(ctx, other))!;

    const name = `Renamed ${crypto.randomUUID().slice(0, 8)}`;
    expect(await renameCategory(ctx, admin, id, name)).toBe(true);
    expect(await nameOf(ctx, id)).toBe(name);
    expect(await renameCategory(ctx, admin, id, name)).toBe(false);
    await expect(renameCategory(ctx, admin, id, taken.toUpperCase())).rejects.toThrow(Conflict);
    expect(await nameOf(ctx, id)).toBe(name);
    await expect(renameCategory(ctx, admin, crypto.randomUUID(), name)).rejects.toThrow(NotFound);
    expect(await audited(ctx, id)).toEqual(["rename-category"]);
  });

  it("delete only a category no car was ever listed in: one with a sold car stays", async () => {
    const ctx = database.context();
    const market = marketplace(ctx);
    const admin = await market.account("admin");
    const seller = await market.account("seller");
    const empty = await market.category();
    const withSold = await market.category();
    const sold = await market.car(seller, { categoryId: withSold });
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));

    await expect(deleteCategory(ctx, admin, withSold)).rejects.toThrow(Conflict);
    expect(await nameOf(ctx, withSold)).toBeDefined();
    await expect(deleteCategory(ctx, admin, empty)).resolves.toBeUndefined();
    expect(await nameOf(ctx, empty)).toBeUndefined();
    await expect(deleteCategory(ctx, admin, empty)).rejects.toThrow(NotFound);
    expect(await audited(ctx, empty)).toEqual(["delete-category"]);
    expect(await audited(ctx, withSold)).toEqual([]);
  });
});
