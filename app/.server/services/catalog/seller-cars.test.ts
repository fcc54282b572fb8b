import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { bookings, cars } from "../../db/schema";
import { Forbidden } from "../../errors";
import { BOOKINGS_PER_CAR, findOwnListing, listBookingsForSellerCars } from "./seller-cars";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

describe("listBookingsForSellerCars", () => {
  it("gives each of the seller's cars its bookings, paid first, and nothing of other sellers' cars", async () => {
    const ctx = database.context();
    const { account, car, book } = marketplace(ctx);
    const [seller, other, ana, ben] = await Promise.all([account("seller"), account("seller"), account("buyer"), account("buyer")]);
    const [first, second, unbooked, othersCar] = await Promise.all([car(seller), car(seller), car(seller), car(other)]);
    await book(ana, first);
    const benBooking = await book(ben, first);
    await ctx.db.update(bookings).set({ paid: true }).where(eq(bookings.id, benBooking));
    await book(ana, second);
    await book(ben, othersCar);

    const byCar = await listBookingsForSellerCars(ctx, seller.id, [first, second, unbooked, othersCar]);
    expect(Object.keys(byCar).sort()).toEqual([first, second].sort());
    // Only the cars asked for (a page of My Products).
    expect(Object.keys(await listBookingsForSellerCars(ctx, seller.id, [second]))).toEqual([second]);
    expect(byCar[unbooked]).toBeUndefined();
    expect(byCar[first].total).toBe(2);
    expect(byCar[first].bookings.map((booking) => [booking.buyerName, booking.paid])).toEqual([
      [ben.name, true],
      [ana.name, false],
    ]);
    expect(byCar[first].bookings[1]).toMatchObject({ phone: "01711 000000", meetingLocation: "Dhaka" });
  });

  it("leaves out lost bookings and, once a car is sold, the unpaid ones; lists at most BOOKINGS_PER_CAR a car", async () => {
    const ctx = database.context();
    const { account, car, book } = marketplace(ctx);
    const seller = await account("seller");
    const [sold, popular] = await Promise.all([car(seller), car(seller)]);
    const [payer, waiting, latePayer] = await Promise.all([account("buyer"), account("buyer"), account("buyer")]);
    const paidBooking = await book(payer, sold);
    await book(waiting, sold);
    const lostBooking = await book(latePayer, sold);
    await ctx.db.update(bookings).set({ paid: true }).where(eq(bookings.id, paidBooking));
    await ctx.db.update(bookings).set({ paid: true, lost: true }).where(eq(bookings.id, lostBooking));
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));
    const buyers = await Promise.all(Array.from({ length: BOOKINGS_PER_CAR + 2 }, () => account("buyer")));
    for (const buyer of buyers) await book(buyer, popular);

    const byCar = await listBookingsForSellerCars(ctx, seller.id, [sold, popular]);
    expect(byCar[sold]).toEqual({ total: 1, bookings: [expect.objectContaining({ _id: paidBooking, paid: true })] });
    expect(byCar[popular].total).toBe(BOOKINGS_PER_CAR + 2);
    expect(byCar[popular].bookings).toHaveLength(BOOKINGS_PER_CAR);
  });
});

describe("findOwnListing", () => {
  it("gives the owner their car and refuses another seller", async () => {
    const ctx = database.context();
    const { account, car } = marketplace(ctx);
    const [owner, other] = await Promise.all([account("seller"), account("seller")]);
    const id = await car(owner);
    expect((await findOwnListing(ctx, owner, id))._id).toBe(id);
    await expect(findOwnListing(ctx, other, id)).rejects.toBeInstanceOf(Forbidden);
  });
});
