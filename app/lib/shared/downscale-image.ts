import { SMALL_WIDTH } from "./photo";

const MAX_EDGE = 1600;

/** The browser's decode of an image file, or undefined when it cannot decode it. */
async function decode(file: Blob): Promise<ImageBitmap | undefined> {
  if (!file.type.startsWith("image/") || typeof createImageBitmap !== "function") return undefined;
  try {
    return await createImageBitmap(file);
  } catch {
    return undefined;
  }
}

/** Draws the bitmap scaled (and closes it), encoded as `type`; null when the browser cannot. */
async function encodeScaled(bitmap: ImageBitmap, scale: number, type: string, quality: number): Promise<Blob | null> {
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext("2d")!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

const EXTENSIONS: Record<string, string> = { "image/png": ".png", "image/jpeg": ".jpg", "image/webp": ".webp" };
const renamed = (file: File, type: string) => file.name.replace(/\.[^.]+$/, "") + (EXTENSIONS[type] ?? "");

/**
 * Shrinks a photo whose longer side exceeds 1600 px before upload (browser only), keeping its
 * aspect ratio. Smaller photos, and anything the browser cannot decode, are returned unchanged.
 */
export async function downscaleImage(file: File, maxEdge = MAX_EDGE): Promise<File> {
  const bitmap = await decode(file);
  if (!bitmap) return file;
  const scale = maxEdge / Math.max(bitmap.width, bitmap.height);
  if (scale >= 1) {
    bitmap.close();
    return file;
  }
  const type = file.type === "image/png" ? "image/png" : "image/jpeg";
  const blob = await encodeScaled(bitmap, scale, type, 0.88);
  if (!blob) return file;
  return new File([blob], renamed(file, type), { type });
}

/**
 * A small copy of a photo, `width` px wide (never wider than the photo), in WebP or JPEG: JPEG
 * when asked, or when the browser cannot write WebP (Safari's canvas then gives PNG). Undefined
 * when the browser cannot decode or encode the photo.
 */
export async function smallCopy(
  file: File,
  width = SMALL_WIDTH,
  type: "image/webp" | "image/jpeg" = "image/webp",
): Promise<File | undefined> {
  const bitmap = await decode(file);
  if (!bitmap) return undefined;
  const scale = Math.min(1, width / bitmap.width);
  const copy = () => createImageBitmap(bitmap);
  let blob = await encodeScaled(await copy(), scale, type, 0.8);
  if (blob && blob.type !== type) blob = await encodeScaled(await copy(), scale, "image/jpeg", 0.8);
  bitmap.close();
  if (!blob || !EXTENSIONS[blob.type]) return undefined;
  return new File([blob], renamed(file, blob.type).replace(/(\.\w+)$/, "-small$1"), { type: blob.type });
}

/** A photo's width and height as the browser decodes it; undefined when it cannot. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  const bitmap = await decode(file);
  if (!bitmap) return undefined;
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}
