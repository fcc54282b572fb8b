import { eq } from "drizzle-orm";
import { consumeLimit, LIMITS } from "../auth/rate-limits";
import { type AppContext } from "../context";
import { uploads } from "../db/schema";
import { PayloadTooLarge } from "../errors";
import { isPhotoKey, MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, photoKeyOf, photoUrl } from "~/lib/shared/photo";
import { type ImageDimensions, type ImageFormat } from "./image-dimensions";
import { inspectImage } from "./inspect-image";

const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", png: "png", webp: "webp", avif: "avif" };

/**
 * Stores an uploaded photo in R2 under a new random key with its real content type, records it
 * (uploader, size, dimensions) for layout and the clean-up of unused uploads, and returns its URL.
 * Oversize → 413; not one whole JPEG/PNG/WebP/AVIF image of sensible dimensions → 415; past the
 * uploader's daily limit → 429; nothing is stored then. The file is streamed to R2 rather than
 * copied again in memory.
 */
export async function storeImage(ctx: AppContext, uploaderId: string, file: Blob): Promise<string> {
  if (file.size > MAX_PHOTO_BYTES) throw new PayloadTooLarge(PHOTO_TOO_LARGE);
  const image = await inspectImage(file);
  await consumeLimit(ctx, LIMITS.uploadsPerDay, uploaderId);
  const key = newImageKey(image.format);
  const contentType = `image/${image.format}`;
  await ctx.photos.put(key, file.stream().pipeThrough(new FixedLengthStream(file.size)), { httpMetadata: { contentType } });
  try {
    await recordUpload(ctx, { key, uploaderId, size: file.size, image });
  } catch (error) {
    // Without its row the clean-up would never find the photo.
    await ctx.photos.delete(key);
    throw error;
  }
  return photoUrl(key);
}

/** A new random key for a photo of this format: `<uuid>.<ext>`. */
export function newImageKey(format: ImageFormat): string {
  return `${crypto.randomUUID()}.${EXTENSIONS[format]}`;
}

/**
 * Records a stored photo (uploader, size, dimensions) for layout and the clean-up of unused
 * uploads: a query to await, or to send in a batch with other writes.
 */
export function recordUpload(ctx: AppContext, upload: { key: string; uploaderId: string; size: number; image: ImageDimensions }) {
  const { key, uploaderId, size, image } = upload;
  return ctx.db.insert(uploads).values({
    key,
    uploaderId,
    contentType: `image/${image.format}`,
    size,
    width: image.width,
    height: image.height,
    createdAt: ctx.now().toISOString(),
  });
}

/** True when the URL names a photo this app stored. */
export async function imageExists(ctx: AppContext, url: string): Promise<boolean> {
  const key = photoKeyOf(url);
  return key !== undefined && (await ctx.photos.head(key)) !== null;
}

export interface StoredImage {
  body: ReadableStream;
  contentType: string;
  etag: string;
  size: number;
}

/** Reads a photo by its key; undefined when there is none (or the key is not one of ours). */
export async function readImage(ctx: AppContext, key: string): Promise<StoredImage | undefined> {
  if (!isPhotoKey(key)) return undefined;
  const object = await ctx.photos.get(key);
  if (!object) return undefined;
  return {
    body: object.body,
    contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
    etag: object.httpEtag,
    size: object.size,
  };
}

/** The stored ETag when the client's If-None-Match still matches it (answer 304). */
export async function imageMatches(ctx: AppContext, key: string, ifNoneMatch: string): Promise<string | undefined> {
  if (!isPhotoKey(key)) return undefined;
  const head = await ctx.photos.head(key);
  if (!head) return undefined;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes(head.httpEtag) || tags.includes("*") ? head.httpEtag : undefined;
}

/** Removes a stored photo and its record again (e.g. when the listing it was uploaded for is refused). */
export async function deleteImage(ctx: AppContext, url: string): Promise<void> {
  const key = photoKeyOf(url);
  if (key === undefined) return;
  await ctx.photos.delete(key);
  await ctx.db.delete(uploads).where(eq(uploads.key, key));
}
