import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../tests/support/test-database";
import { marketplace } from "../../../tests/support/marketplace";
import { users } from "./schema";
import { batchPrepared, preparedStatement, runPrepared } from "./prepared";

let first: Awaited<ReturnType<typeof startTestDatabase>>;
let second: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  [first, second] = await Promise.all([startTestDatabase(), startTestDatabase()]);
});
afterAll(() => Promise.all([first.stop(), second.stop()]));

describe("preparedStatement", () => {
  it("builds its SQL once, and runs on each request's own database with that request's values", async () => {
    let builds = 0;
    const userName = preparedStatement(["id"], (ctx, { id }) => {
      builds++;
      return ctx.db.select({ name: users.name }).from(users).where(eq(users.id, id));
    });
    const inFirst = first.context();
    const inSecond = second.context();
    const a = await marketplace(inFirst).account("buyer", "First");
    const b = await marketplace(inSecond).account("buyer", "Second");

    expect(await runPrepared(inFirst, userName(inFirst, { id: a.id }))).toEqual([{ name: a.name }]);
    // Prepared with the first request's database, it still reads the second's, and nothing of the first.
    expect(await runPrepared(inSecond, userName(inSecond, { id: b.id }))).toEqual([{ name: b.name }]);
    expect(await runPrepared(inSecond, userName(inSecond, { id: a.id }))).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs beside statements built for one request, in one round trip, each answer mapped", async () => {
    const ctx = first.context();
    const seller = await marketplace(ctx).account("seller");
    const emailOf = preparedStatement(["id"], (ctx, { id }) => ctx.db.select({ email: users.email }).from(users).where(eq(users.id, id)));
    const before = first.roundTrips();
    const [emails, roles, [count]] = await batchPrepared(ctx, [
      emailOf(ctx, { id: seller.id }),
      ctx.db.select({ role: users.role, verified: users.emailVerified }).from(users).where(eq(users.id, seller.id)),
      ctx.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(users),
    ]);
    expect(first.roundTrips() - before).toBe(1);
    expect(emails).toEqual([{ email: seller.email }]);
    // Mapped as Drizzle maps a column: a boolean, not SQLite's 1.
    expect(roles).toEqual([{ role: "seller", verified: true }]);
    expect(count.n).toBeGreaterThan(0);
  });
});
