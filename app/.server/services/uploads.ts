import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { type AppContext } from "../context";
import { categories, products, uploads } from "../db/schema";
import { DomainError, FieldRefused } from "../errors";
import { deleteImage, storeImage } from "../storage/images";

/** Photos are used within minutes of their upload; one nothing uses after a day never will be. */
export const UNUSED_UPLOAD_AGE_MS = 24 * 3600 * 1000;

/**
 * At most this many are removed per run, so a run stays short and small (one R2 bulk delete
 * takes up to 1,000 keys); runs every 10 minutes remove 14,400 a day and work off a backlog over a few runs.
 */
export const CLEANUP_BATCH = 100;

/**
 * Removes uploads older than a day that no product or category shows: the R2 objects first,
 * then their rows, so a failed run leaves rows behind for the next run rather than lost objects.
 * Returns how many were removed.
 */
export async function removeUnusedUploads(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - UNUSED_UPLOAD_AGE_MS).toISOString();
  const url = sql`'/images/' || ${uploads.key}`;
  const unused = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        notExists(ctx.db.select({ id: products.id }).from(products).where(eq(products.image, url))),
        notExists(ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.image, url))),
      ),
    )
    .orderBy(uploads.createdAt)
    .limit(CLEANUP_BATCH);
  const keys = unused.map((upload) => upload.key);
  if (keys.length === 0) return 0;
  await ctx.photos.delete(keys);
  await ctx.db.delete(uploads).where(inArray(uploads.key, keys));
  return keys.length;
}

/**
 * Stores the photo of something new (a car, a category), creates it with the photo's URL, and
 * removes the photo again when creating fails, so nothing is left for the clean-up. A refused
 * photo (too large, not an image, over the daily limit) is reported under the form's photo field.
 */
export async function createWithPhoto<T>(
  ctx: AppContext,
  uploaderId: string,
  photo: Blob,
  create: (image: string) => Promise<T>,
): Promise<T> {
  let image: string;
  try {
    image = await storeImage(ctx, uploaderId, photo);
  } catch (error) {
    throw error instanceof DomainError ? new FieldRefused("photo", error) : error;
  }
  try {
    return await create(image);
  } catch (error) {
    await deleteImage(ctx, image);
    throw error;
  }
}
