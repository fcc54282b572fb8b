import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { flags, users } from "../../db/schema";
import { flagNewListing } from "./flags";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("flagNewListing", () => {
  it("flags a new account's sixth car of its first day, not its fifth, and not a day later", async () => {
    const ctx = database.context();
    const { account, car, category } = marketplace(ctx);
    const seller = await account("seller");
    const categoryId = await category();
    const start = ctx.now().getTime();
    await ctx.db
      .update(users)
      .set({ createdAt: new Date(start).toISOString() })
      .where(eq(users.id, seller.id));
    const cars: string[] = [];
    for (let index = 0; index < 6; index++) {
      database.setNow(new Date(start + (index + 1) * 60_000));
      cars.push(await car(seller, { categoryId }));
    }
    expect(await flagNewListing(ctx, cars[4])).toEqual([]);
    expect(await flagNewListing(ctx, cars[5])).toEqual(["new_account_burst"]);
    // Flagging twice (a queue message delivered again) makes one flag.
    expect(await flagNewListing(ctx, cars[5])).toEqual(["new_account_burst"]);
    expect(await ctx.db.$count(flags, eq(flags.productId, cars[5]))).toBe(1);
    database.setNow(new Date(start + 25 * 3600_000));
    expect(await flagNewListing(ctx, await car(seller, { categoryId }))).toEqual([]);
  });
});
