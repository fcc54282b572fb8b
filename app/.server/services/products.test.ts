import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../tests/support/marketplace";
import { startTestDatabase } from "../../../tests/support/test-database";
import { auditLog, bookings, products, reports } from "../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../errors";
import { auditEntryIfChanged } from "./audit";
import { advertiseProduct, createProduct, deleteProduct, listAdvertisedProducts, listCategoryProducts } from "./products";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

const STORED_PHOTO = "/images/stored-photo-1.jpg";

function setup() {
  // A bucket that holds one photo: createProduct accepts only photos this app stored.
  const photos = { head: async (key: string) => (`/images/${key}` === STORED_PHOTO ? {} : null) };
  const ctx = database.context({ photos: photos as unknown as R2Bucket });
  return { ctx, ...marketplace(ctx) };
}

const input = (categoryId: string, image = STORED_PHOTO) => ({
  productName: "Listed Car",
  originalPrice: 25000,
  resalePrice: 20000,
  location: "Dhaka" as const,
  categoryId,
  condition: "Good" as const,
  mobile: "01711 000000",
  productDescription: "Listed through the service.",
  purchaseYear: 2019,
  image,
});

describe("createProduct", () => {
  it("lists a car for a seller, who, when and the flags set by the server", async () => {
    const { ctx, account, category, productRow } = setup();
    const seller = await account("seller");
    const id = await createProduct(ctx, seller, input(await category()));
    expect(await productRow(id)).toMatchObject({
      sellerId: seller.id,
      sellerName: seller.name,
      sellerEmail: seller.email,
      isAdvertised: false,
      isPaid: false,
      createdAt: ctx.now().toISOString(),
    });
  });

  it("refuses buyers and admins, unknown categories and photos the app never stored", async () => {
    const { ctx, account, category } = setup();
    const categoryId = await category();
    await expect(createProduct(ctx, await account("buyer"), input(categoryId))).rejects.toThrow(Forbidden);
    await expect(createProduct(ctx, await account("admin"), input(categoryId))).rejects.toThrow(Forbidden);
    const seller = await account("seller");
    await expect(createProduct(ctx, seller, input(crypto.randomUUID()))).rejects.toThrow(NotFound);
    await expect(createProduct(ctx, seller, input(categoryId, "/images/never-stored.jpg"))).rejects.toThrow(Invalid);
    await expect(createProduct(ctx, seller, input(categoryId, "https://elsewhere.example/car.jpg"))).rejects.toThrow(Invalid);
    expect(await ctx.db.$count(products, eq(products.categoryId, categoryId))).toBe(0);
  });
});

describe("advertiseProduct", () => {
  it("is a one-way switch for the car's own seller, refused once the car is sold", async () => {
    const { ctx, account, car } = setup();
    const seller = await account("seller");
    const id = await car(seller);
    await expect(advertiseProduct(ctx, await account("seller", "other-seller"), id)).rejects.toThrow(Forbidden);
    await expect(advertiseProduct(ctx, await account("admin"), id)).rejects.toThrow(Forbidden);
    expect(await advertiseProduct(ctx, seller, id)).toBe(1);
    expect(await advertiseProduct(ctx, seller, id)).toBe(0);

    const sold = await car(seller);
    await ctx.db.update(products).set({ isPaid: true }).where(eq(products.id, sold));
    await expect(advertiseProduct(ctx, seller, sold)).rejects.toThrow(Conflict);
  });
});

describe("lists", () => {
  it("show advertised and category cars that are still for sale, newest first, paged", async () => {
    const { ctx, account, car, category } = setup();
    const seller = await account("seller");
    const categoryId = await category();
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      database.setNow(new Date(ctx.now().getTime() + 60_000));
      ids.push(await car(seller, { categoryId, isAdvertised: true }));
    }
    await ctx.db.update(products).set({ isPaid: true }).where(eq(products.id, ids[1]));

    const advertised = (await listAdvertisedProducts(ctx)).map((product) => product._id);
    expect(advertised.filter((id) => ids.includes(id))).toEqual([ids[2], ids[0]]);
    const pages = [await listCategoryProducts(ctx, categoryId, 1, 1), await listCategoryProducts(ctx, categoryId, 2, 1)];
    expect(pages.map((page) => page.products.map((product) => product._id))).toEqual([[ids[2]], [ids[0]]]);
    expect(pages[0]).toMatchObject({ total: 2, totalPages: 2 });
    await expect(listCategoryProducts(ctx, crypto.randomUUID())).rejects.toThrow(NotFound);
  });
});

describe("deleteProduct", () => {
  it("removes the seller's unsold car with its unpaid bookings and reports", async () => {
    const { ctx, account, car, book, productRow } = setup();
    const seller = await account("seller");
    const buyer = await account("buyer");
    const id = await car(seller);
    await book(buyer, id);
    await ctx.db.insert(reports).values({ productId: id, reporterId: buyer.id, createdAt: ctx.now().toISOString() });

    await expect(deleteProduct(ctx, await account("seller", "other-seller"), id)).rejects.toThrow(Forbidden);
    expect(await deleteProduct(ctx, seller, id)).toBe(1);
    expect(await productRow(id)).toBeUndefined();
    expect(await ctx.db.$count(bookings, eq(bookings.productId, id))).toBe(0);
    expect(await ctx.db.$count(reports, eq(reports.productId, id))).toBe(0);
    await expect(deleteProduct(ctx, seller, id)).rejects.toThrow(NotFound);
  });

  it("lets an admin delete any unsold car, recorded in the audit trail only when it went", async () => {
    const { ctx, account, car } = setup();
    const admin = await account("admin");
    const id = await car(await account("seller"));
    const audit = () => auditEntryIfChanged(ctx, admin, "delete-item", id);
    expect(await deleteProduct(ctx, admin, id, audit())).toBe(1);
    await expect(deleteProduct(ctx, admin, id, audit())).rejects.toThrow(NotFound);
    expect(await ctx.db.$count(auditLog, eq(auditLog.target, id))).toBe(1);
  });

  it("refuses a sold car, and a car a buyer started paying for in the last half hour", async () => {
    const { ctx, account, car, book, productRow } = setup();
    const seller = await account("seller");
    const sold = await car(seller);
    await ctx.db.update(products).set({ isPaid: true }).where(eq(products.id, sold));
    await expect(deleteProduct(ctx, seller, sold)).rejects.toThrow(
      new Conflict("This car is sold: it stays for the records and cannot be deleted"),
    );

    const paying = await car(seller);
    const bookingId = await book(await account("buyer"), paying);
    const startedAt = ctx.now();
    await ctx.db.update(bookings).set({ paymentStartedAt: startedAt.toISOString() }).where(eq(bookings.id, bookingId));
    database.setNow(new Date(startedAt.getTime() + 29 * 60_000));
    await expect(deleteProduct(ctx, seller, paying)).rejects.toThrow(
      new Conflict("A buyer is paying for this car right now. Try again in half an hour."),
    );
    expect(await productRow(paying)).toBeDefined();

    database.setNow(new Date(startedAt.getTime() + 31 * 60_000));
    expect(await deleteProduct(ctx, seller, paying)).toBe(1);
  });
});
