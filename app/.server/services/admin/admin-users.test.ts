import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { users } from "../../db/schema";
import { listUsersByRole } from "./admin-users";
import { type UserRow } from "../users/users";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

/** The admin asking (only their role is read: the lists below are of buyers alone). */
const admin = { id: "the-admin", role: "admin" } as UserRow;

/** Fills a fresh role-like population: `count` buyers with mixed-case names. */
async function seedBuyers(count: number, prefix: string) {
  const ctx = database.context();
  await ctx.db.delete(users);
  if (count === 0) return ctx;
  await ctx.db.insert(users).values(
    Array.from({ length: count }, (_, index) => ({
      name: `${index % 2 ? prefix.toUpperCase() : prefix} ${String(index).padStart(2, "0")}`,
      email: `${prefix}-${String(count - index).padStart(2, "0")}@example.test`,
      role: "buyer" as const,
    })),
  );
  return ctx;
}

describe("paged user lists", () => {
  it.each([
    [0, 0, [0]],
    [1, 1, [1]],
    [5, 1, [5]],
    [6, 2, [5, 1]],
    [11, 3, [5, 5, 1]],
  ])("%i rows make %i pages of 5", async (rows, pages, sizes) => {
    const ctx = await seedBuyers(rows, "buyer");
    for (const [index, size] of sizes.entries()) {
      const list = await listUsersByRole(ctx, admin, "buyer", { page: index + 1, limit: 5, sort: "name", order: "asc" });
      expect(list).toMatchObject({ total: rows, totalPages: pages, currentPage: index + 1 });
      expect(list.data).toHaveLength(size);
    }
    const pastTheEnd = await listUsersByRole(ctx, admin, "buyer", { page: pages + 1, limit: 5, sort: "name", order: "asc" });
    expect(pastTheEnd.data).toEqual([]);
  });

  it("sorts by name ignoring letter case, both ways, and by email", async () => {
    const ctx = await seedBuyers(6, "mixed");
    const names = async (order: "asc" | "desc") =>
      (await listUsersByRole(ctx, admin, "buyer", { page: 1, limit: 50, sort: "name", order })).data.map((user) => user.name);
    expect(await names("asc")).toEqual(["mixed 00", "MIXED 01", "mixed 02", "MIXED 03", "mixed 04", "MIXED 05"]);
    expect(await names("desc")).toEqual(["MIXED 05", "mixed 04", "MIXED 03", "mixed 02", "MIXED 01", "mixed 00"]);
    const emails = (await listUsersByRole(ctx, admin, "buyer", { page: 1, limit: 2, sort: "email", order: "asc" })).data.map(
      (user) => user.email,
    );
    expect(emails).toEqual(["mixed-01@example.test", "mixed-02@example.test"]);
  });
});
