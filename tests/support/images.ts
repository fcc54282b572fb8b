import sharp from "sharp";

export type TestImageFormat = "jpeg" | "png" | "webp" | "avif";

export interface TestImageOptions {
  width?: number;
  height?: number;
  /** A fourth channel (PNG and WebP keep it; WebP then writes an extended, VP8X, file). */
  alpha?: boolean;
  lossless?: boolean;
}

/**
 * A real image made by sharp: a deterministic pattern (so the compressed bytes are not trivial),
 * in any of the accepted formats.
 */
export async function makeImage(format: TestImageFormat, options: TestImageOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width = 64, height = 48, alpha = false, lossless = false } = options;
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let index = 0; index < pixels.length; index++) {
    const pixel = Math.floor(index / channels);
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    pixels[index] = (x * 7 + y * 13 + (index % channels) * 50) & 0xff;
  }
  const image = sharp(pixels, { raw: { width, height, channels } });
  const encoders = {
    jpeg: () => image.jpeg(),
    png: () => image.png(),
    webp: () => image.webp({ lossless }),
    avif: () => image.avif({ effort: 0 }), // the fastest: AVIF encoding is slow
  };
  const encoded = await encoders[format]().toBuffer();
  return new Uint8Array(encoded);
}

export function concatBytes(...parts: (Uint8Array | string)[]): Uint8Array<ArrayBuffer> {
  const arrays = parts.map((part) => (typeof part === "string" ? new TextEncoder().encode(part) : part));
  const joined = new Uint8Array(arrays.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of arrays) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
