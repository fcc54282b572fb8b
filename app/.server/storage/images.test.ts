import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { concatBytes, makeImage } from "../../../tests/support/images";
import { startTestDatabase } from "../../../tests/support/test-database";
import { LIMITS } from "../auth/rate-limits";
import { rateLimits, uploads, users } from "../db/schema";
import { PayloadTooLarge, TooManyRequests, UnsupportedMediaType } from "../errors";
import { MAX_PHOTO_BYTES } from "~/lib/shared/photo";
import { storeImage } from "./images";

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

// A recording stand-in for the bucket: these tests are about what reaches storage, not R2 itself
// (the integration tests upload to miniflare's R2 through the Worker).
async function uploaderWithBucket() {
  const objects = new Map<string, { contentType?: string; bytes: number }>();
  const photos = {
    async put(key: string, body: ReadableStream, options: { httpMetadata: { contentType: string } }) {
      objects.set(key, { contentType: options.httpMetadata.contentType, bytes: (await new Response(body).arrayBuffer()).byteLength });
    },
    async delete(key: string) {
      objects.delete(key);
    },
  };
  const ctx = database.context({ photos: photos as unknown as R2Bucket });
  const [user] = await ctx.db
    .insert(users)
    .values({ name: "Uploader", email: `uploader-${crypto.randomUUID()}@example.test`, role: "seller" })
    .returning();
  const rows = () =>
    ctx.db
      .select()
      .from(uploads)
      .where(sql`${uploads.uploaderId} = ${user.id}`);
  return { ctx, userId: user.id, objects, rows };
}

describe("storeImage", () => {
  it("stores a real image under a random key with its type, and records its size and dimensions", async () => {
    const { ctx, userId, objects, rows } = await uploaderWithBucket();
    const png = await makeImage("png", { width: 40, height: 30 });
    const url = await storeImage(ctx, userId, new Blob([png], { type: "image/jpeg" }));
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    const key = url.slice("/images/".length);
    expect(Object.fromEntries(objects)).toEqual({ [key]: { contentType: "image/png", bytes: png.length } });
    expect(await rows()).toEqual([
      { key, uploaderId: userId, contentType: "image/png", size: png.length, width: 40, height: 30, createdAt: ctx.now().toISOString() },
    ]);
  });

  it("stores and records nothing for a non-image, a polyglot or an oversize file", async () => {
    const { ctx, userId, objects, rows } = await uploaderWithBucket();
    await expect(storeImage(ctx, userId, new Blob(["plain text"]))).rejects.toBeInstanceOf(UnsupportedMediaType);
    const polyglot = concatBytes(await makeImage("png"), "<html><script>alert(1)</script></html>");
    await expect(storeImage(ctx, userId, new Blob([polyglot]))).rejects.toBeInstanceOf(UnsupportedMediaType);
    const huge = new Uint8Array(MAX_PHOTO_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff]);
    await expect(storeImage(ctx, userId, new Blob([huge]))).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(objects.size).toBe(0);
    expect(await rows()).toEqual([]);
  });

  it("refuses uploads past the daily limit before storing anything", async () => {
    const { ctx, userId, objects, rows } = await uploaderWithBucket();
    const resetAt = Math.floor(ctx.now().getTime() / 1000) + 3600;
    await ctx.db.insert(rateLimits).values({ key: `${LIMITS.uploadsPerDay.name}:${userId}`, count: LIMITS.uploadsPerDay.max - 1, resetAt });
    const jpeg = new Blob([await makeImage("jpeg")]);
    await storeImage(ctx, userId, jpeg);
    await expect(storeImage(ctx, userId, jpeg)).rejects.toBeInstanceOf(TooManyRequests);
    expect(objects.size).toBe(1);
    expect(await rows()).toHaveLength(1);
  });

  it("removes the stored object again when its record cannot be written", async () => {
    const { ctx, objects } = await uploaderWithBucket();
    // An uploader who does not exist breaks the record's foreign key.
    await expect(storeImage(ctx, crypto.randomUUID(), new Blob([await makeImage("webp")]))).rejects.toThrow();
    expect(objects.size).toBe(0);
  });
});
