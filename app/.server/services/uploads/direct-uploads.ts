import { and, eq } from "drizzle-orm";
import { isPhotoKey, MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, photoUrl } from "~/lib/shared/photo";
import { type DirectUploadRequest, PHOTO_TYPES, type PhotoType } from "~/lib/schemas/uploads";
import { enforce } from "../../auth/enforce";
import { consumeLimit, LIMITS } from "../../auth/rate-limits";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { directUploads, uploads } from "../../db/schema";
import { DomainError, NotFound, PayloadTooLarge, UnsupportedMediaType } from "../../errors";
import { type ImageFormat } from "../../storage/image-dimensions";
import { inspectStoredImage } from "../../storage/inspect-image";
import { newImageKey, recordUpload } from "../../storage/images";
import { copyObject, presignPut, uploadTarget, UPLOAD_URL_SECONDS } from "../../storage/presigned-put";
import { type UserRow } from "../users/users";

// Photos sent by the browser straight to R2 with a pre-signed PUT URL (docs/decisions/0009): the
// Worker hands out the URL and later checks what was stored from its head and a few ranged reads,
// then has R2 copy it to its served key: the photo's bytes never pass through the Worker.

const FORMATS: Record<PhotoType, ImageFormat> = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp", "image/avif": "avif" };
const NO_SUCH_UPLOAD = "No such upload";

export interface DirectUpload {
  key: string;
  uploadUrl: string;
  method: "PUT";
  headers: Record<string, string>;
  expiresAt: string;
}

/**
 * Where the browser's bytes land: under a prefix no /images/<key> URL can name, so nothing is
 * served before completion has checked it, and no upload URL can ever write a served photo.
 */
export const pendingObjectKey = (key: string) => `pending/${key}`;

const isPhotoType = (type: string): type is PhotoType => (PHOTO_TYPES as readonly string[]).includes(type);

/**
 * A pre-signed URL for one photo of the declared type and size, valid for 10 minutes: 415 for a
 * type the app does not store, 413 past 5 MiB, 429 past the uploader's daily uploads (the same
 * count as POST /api/images). The pending upload is recorded so that completing it, or the
 * clean-up, finds it.
 */
export async function startDirectUpload(ctx: AppContext, user: UserRow, request: DirectUploadRequest): Promise<DirectUpload> {
  enforce("upload:image", user);
  const { contentType, size } = request;
  if (!isPhotoType(contentType)) throw new UnsupportedMediaType("The photo must be a JPEG, PNG, WebP or AVIF image");
  if (size > MAX_PHOTO_BYTES) throw new PayloadTooLarge(PHOTO_TOO_LARGE);
  const target = uploadTarget(ctx);
  await consumeLimit(ctx, LIMITS.uploadsPerDay, user.id);
  const key = newImageKey(FORMATS[contentType]);
  const now = ctx.now();
  const signed = await presignPut(target, pendingObjectKey(key), { contentType, size }, now, UPLOAD_URL_SECONDS);
  await ctx.db.insert(directUploads).values({
    key,
    uploaderId: user.id,
    contentType,
    size,
    expiresAt: signed.expiresAt.toISOString(),
    createdAt: now.toISOString(),
  });
  return { key, uploadUrl: signed.url, method: "PUT", headers: signed.headers, expiresAt: signed.expiresAt.toISOString() };
}

/**
 * Checks what was stored for the caller's upload and makes it a photo of theirs: the object must
 * be there (404 "Nothing was uploaded"), at most 5 MiB (413) and one whole image of the declared
 * type (415); a refused object is removed, the upload stays pending until the clean-up. Another
 * user's upload, or an unknown key, is 404. Completing again answers the same URL, so a client
 * that lost the first answer may retry.
 */
export async function completeDirectUpload(ctx: AppContext, user: UserRow, key: string): Promise<string> {
  enforce("upload:image", user);
  if (!isPhotoKey(key)) throw new NotFound(NO_SUCH_UPLOAD);
  const [pending] = await ctx.db
    .select()
    .from(directUploads)
    .where(and(eq(directUploads.key, key), eq(directUploads.uploaderId, user.id)))
    .limit(1);
  if (!pending) {
    const [done] = await ctx.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(eq(uploads.key, key), eq(uploads.uploaderId, user.id)))
      .limit(1);
    if (done) return photoUrl(key);
    throw new NotFound(NO_SUCH_UPLOAD);
  }
  const staged = pendingObjectKey(key);
  const stored = await ctx.photos.head(staged);
  if (!stored) throw new NotFound("Nothing was uploaded");
  let image;
  try {
    image = await checkStoredPhoto(ctx.photos, stored, pending.contentType);
  } catch (error) {
    if (error instanceof DomainError) await ctx.photos.delete(staged);
    throw error;
  }
  await copyObject(uploadTarget(ctx), staged, key, ctx.now());
  try {
    await ctx.db.batch([
      ctx.db.delete(directUploads).where(eq(directUploads.key, key)),
      recordUpload(ctx, { key, uploaderId: user.id, size: stored.size, image }),
    ]);
  } catch (error) {
    // Completed by a request of the same user at the same moment: the photo is recorded.
    if (!isUniqueViolation(error)) {
      await ctx.photos.delete(key);
      throw error;
    }
  }
  await ctx.photos.delete(staged);
  return photoUrl(key);
}

/** The stored object's dimensions when it is one whole image of the declared type within 5 MiB. */
async function checkStoredPhoto(bucket: R2Bucket, stored: R2Object, declaredType: string) {
  if (stored.size > MAX_PHOTO_BYTES) throw new PayloadTooLarge(PHOTO_TOO_LARGE);
  const image = await inspectStoredImage(bucket, stored.key, stored.size);
  if (`image/${image.format}` !== declaredType || stored.httpMetadata?.contentType !== declaredType) {
    throw new UnsupportedMediaType(`The photo is not the ${declaredType} image it was declared as`);
  }
  return image;
}

/**
 * The pending upload a pre-signed URL was given for, while that URL may still be used (the local
 * stand-in's check; R2 itself knows only the signature).
 */
export async function openDirectUpload(ctx: AppContext, key: string) {
  const [pending] = await ctx.db.select().from(directUploads).where(eq(directUploads.key, key)).limit(1);
  return pending && pending.expiresAt > ctx.now().toISOString() ? pending : undefined;
}
