import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../tests/support/marketplace";
import { startTestDatabase } from "../../../tests/support/test-database";
import { listBuyerOrders } from "./deals/bookings";
import { listInbox } from "./messages/messages";
import { Forbidden } from "../errors";
import { deleteBuyer, listUsersByRole, verifySeller } from "./admin/admin-users";
import { listAuditTrail } from "./admin/audit";
import { listEmailProblems } from "./admin/email-problems";
import { addCategory, createCategory } from "./catalog/categories";
import { sessionAccessToken } from "./accounts/credentials";
import { listSellerCars } from "./catalog/cars";
import { createReport } from "./admin/reports";
import { searchCategory } from "./site/search-page";
import { hasRole } from "./users/users";

// Every permission is enforced in the service that does the work, so a page and the API refuse
// alike whatever their own guards say: each call below is the service itself, asked by someone the
// policy refuses, before any row is read or written.

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("services refuse whom the policy refuses", () => {
  it("admin-only reads and writes refuse sellers and buyers", async () => {
    const ctx = database.context();
    const { account } = marketplace(ctx);
    for (const role of ["seller", "buyer"] as const) {
      const user = await account(role);
      await expect(listAuditTrail(ctx, user, 1)).rejects.toThrow(Forbidden);
      await expect(listUsersByRole(ctx, user, "buyer", { page: 1, limit: 5, sort: "name", order: "asc" })).rejects.toThrow(Forbidden);
      await expect(verifySeller(ctx, user, user.id)).rejects.toThrow(Forbidden);
      await expect(deleteBuyer(ctx, user, user.id)).rejects.toThrow(Forbidden);
      await expect(listEmailProblems(ctx, user, 1, 10)).rejects.toThrow(Forbidden);
      await expect(createCategory(ctx, user, { categoryName: "Not Mine", image: "/images/x.jpg" })).rejects.toThrow(Forbidden);
      await expect(addCategory(ctx, user, "Not Mine", new Blob(["x"]))).rejects.toThrow(Forbidden);
    }
  });

  it("a role's own pages refuse the other roles", async () => {
    const ctx = database.context();
    const { account } = marketplace(ctx);
    await expect(listBuyerOrders(ctx, await account("seller"))).rejects.toThrow(Forbidden);
    await expect(listBuyerOrders(ctx, await account("admin"))).rejects.toThrow(Forbidden);
    await expect(listInbox(ctx, await account("admin"))).rejects.toThrow(Forbidden);
    expect(await listInbox(ctx, await account("seller"))).toEqual([]);
    expect(await listBuyerOrders(ctx, await account("buyer"))).toEqual([]);
  });

  it("what is one's own refuses everyone else, with the policy's answer", async () => {
    const ctx = database.context();
    const { account } = marketplace(ctx);
    const [seller, otherSeller, buyer] = [await account("seller"), await account("seller"), await account("buyer")];
    await expect(listSellerCars(ctx, otherSeller, seller.email)).rejects.toThrow(Forbidden);
    await expect(listSellerCars(ctx, buyer, seller.email)).rejects.toThrow(Forbidden);
    await expect(hasRole(ctx, buyer, seller.email, "seller")).rejects.toThrow(Forbidden);
    await expect(sessionAccessToken(ctx, buyer, seller.email)).rejects.toThrow(Forbidden);
    expect(await hasRole(ctx, seller, seller.email.toUpperCase(), "seller")).toBe(true);
    expect(await listSellerCars(ctx, await account("admin"), seller.email)).toEqual([]);
  });

  it("signed-in reads and reports refuse nobody signed in as any role, and are done by the service, not a page's guard", async () => {
    const ctx = database.context();
    const { account, category, car } = marketplace(ctx);
    const seller = await account("seller");
    const categoryId = await category();
    const carId = await car(seller, { categoryId });
    for (const role of ["buyer", "seller", "admin"] as const) {
      const user = await account(role);
      expect((await searchCategory(ctx, user, categoryId, 1, 10)).map(({ _id }) => _id)).toEqual([carId]);
      expect(await createReport(ctx, user, carId)).toEqual(expect.any(String));
    }
  });
});
