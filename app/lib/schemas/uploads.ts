import * as v from "valibot";
import { PHOTO_KEY_PATTERN } from "../shared/photo";

// Photos sent straight to object storage (POST /api/images/uploads): what a browser may ask to upload.

/** The photo types the app stores, as their MIME types. */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/**
 * `{ contentType, size }` of the photo about to be uploaded. Any content type and any whole number
 * of bytes pass here: the service answers 415 for a type it does not store and 413 past 5 MiB.
 */
export const directUploadSchema = v.object({
  contentType: v.pipe(
    v.string("Send the photo's content type"),
    v.trim(),
    v.toLowerCase(),
    v.nonEmpty("Send the photo's content type"),
    v.maxLength(100, "Send the photo's content type"),
  ),
  size: v.pipe(
    v.number("Send the photo's size in bytes"),
    v.integer("Send the photo's size in bytes"),
    v.minValue(1, "The photo is empty"),
  ),
});
export type DirectUploadRequest = v.InferOutput<typeof directUploadSchema>;

/** A key of POST /api/images/uploads: a random id and the declared type's extension. */
export const uploadKeyParams = v.object({
  key: v.pipe(v.string(), v.regex(PHOTO_KEY_PATTERN, "Not an upload key")),
});
