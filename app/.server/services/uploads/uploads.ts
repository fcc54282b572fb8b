import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { categories, directUploads, carPhotos, uploads } from "../../db/schema";
import { DomainError, FieldRefused } from "../../errors";
import { deleteImage, storeImage } from "../../storage/images";
import { pendingObjectKey } from "./direct-uploads";

/** Photos are used within minutes of their upload; one nothing uses after a day never will be. */
export const UNUSED_UPLOAD_AGE_MS = 24 * 3600 * 1000;

/**
 * At most this many are removed per run, so a run stays short and small (one R2 bulk delete
 * takes up to 1,000 keys); runs every 10 minutes remove 14,400 a day and work off a backlog over a few runs.
 */
export const CLEANUP_BATCH = 100;

/**
 * Removes uploads older than a day that no car's photos (cover, others, small copies) and no
 * category show, and direct uploads never completed within a day (with whatever was sent for
 * them): the R2 objects first, then their rows, so a failed run leaves rows behind for the next
 * run rather than lost objects. Each kind is one indexed batch of at most CLEANUP_BATCH. Returns
 * how many were removed.
 */
export async function removeUnusedUploads(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - UNUSED_UPLOAD_AGE_MS).toISOString();
  const url = sql`'/images/' || ${uploads.key}`;
  const [unused, abandoned] = await Promise.all([
    ctx.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(
        and(
          lt(uploads.createdAt, cutoff),
          notExists(ctx.db.select({ id: carPhotos.productId }).from(carPhotos).where(eq(carPhotos.url, url))),
          notExists(ctx.db.select({ id: carPhotos.productId }).from(carPhotos).where(eq(carPhotos.smallUrl, url))),
          notExists(ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.image, url))),
        ),
      )
      .orderBy(uploads.createdAt)
      .limit(CLEANUP_BATCH),
    ctx.db
      .select({ key: directUploads.key })
      .from(directUploads)
      .where(lt(directUploads.createdAt, cutoff))
      .orderBy(directUploads.createdAt)
      .limit(CLEANUP_BATCH),
  ]);
  const keys = unused.map((upload) => upload.key);
  const abandonedKeys = abandoned.map((upload) => upload.key);
  if (keys.length + abandonedKeys.length === 0) return 0;
  await ctx.photos.delete([...keys, ...abandonedKeys.map(pendingObjectKey)]);
  // An empty list matches nothing.
  await ctx.db.batch([
    ctx.db.delete(uploads).where(inArray(uploads.key, keys)),
    ctx.db.delete(directUploads).where(inArray(directUploads.key, abandonedKeys)),
  ]);
  return keys.length + abandonedKeys.length;
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

/** A photo uploaded on its own (POST /api/images) for a listing or category to use later: its URL. Unused, it goes after a day. */
export function uploadPhoto(ctx: AppContext, uploaderId: string, photo: Blob): Promise<string> {
  return storeImage(ctx, uploaderId, photo);
}
