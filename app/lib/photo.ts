import { type ProductPhoto } from "./types";

/** The width of a photo's small copy (made in the browser before upload, downscale-image.ts). */
export const SMALL_WIDTH = 480;

/** The size a photo is laid out at when its own is not known (the 8:5 of cards and category tiles). */
export const FALLBACK_PHOTO_SIZE = { width: 800, height: 500 };

/**
 * An <img>'s source and size for a stored photo: the small copy and the photo itself as `srcSet`
 * (the browser picks one by the slot's `sizes`), and a width and height so the page keeps the
 * photo's place before it arrives. A photo of unknown size is taken as 800×500.
 */
export function photoSources(photo: ProductPhoto) {
  const width = photo.width ?? FALLBACK_PHOTO_SIZE.width;
  const height = photo.height ?? FALLBACK_PHOTO_SIZE.height;
  const smallWidth = Math.min(SMALL_WIDTH, width);
  const srcSet = photo.smallUrl && smallWidth < width ? `${photo.smallUrl} ${smallWidth}w, ${photo.url} ${width}w` : undefined;
  return { src: photo.url, srcSet, width, height };
}
