// A stored photo's rules, for both sides: its largest size, what its key looks like and the URL it
// is served at (/images/<key>). Everything that checks a photo key or URL uses these.

/** The largest photo the app stores, however it arrives (POST /api/images or straight to R2). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
export const PHOTO_TOO_LARGE = "The photo must be at most 5 MiB";

const PHOTO_PATH = "/images/";
const KEY = String.raw`[A-Za-z0-9_-]{8,80}\.(jpg|png|webp|avif)`;

/** A photo's key in the bucket: a random id and its format's extension. */
export const PHOTO_KEY_PATTERN = new RegExp(`^${KEY}$`);

/** A photo's URL on this origin (schemas check input with it). */
export const PHOTO_URL_PATTERN = new RegExp(`^${PHOTO_PATH}${KEY}$`);

export const isPhotoKey = (key: string) => PHOTO_KEY_PATTERN.test(key);

/** The URL a stored photo is served at. */
export const photoUrl = (key: string) => `${PHOTO_PATH}${key}`;

/** The key of a photo URL this app issued; undefined for anything else. */
export function photoKeyOf(url: string): string | undefined {
  const key = url.startsWith(PHOTO_PATH) ? url.slice(PHOTO_PATH.length) : "";
  return isPhotoKey(key) ? key : undefined;
}

/** The width of a photo's small copy (made in the browser before upload, downscale-image.ts). */
export const SMALL_WIDTH = 480;

/** The size a photo is laid out at when its own is not known (the 8:5 of cards and category tiles). */
export const FALLBACK_PHOTO_SIZE = { width: 800, height: 500 };

/**
 * An <img>'s source and size for a stored photo: the small copy and the photo itself as `srcSet`
 * (the browser picks one by the slot's `sizes`), and a width and height so the page keeps the
 * photo's place before it arrives. A photo of unknown size is taken as 800×500.
 */
export function photoSources(photo: { url: string; smallUrl: string | null; width: number | null; height: number | null }) {
  const width = photo.width ?? FALLBACK_PHOTO_SIZE.width;
  const height = photo.height ?? FALLBACK_PHOTO_SIZE.height;
  const smallWidth = Math.min(SMALL_WIDTH, width);
  const srcSet = photo.smallUrl && smallWidth < width ? `${photo.smallUrl} ${smallWidth}w, ${photo.url} ${width}w` : undefined;
  return { src: photo.url, srcSet, width, height };
}
