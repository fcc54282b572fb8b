import { type AppContext } from "../context";
import { PayloadTooLarge, UnsupportedMediaType } from "../errors";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,80}\.(jpg|png|webp|avif)$/;

const TYPES = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
} as const;
type Extension = keyof typeof TYPES;

/** The image type by its first bytes (magic numbers); the name and declared type are not trusted. */
export function sniffImage(head: Uint8Array): Extension | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...head.slice(start, end));
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "jpg";
  if (head.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, index) => head[index] === byte)) return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // ISO-BMFF: ....ftyp followed by the brand; AVIF images and sequences.
  if (ascii(4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(8, 12))) return "avif";
  return null;
}

/**
 * Stores an uploaded photo in R2 under a new random key with its real content type and returns
 * its URL. Oversize → 413, not a JPEG/PNG/WebP/AVIF → 415; nothing is stored then. The file is
 * streamed to R2 rather than copied again in memory.
 */
export async function storeImage(ctx: AppContext, file: Blob): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw new PayloadTooLarge("The photo must be at most 5 MiB");
  const extension = sniffImage(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  if (!extension) throw new UnsupportedMediaType("The photo must be a JPEG, PNG, WebP or AVIF image");
  const key = `${crypto.randomUUID()}.${extension}`;
  await ctx.photos.put(key, file.stream().pipeThrough(new FixedLengthStream(file.size)), {
    httpMetadata: { contentType: TYPES[extension] },
  });
  return `/images/${key}`;
}

/** True when the URL names a photo this app stored. */
export async function imageExists(ctx: AppContext, url: string): Promise<boolean> {
  const key = url.replace(/^\/images\//, "");
  return KEY_PATTERN.test(key) && (await ctx.photos.head(key)) !== null;
}

export interface StoredImage {
  body: ReadableStream;
  contentType: string;
  etag: string;
  size: number;
}

/** Reads a photo by its key; undefined when there is none (or the key is not one of ours). */
export async function readImage(ctx: AppContext, key: string): Promise<StoredImage | undefined> {
  if (!KEY_PATTERN.test(key)) return undefined;
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
  if (!KEY_PATTERN.test(key)) return undefined;
  const head = await ctx.photos.head(key);
  if (!head) return undefined;
  const tags = ifNoneMatch.split(",").map((tag) => tag.trim().replace(/^W\//, ""));
  return tags.includes(head.httpEtag) || tags.includes("*") ? head.httpEtag : undefined;
}

/** Removes a stored photo again (e.g. when the listing it was uploaded for is refused). */
export async function deleteImage(ctx: AppContext, url: string): Promise<void> {
  const key = url.replace(/^\/images\//, "");
  if (KEY_PATTERN.test(key)) await ctx.photos.delete(key);
}
