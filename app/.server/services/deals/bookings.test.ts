import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { bookings, cars } from "../../db/schema";
import { Conflict, Forbidden, NotFound } from "../../errors";
import { cancelBooking, findBookingFor, findOwnBooking, listBuyerOrders } from "./bookings";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

function setup() {
  const ctx = database.context();
  return { ctx, ...marketplace(ctx) };
}

describe("createBooking", () => {
  it("books an unsold car for a buyer, with the car's name and price read from the car", async () => {
    const { ctx, account, car, book } = setup();
    const seller = await account("seller");
    const buyer = await account("buyer");
    const carId = await car(seller, { resalePrice: 12345 });

    const bookingId = await book(buyer, carId);

    const [order] = await listBuyerOrders(ctx, buyer);
    expect(order).toMatchObject({
      _id: bookingId,
      product_id: carId,
      resalePrice: 12345,
      email: buyer.email,
      paid: false,
      soldToSomeoneElse: false,
    });
  });

  it("lets only buyers book", async () => {
    const { account, car, book } = setup();
    const seller = await account("seller");
    const carId = await car(seller);
    await expect(book(await account("seller", "other-seller"), carId)).rejects.toThrow(Forbidden);
    await expect(book(await account("admin"), carId)).rejects.toThrow(Forbidden);
  });

  it("books a car once per buyer, while other buyers may book it too", async () => {
    const { ctx, account, car, book } = setup();
    const carId = await car(await account("seller"));
    const buyer = await account("buyer");
    await book(buyer, carId);
    await expect(book(buyer, carId)).rejects.toThrow(new Conflict("You have already booked this car"));
    await book(await account("buyer", "second-buyer"), carId);
    expect(await ctx.db.$count(bookings, eq(bookings.productId, carId))).toBe(2);
  });

  it("never books a sold car, a car of one's own or a car that does not exist", async () => {
    const { ctx, account, car, book } = setup();
    const buyer = await account("buyer");
    const sold = await car(await account("seller"));
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));
    // A buyer's own listing (e.g. from when the account sold cars).
    const own = await car(buyer);

    await expect(book(buyer, sold)).rejects.toThrow(new Conflict("This car is already sold"));
    await expect(book(buyer, own)).rejects.toThrow(new Forbidden("You cannot book your own car"));
    await expect(book(buyer, crypto.randomUUID())).rejects.toThrow(NotFound);
    expect(await listBuyerOrders(ctx, buyer)).toEqual([]);
  });
});

describe("orders", () => {
  it("list a buyer's own orders newest first, marking those sold to someone else", async () => {
    const { ctx, account, car, book } = setup();
    const seller = await account("seller");
    const buyer = await account("buyer");
    const [first, second] = [await car(seller), await car(seller)];
    await book(buyer, first);
    database.setNow(new Date(ctx.now().getTime() + 60_000));
    await book(buyer, second);
    await book(await account("buyer", "someone-else"), first);
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, first));

    const orders = await listBuyerOrders(ctx, buyer);
    expect(orders.map((order) => [order.product_id, order.soldToSomeoneElse])).toEqual([
      [second, false],
      [first, true],
    ]);
  });

  it("are found for their buyer and admins only; paying is the buyer's alone", async () => {
    const { account, car, book, ctx } = setup();
    const buyer = await account("buyer");
    const admin = await account("admin");
    const bookingId = await book(buyer, await car(await account("seller")));

    expect((await findOwnBooking(ctx, buyer, bookingId))._id).toBe(bookingId);
    expect((await findBookingFor(ctx, admin, bookingId))._id).toBe(bookingId);
    await expect(findOwnBooking(ctx, admin, bookingId)).rejects.toThrow(NotFound);
    await expect(findBookingFor(ctx, await account("buyer", "stranger"), bookingId)).rejects.toThrow(NotFound);
    await expect(findBookingFor(ctx, buyer, crypto.randomUUID())).rejects.toThrow(NotFound);
  });
});

describe("cancelBooking", () => {
  const MINUTE = 60_000;

  it("removes the buyer's own unpaid booking, so the car can be booked again", async () => {
    const { ctx, account, car, book, bookingRow } = setup();
    const buyer = await account("buyer");
    const carId = await car(await account("seller"));
    const bookingId = await book(buyer, carId);

    await expect(cancelBooking(ctx, buyer, bookingId)).resolves.toBeUndefined();
    expect(await bookingRow(bookingId)).toBeUndefined();
    await expect(cancelBooking(ctx, buyer, bookingId)).rejects.toThrow(new NotFound("Booking not found"));
    await book(buyer, carId);
  });

  it("is the buyer's alone: other buyers, sellers and admins are told it does not exist", async () => {
    const { ctx, account, car, book, bookingRow } = setup();
    const buyer = await account("buyer");
    const bookingId = await book(buyer, await car(await account("seller")));
    for (const caller of [await account("buyer", "stranger"), await account("seller", "other-seller"), await account("admin")]) {
      await expect(cancelBooking(ctx, caller, bookingId)).rejects.toThrow(new NotFound("Booking not found"));
    }
    expect(await bookingRow(bookingId)).toBeDefined();
  });

  it("refuses a paid booking and one being paid for in the last half hour, which the order list says", async () => {
    const { ctx, account, car, book, bookingRow } = setup();
    const buyer = await account("buyer");
    const seller = await account("seller");
    const [paid, paying] = [await book(buyer, await car(seller)), await book(buyer, await car(seller))];
    await ctx.db.update(bookings).set({ paid: true, transactionId: "pi_unit" }).where(eq(bookings.id, paid));
    await ctx.db
      .update(bookings)
      .set({ paymentStartedAt: new Date(ctx.now().getTime() - 29 * MINUTE).toISOString() })
      .where(eq(bookings.id, paying));

    await expect(cancelBooking(ctx, buyer, paid)).rejects.toThrow(new Conflict("This booking is paid and cannot be cancelled"));
    await expect(cancelBooking(ctx, buyer, paying)).rejects.toThrow(
      new Conflict("A payment for this booking is under way. Try again in half an hour."),
    );
    const orders = await listBuyerOrders(ctx, buyer);
    expect(Object.fromEntries(orders.map((order) => [order._id, order.paymentUnderWay]))).toEqual({ [paid]: false, [paying]: true });
    expect(await bookingRow(paid)).toBeDefined();

    database.setNow(new Date(ctx.now().getTime() + 2 * MINUTE));
    expect((await listBuyerOrders(ctx, buyer)).find((order) => order._id === paying)?.paymentUnderWay).toBe(false);
    await expect(cancelBooking(ctx, buyer, paying)).resolves.toBeUndefined();
    expect(await bookingRow(paying)).toBeUndefined();
  });
});
