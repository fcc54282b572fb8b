import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { auditLog, bookings, favourites, notifications, priceChanges, carPhotos, cars, reports, uploads } from "../../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import { searchCategory } from "../site/search-page";
import { advertiseCar, createCar, deleteCar, findCarDetail, listAdvertisedCars, updateCar } from "./cars";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

async function setup() {
  const ctx = database.context();
  const tools = marketplace(ctx);
  const seller = await tools.account("seller");
  // Photos this app stored (createCar accepts only those), each with its dimensions, uploaded
  // by the seller (or whoever is named: a car shows only its own seller's uploads).
  const photo = async (width = 1200, height = 800, uploaderId: string | null = seller.id) => {
    const key = `${crypto.randomUUID()}.jpg`;
    await ctx.db
      .insert(uploads)
      .values({ key, uploaderId, contentType: "image/jpeg", size: 1000, width, height, createdAt: ctx.now().toISOString() });
    return `/images/${key}`;
  };
  return { ctx, seller, photo, stored: await photo(), ...tools };
}

const input = (categoryId: string, url: string) => ({
  productName: "Listed Car",
  originalPrice: 25000,
  resalePrice: 20000,
  location: "Dhaka" as const,
  categoryId,
  condition: "Good" as const,
  mobile: "01711 000000",
  productDescription: "Listed through the service.",
  purchaseYear: 2019,
  photos: [{ url }],
});

describe("createCar", () => {
  it("lists a car for a seller, who, when and the flags set by the server", async () => {
    const { ctx, seller, category, carRow, stored } = await setup();
    const id = await createCar(ctx, seller, input(await category(), stored));
    expect(await carRow(id)).toMatchObject({
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      isAdvertised: false,
      isPaid: false,
      createdAt: ctx.now().toISOString(),
    });
  });

  it("refuses buyers and admins, unknown categories and photos the app never stored", async () => {
    const { ctx, seller, account, category, stored } = await setup();
    const categoryId = await category();
    await expect(createCar(ctx, await account("buyer"), input(categoryId, stored))).rejects.toThrow(Forbidden);
    await expect(createCar(ctx, await account("admin"), input(categoryId, stored))).rejects.toThrow(Forbidden);
    await expect(createCar(ctx, seller, input(crypto.randomUUID(), stored))).rejects.toThrow(NotFound);
    await expect(createCar(ctx, seller, input(categoryId, "/images/never-stored.jpg"))).rejects.toThrow(Invalid);
    await expect(createCar(ctx, seller, input(categoryId, "https://elsewhere.example/car.jpg"))).rejects.toThrow(Invalid);
    expect(await ctx.db.$count(cars, eq(cars.categoryId, categoryId))).toBe(0);
  });

  it("refuses a seller whose email is not confirmed, listing nothing", async () => {
    const { ctx, seller, category, stored } = await setup();
    const categoryId = await category();
    const unconfirmed = { ...seller, emailVerified: false };
    await expect(createCar(ctx, unconfirmed, input(categoryId, stored))).rejects.toThrow(
      new Forbidden("Confirm your email address before listing a car"),
    );
    expect(await ctx.db.$count(cars, eq(cars.categoryId, categoryId))).toBe(0);
  });

  it("refuses another seller's upload with 404 naming the photo, listing nothing", async () => {
    const { ctx, seller, account, category, photo, stored } = await setup();
    const categoryId = await category();
    const othersPhoto = await photo(1200, 800, (await account("seller", "other-seller")).id);
    await expect(createCar(ctx, seller, { ...input(categoryId, stored), photos: [{ url: stored }, { url: othersPhoto }] })).rejects.toThrow(
      new NotFound(`Photo not found: ${othersPhoto} is not one of your uploads`),
    );
    await expect(
      createCar(ctx, seller, { ...input(categoryId, stored), photos: [{ url: stored, smallUrl: othersPhoto }] }),
    ).rejects.toThrow(NotFound);
    expect(await ctx.db.$count(cars, eq(cars.categoryId, categoryId))).toBe(0);
  });

  it("stores the photos in order with their sizes, the cover first, and the listing price as the first price", async () => {
    const { ctx, seller, category, photo, carRow } = await setup();
    const [cover, side] = [await photo(1600, 1067), await photo(800, 600)];
    const small = await photo(480, 320);
    const id = await createCar(ctx, seller, {
      ...input(await category(), cover),
      photos: [{ url: cover, smallUrl: small }, { url: side }],
    });
    expect((await carRow(id)).image).toBe(cover);
    const detail = await findCarDetail(ctx, id);
    expect(detail.images).toEqual([cover, side]);
    expect(detail.photos).toEqual([
      { url: cover, smallUrl: small, width: 1600, height: 1067 },
      { url: side, smallUrl: null, width: 800, height: 600 },
    ]);
    expect(detail.priceHistory).toEqual([{ price: 20000, changedAt: ctx.now().toISOString() }]);
  });

  it("keeps one unsold listing per VIN (409 on vin), free again once that car is sold", async () => {
    const { ctx, seller, category, stored } = await setup();
    const categoryId = await category();
    const vin = `JTDBR32E7${crypto.randomUUID().replace(/\D/g, "").slice(0, 8).padEnd(8, "1")}`;
    const first = await createCar(ctx, seller, { ...input(categoryId, stored), vin });
    await expect(createCar(ctx, seller, { ...input(categoryId, stored), vin })).rejects.toThrow(
      new Conflict("This VIN is already listed", [{ path: "vin", message: "This VIN is already listed" }]),
    );
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, first));
    await expect(createCar(ctx, seller, { ...input(categoryId, stored), vin })).resolves.toBeTypeOf("string");
  });
});

describe("updateCar", () => {
  it("changes the owner's unsold car, adds a new price to the history and replaces the photos in order", async () => {
    const { ctx, seller, category, photo, stored } = await setup();
    const id = await createCar(ctx, seller, input(await category(), stored));
    const [front, rear] = [await photo(), await photo()];
    database.setNow(new Date(ctx.now().getTime() + 60_000));
    await expect(
      updateCar(ctx, seller, id, { resalePrice: 18500, mileageKm: 42000, photos: [{ url: rear }, { url: front }] }),
    ).resolves.toBeUndefined();
    const detail = await findCarDetail(ctx, id);
    expect(detail).toMatchObject({
      resalePrice: 18500,
      mileageKm: 42000,
      image: rear,
      images: [rear, front],
      updatedAt: ctx.now().toISOString(),
    });
    expect(detail.priceHistory.map((entry) => entry.price)).toEqual([20000, 18500]);
    // The same price again is no change of price.
    await updateCar(ctx, seller, id, { resalePrice: 18500 });
    expect(await ctx.db.$count(priceChanges, eq(priceChanges.productId, id))).toBe(2);
  });

  it("refuses other sellers, admins, photos the app never stored, and sold cars, changing nothing", async () => {
    const { ctx, seller, account, category, stored } = await setup();
    const id = await createCar(ctx, seller, input(await category(), stored));
    await expect(updateCar(ctx, await account("seller", "other-seller"), id, { resalePrice: 1 })).rejects.toThrow(Forbidden);
    await expect(updateCar(ctx, await account("admin"), id, { resalePrice: 1 })).rejects.toThrow(Forbidden);
    await expect(updateCar(ctx, seller, id, { photos: [{ url: "/images/never-stored.jpg" }] })).rejects.toThrow(Invalid);
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, id));
    await expect(updateCar(ctx, seller, id, { resalePrice: 1 })).rejects.toThrow(Conflict);
    const detail = await findCarDetail(ctx, id);
    expect(detail).toMatchObject({ resalePrice: 20000, images: [stored] });
    expect(await ctx.db.$count(carPhotos, eq(carPhotos.productId, id))).toBe(1);
    await expect(updateCar(ctx, seller, crypto.randomUUID(), { resalePrice: 1 })).rejects.toThrow(NotFound);
  });

  it("takes no other seller's upload, but keeps the car's own photos whoever stored them (seeded photos have no uploader)", async () => {
    const { ctx, seller, account, category, photo } = await setup();
    const seeded = await photo(1200, 800, null);
    const id = await createCar(ctx, seller, input(await category(), await photo()));
    await ctx.db.update(carPhotos).set({ url: seeded }).where(eq(carPhotos.productId, id));
    const othersPhoto = await photo(1200, 800, (await account("seller", "other-seller")).id);
    await expect(updateCar(ctx, seller, id, { photos: [{ url: seeded }, { url: othersPhoto }] })).rejects.toThrow(NotFound);
    expect((await findCarDetail(ctx, id)).images).toEqual([seeded]);
    const added = await photo();
    await expect(updateCar(ctx, seller, id, { photos: [{ url: added }, { url: seeded }] })).resolves.toBeUndefined();
    expect((await findCarDetail(ctx, id)).images).toEqual([added, seeded]);
  });
});

describe("a car's price while money moves and edits race", () => {
  it("stays while a buyer is paying (409, nothing written), while other changes go through", async () => {
    const { ctx, seller, account, category, stored, book, carRow } = await setup();
    const id = await createCar(ctx, seller, input(await category(), stored));
    const saver = await account("buyer", "saver");
    await ctx.db.insert(favourites).values({ userId: saver.id, productId: id });
    const bookingId = await book(await account("buyer"), id);
    const startedAt = ctx.now();
    await ctx.db.update(bookings).set({ paymentStartedAt: startedAt.toISOString() }).where(eq(bookings.id, bookingId));

    await expect(updateCar(ctx, seller, id, { resalePrice: 15000 })).rejects.toThrow(
      new Conflict("A buyer is paying for this car right now, so its price cannot change. Try again in half an hour."),
    );
    await expect(updateCar(ctx, seller, id, { resalePrice: 15000, mileageKm: 1 })).rejects.toThrow(Conflict);
    expect(await carRow(id)).toMatchObject({ resalePrice: 20000, mileageKm: null });
    expect(await ctx.db.$count(priceChanges, eq(priceChanges.productId, id))).toBe(1);
    expect(await ctx.db.$count(notifications, eq(notifications.userId, saver.id))).toBe(0);
    // The same price, or no price at all, is no change of price.
    await expect(updateCar(ctx, seller, id, { resalePrice: 20000, mileageKm: 42000 })).resolves.toBeUndefined();
    expect(await carRow(id)).toMatchObject({ resalePrice: 20000, mileageKm: 42000 });

    database.setNow(new Date(startedAt.getTime() + 31 * 60_000));
    await expect(updateCar(ctx, seller, id, { resalePrice: 15000 })).resolves.toBeUndefined();
  });

  it("keeps the history in the order written, ending with the current price, and each drop says the price it replaced", async () => {
    const { ctx, seller, account, category, stored, carRow } = await setup();
    const categoryId = await category();
    for (let round = 0; round < 3; round++) {
      const id = await createCar(ctx, seller, input(categoryId, stored));
      const saver = await account("buyer", "saver");
      await ctx.db.insert(favourites).values({ userId: saver.id, productId: id });
      const prices = [19000, 18000, 17000, 16000, 21000, 19500, 18500, 17500];
      await Promise.all(prices.map((resalePrice) => updateCar(ctx, seller, id, { resalePrice })));

      const history = (await findCarDetail(ctx, id)).priceHistory.map((entry) => entry.price);
      expect(history[0]).toBe(20000);
      expect(history.at(-1)).toBe((await carRow(id)).resalePrice);
      expect(history.slice(1).sort()).toEqual([...prices].sort());
      // Each drop names the price it replaced: the one before it in the history.
      const said = (await ctx.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.userId, saver.id))).map(
        (row) => row.text,
      );
      const drops = history.slice(1).flatMap((price, index) => (price < history[index] ? [[history[index], price]] : []));
      expect(
        said
          .map((text) =>
            /dropped to \$([\d,]+) \(was \$([\d,]+)\)/
              .exec(text)!
              .slice(1)
              .map((n) => Number(n.replace(/,/g, ""))),
          )
          .sort(),
      ).toEqual(drops.map(([was, now]) => [now, was]).sort());
    }
  });
});

describe("advertiseCar", () => {
  it("is a one-way switch for the car's own seller, refused once the car is sold", async () => {
    const { ctx, account, car } = await setup();
    const seller = await account("seller");
    const id = await car(seller);
    await expect(advertiseCar(ctx, await account("seller", "other-seller"), id)).rejects.toThrow(Forbidden);
    await expect(advertiseCar(ctx, await account("admin"), id)).rejects.toThrow(Forbidden);
    expect(await advertiseCar(ctx, seller, id)).toBe(true);
    expect(await advertiseCar(ctx, seller, id)).toBe(false);

    const sold = await car(seller);
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));
    await expect(advertiseCar(ctx, seller, sold)).rejects.toThrow(Conflict);
  });
});

describe("lists", () => {
  it("show advertised and category cars that are still for sale, newest first, paged", async () => {
    const { ctx, account, car, category } = await setup();
    const seller = await account("seller");
    const categoryId = await category();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      database.setNow(new Date(ctx.now().getTime() + 60_000));
      ids.push(await car(seller, { categoryId, isAdvertised: true }));
    }
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, ids[1]));

    const advertised = (await listAdvertisedCars(ctx)).map(({ _id }) => _id);
    expect(advertised.filter((id) => ids.includes(id))).toEqual([ids[2], ids[0]]);
    const pages = [await searchCategory(ctx, seller, categoryId, 1, 1), await searchCategory(ctx, seller, categoryId, 2, 1)];
    expect(pages.map((page) => page.map(({ _id }) => _id))).toEqual([[ids[2]], [ids[0]]]);
    await expect(searchCategory(ctx, seller, crypto.randomUUID(), 1, 10)).rejects.toThrow(NotFound);
  });
});

describe("deleteCar", () => {
  it("removes the seller's unsold car with its unpaid bookings and reports", async () => {
    const { ctx, account, car, book, carRow } = await setup();
    const seller = await account("seller");
    const buyer = await account("buyer");
    const id = await car(seller);
    await book(buyer, id);
    await ctx.db.insert(reports).values({ productId: id, reporterId: buyer.id, createdAt: ctx.now().toISOString() });

    await expect(deleteCar(ctx, await account("seller", "other-seller"), id)).rejects.toThrow(Forbidden);
    await expect(deleteCar(ctx, seller, id)).resolves.toBeUndefined();
    expect(await carRow(id)).toBeUndefined();
    expect(await ctx.db.$count(bookings, eq(bookings.productId, id))).toBe(0);
    expect(await ctx.db.$count(reports, eq(reports.productId, id))).toBe(0);
    await expect(deleteCar(ctx, seller, id)).rejects.toThrow(NotFound);
  });

  it("lets an admin delete any unsold car, recorded in the audit trail only when it went", async () => {
    const { ctx, account, car } = await setup();
    const admin = await account("admin");
    const id = await car(await account("seller"));
    const audit = () => ({ type: "admin_acted", actor: admin, action: "delete-item", target: id, onlyIfChanged: true }) as const;
    await expect(deleteCar(ctx, admin, id, audit)).resolves.toBeUndefined();
    await expect(deleteCar(ctx, admin, id, audit)).rejects.toThrow(NotFound);
    expect(await ctx.db.$count(auditLog, eq(auditLog.target, id))).toBe(1);
  });

  it("refuses a sold car, and a car a buyer started paying for in the last half hour", async () => {
    const { ctx, account, car, book, carRow } = await setup();
    const seller = await account("seller");
    const sold = await car(seller);
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, sold));
    await expect(deleteCar(ctx, seller, sold)).rejects.toThrow(
      new Conflict("This car is sold: it stays for the records and cannot be deleted"),
    );

    const paying = await car(seller);
    const bookingId = await book(await account("buyer"), paying);
    const startedAt = ctx.now();
    await ctx.db.update(bookings).set({ paymentStartedAt: startedAt.toISOString() }).where(eq(bookings.id, bookingId));
    database.setNow(new Date(startedAt.getTime() + 29 * 60_000));
    await expect(deleteCar(ctx, seller, paying)).rejects.toThrow(
      new Conflict("A buyer is paying for this car right now. Try again in half an hour."),
    );
    expect(await carRow(paying)).toBeDefined();

    database.setNow(new Date(startedAt.getTime() + 31 * 60_000));
    await expect(deleteCar(ctx, seller, paying)).resolves.toBeUndefined();
  });
});
