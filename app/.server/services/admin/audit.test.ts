import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { auditLog, categories, cars, users } from "../../db/schema";
import { verifySeller } from "./admin-users";
import { deleteCar } from "../catalog/cars";
import { deleteReportedItem } from "./reports";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

/** An admin, a seller and a way to list one of the seller's cars. */
async function arrange() {
  const ctx = database.context();
  const unique = () => crypto.randomUUID().slice(0, 8);
  const [admin] = await ctx.db
    .insert(users)
    .values({ name: "Admin", email: `admin-${unique()}@example.test`, role: "admin" })
    .returning();
  const [seller] = await ctx.db
    .insert(users)
    .values({ name: "Seller", email: `seller-${unique()}@example.test`, role: "seller" })
    .returning();
  const [category] = await ctx.db
    .insert(categories)
    .values({ name: `Category ${unique()}`, image: "/images/category.jpg" })
    .returning();
  const listCar = async () => {
    const [car] = await ctx.db
      .insert(cars)
      .values({
        name: "Audited Car",
        originalPrice: 20000,
        resalePrice: 15000,
        location: "Dhaka",
        categoryId: category.id,
        condition: "Good",
        mobile: "0171",
        description: "A car for the audit trail.",
        purchaseYear: 2019,
        image: "/images/car.jpg",
        sellerId: seller.id,
        sellerName: seller.name,
        sellerEmail: seller.email,
      })
      .returning({ id: cars.id });
    return car.id;
  };
  return { ctx, admin, seller, listCar };
}

const auditRowsFor = (ctx: ReturnType<typeof database.context>, target: string) =>
  ctx.db.select().from(auditLog).where(eq(auditLog.target, target));

async function roundTripsOf(work: () => Promise<unknown>) {
  const before = database.roundTrips();
  await work();
  return database.roundTrips() - before;
}

describe("the audit trail", () => {
  it("records verifying a seller once, however often the admin verifies", async () => {
    const { ctx, admin, seller } = await arrange();
    expect(await verifySeller(ctx, admin, seller.id)).toBe(true);
    expect(await verifySeller(ctx, admin, seller.id)).toBe(false);
    expect(await verifySeller(ctx, admin, seller.id)).toBe(false);
    expect(await auditRowsFor(ctx, seller.id)).toMatchObject([{ action: "verify-seller", actorId: admin.id }]);
  });

  it("records deleting a reported item in the delete's own round trip", async () => {
    const { ctx, admin, listCar } = await arrange();
    const [plainCar, reportedCar] = [await listCar(), await listCar()];
    const forPlainDelete = await roundTripsOf(() => deleteCar(ctx, admin, plainCar));
    expect(await roundTripsOf(() => deleteReportedItem(ctx, admin, reportedCar))).toBe(forPlainDelete);
    expect(await auditRowsFor(ctx, reportedCar)).toMatchObject([{ action: "delete-item", actorId: admin.id }]);
    expect(await auditRowsFor(ctx, plainCar)).toEqual([]);
  });
});
