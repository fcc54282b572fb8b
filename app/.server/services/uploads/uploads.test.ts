import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../../../../tests/support/images";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { eq } from "drizzle-orm";
import { categories, directUploads, carPhotos, cars, uploads, users } from "../../db/schema";
import { Conflict, FieldRefused } from "../../errors";
import { CLEANUP_BATCH, createWithPhoto, removeUnusedUploads } from "./uploads";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
  // workerd's FixedLengthStream, as Node lacks it: a pass-through that knows its length.
  const scope = globalThis as { FixedLengthStream?: unknown };
  scope.FixedLengthStream ??= class extends TransformStream {
    constructor(_length: number) {
      super();
    }
  };
});
afterAll(() => database.stop());

const HOUR = 3600 * 1000;

/** A context whose bucket records what is deleted, over an empty uploads table. */
async function cleanupContext() {
  const deleted: string[] = [];
  const photos = {
    async delete(keys: string | string[]) {
      deleted.push(...[keys].flat());
    },
  };
  const ctx = database.context({ photos: photos as unknown as R2Bucket });
  await ctx.db.delete(uploads);
  const ago = (hours: number) => new Date(ctx.now().getTime() - hours * HOUR).toISOString();
  const upload = (...list: [key: string, hoursAgo: number][]) =>
    ctx.db
      .insert(uploads)
      .values(
        list.map(([key, hoursAgo]) => ({ key, contentType: "image/jpeg", size: 1000, width: 800, height: 500, createdAt: ago(hoursAgo) })),
      );
  const remaining = async () => (await ctx.db.select({ key: uploads.key }).from(uploads)).map((row) => row.key).sort();
  return { ctx, deleted, upload, remaining };
}

describe("removeUnusedUploads", () => {
  it("removes uploads older than a day that no product or category shows, objects and rows", async () => {
    const { ctx, deleted, upload, remaining } = await cleanupContext();
    await upload(
      ["unused-old.jpg", 25],
      ["cover-photo.jpg", 48],
      ["second-photo.jpg", 48],
      ["small-copy.jpg", 48],
      ["category-photo.jpg", 48],
      ["unused-fresh.jpg", 23],
    );
    const [category] = await ctx.db
      .insert(categories)
      .values({ name: `Cleanup ${crypto.randomUUID()}`, image: "/images/category-photo.jpg" })
      .returning();
    const [car] = await ctx.db
      .insert(cars)
      .values({
        name: "Shown Car",
        originalPrice: 20000,
        resalePrice: 15000,
        location: "Dhaka",
        categoryId: category.id,
        condition: "Good",
        mobile: "+880 1711-000000",
        description: "Uses its photo.",
        purchaseYear: 2019,
        image: "/images/cover-photo.jpg",
        sellerName: "Seller",
        sellerEmail: "seller@example.test",
      })
      .returning();
    // A car's photos are its product_photos rows, cover included; products.image alone keeps nothing.
    await ctx.db.insert(carPhotos).values([
      { productId: car.id, position: 0, url: "/images/cover-photo.jpg" },
      { productId: car.id, position: 1, url: "/images/second-photo.jpg", smallUrl: "/images/small-copy.jpg" },
    ]);
    await upload(["only-products-image.jpg", 48]);
    await ctx.db.update(cars).set({ image: "/images/only-products-image.jpg" }).where(eq(cars.id, car.id));

    expect(await removeUnusedUploads(ctx)).toBe(2);
    expect(deleted.sort()).toEqual(["only-products-image.jpg", "unused-old.jpg"]);
    expect(await remaining()).toEqual(["category-photo.jpg", "cover-photo.jpg", "second-photo.jpg", "small-copy.jpg", "unused-fresh.jpg"]);
  });

  it("removes direct uploads never completed once a day old, with any object sent for them", async () => {
    const { ctx, deleted, remaining } = await cleanupContext();
    await ctx.db.delete(directUploads);
    const [user] = await ctx.db
      .insert(users)
      .values({ name: "Seller", email: `seller-${crypto.randomUUID()}@example.test`, role: "seller" })
      .returning();
    const pending = (key: string, hoursAgo: number) => {
      const createdAt = new Date(ctx.now().getTime() - hoursAgo * HOUR);
      return {
        key,
        uploaderId: user.id,
        contentType: "image/jpeg",
        size: 1000,
        createdAt: createdAt.toISOString(),
        expiresAt: createdAt.toISOString(),
      };
    };
    await ctx.db.insert(directUploads).values([pending("abandoned.jpg", 25), pending("in-progress.jpg", 1)]);

    expect(await removeUnusedUploads(ctx)).toBe(1);
    expect(deleted).toEqual(["pending/abandoned.jpg"]);
    expect((await ctx.db.select({ key: directUploads.key }).from(directUploads)).map((row) => row.key)).toEqual(["in-progress.jpg"]);
    expect(await remaining()).toEqual([]);
  });

  it(`removes at most ${CLEANUP_BATCH} a run, oldest first, and the rest on the next runs`, async () => {
    const { ctx, deleted, upload, remaining } = await cleanupContext();
    // old-000.jpg is the oldest, old-100.jpg the newest.
    await upload(
      ...Array.from(
        { length: CLEANUP_BATCH + 1 },
        (_, index) => [`old-${String(index).padStart(3, "0")}.jpg`, 100 - index / 10] as [string, number],
      ),
    );

    expect(await removeUnusedUploads(ctx)).toBe(CLEANUP_BATCH);
    expect(await remaining()).toEqual([`old-${CLEANUP_BATCH}.jpg`]);
    expect(await removeUnusedUploads(ctx)).toBe(1);
    expect(await removeUnusedUploads(ctx)).toBe(0);
    expect(deleted).toHaveLength(CLEANUP_BATCH + 1);
    expect(await remaining()).toEqual([]);
  });
});

describe("createWithPhoto", () => {
  /** A seller whose uploads land in a bucket that only remembers which keys it holds. */
  async function uploader() {
    const stored = new Set<string>();
    const photos = {
      async put(key: string, body: ReadableStream) {
        await new Response(body).arrayBuffer();
        stored.add(key);
      },
      async delete(key: string) {
        stored.delete(key);
      },
    };
    const ctx = database.context({ photos: photos as unknown as R2Bucket });
    const [user] = await ctx.db
      .insert(users)
      .values({ name: "Seller", email: `seller-${crypto.randomUUID()}@example.test`, role: "seller" })
      .returning();
    const rows = async () =>
      (await ctx.db.select({ key: uploads.key, uploaderId: uploads.uploaderId }).from(uploads)).filter((row) => row.uploaderId === user.id);
    return { ctx, userId: user.id, stored, rows };
  }

  it("creates with the stored photo's URL", async () => {
    const { ctx, userId, stored, rows } = await uploader();
    const photo = new Blob([await makeImage("png")], { type: "image/png" });
    const image = await createWithPhoto(ctx, userId, photo, async (url) => url);
    expect(image).toMatch(/^\/images\/.+\.png$/);
    expect([...stored]).toEqual([image.replace("/images/", "")]);
    expect(await rows()).toHaveLength(1);
  });

  it("removes the photo again when creating fails, and passes the refusal on", async () => {
    const { ctx, userId, stored, rows } = await uploader();
    const photo = new Blob([await makeImage("jpeg")], { type: "image/jpeg" });
    const refusal = new Conflict("A category with this name already exists");
    await expect(createWithPhoto(ctx, userId, photo, async () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect(stored.size).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it("reports a refused photo under the photo field, without creating anything", async () => {
    const { ctx, userId, stored } = await uploader();
    let created = false;
    const notAnImage = new Blob(["<html>not a photo</html>"], { type: "image/png" });
    const error = await createWithPhoto(ctx, userId, notAnImage, async () => (created = true)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(FieldRefused);
    expect(error).toMatchObject({ status: 415, issues: [{ path: "photo" }] });
    expect(created).toBe(false);
    expect(stored.size).toBe(0);
  });
});
