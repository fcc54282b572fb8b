import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../../scripts/seed/photos";
import { concatBytes, makeImage } from "../../../tests/support/images";
import { UnsupportedMediaType } from "../errors";
import { HEADER_BYTES } from "./image-dimensions";
import { inspectImage, inspectStoredImage } from "./inspect-image";

const FORMATS = ["jpeg", "png", "webp", "avif"] as const;
const HTML = "<html><body><script>fetch('/api/jwt')</script></body></html>";

async function refusal(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const error = await inspectImage(new Blob([bytes])).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(UnsupportedMediaType);
  return (error as Error).message;
}

/** A PNG chunk (its checksum is not checked past IHDR, so zeros do). */
function pngChunk(type: string, data: string | Uint8Array) {
  const body = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, body.length);
  return concatBytes(length, type, body, new Uint8Array(4));
}

/** The PNG with a chunk added just before its final IEND chunk. */
const withChunkBeforeEnd = (png: Uint8Array, chunk: Uint8Array) => concatBytes(png.slice(0, -12), chunk, png.slice(-12));

describe("inspectImage", () => {
  it.each(FORMATS)("accepts a whole %s and gives its size", async (format) => {
    expect(await inspectImage(new Blob([await makeImage(format, { width: 40, height: 30 })]))).toEqual({ format, width: 40, height: 30 });
  });

  it("accepts the demo car photos (no HTML found by chance in their pixels)", async () => {
    for (const seed of [1, 2, 3]) {
      const jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#0f766e", seed }), { width: 1600 });
      expect(await inspectImage(new Blob([jpeg]))).toMatchObject({ format: "jpeg", width: 1600 });
    }
  });

  it.each(FORMATS)("refuses a %s cut short", async (format) => {
    const image = await makeImage(format, { width: 200, height: 150 });
    for (const length of [image.length - 1, Math.floor(image.length / 2)]) {
      expect(await refusal(image.slice(0, length))).toMatch(/^The photo is a damaged or incomplete/);
    }
  });

  it.each(FORMATS)("refuses a %s followed by a web page", async (format) => {
    expect(await refusal(concatBytes(await makeImage(format), HTML))).toMatch(/^The photo is a damaged or incomplete/);
  });

  it("refuses a well-formed image that carries HTML inside (a JPEG comment, a PNG text chunk)", async () => {
    const jpeg = await makeImage("jpeg");
    const comment = concatBytes(new Uint8Array([0xff, 0xfe, 0, HTML.length + 2]), HTML);
    expect(await refusal(concatBytes(jpeg.slice(0, 2), comment, jpeg.slice(2)))).toBe(
      "The photo must be a plain image, without HTML inside",
    );

    const png = await makeImage("png");
    expect(await refusal(withChunkBeforeEnd(png, pngChunk("tEXt", `Comment\0<!DOCTYPE html>${HTML}`)))).toBe(
      "The photo must be a plain image, without HTML inside",
    );
  });

  it("finds HTML anywhere in a large file, also across the slices it reads", async () => {
    const png = await makeImage("png");
    const chunkDataStart = png.length - 12 + 8;
    // "<SCRIPT" starts 3 bytes before the end of the first 256 KiB slice, then far later.
    for (const tagAt of [256 * 1024 - 3, 1024 * 1024]) {
      const filler = new Uint8Array(tagAt - chunkDataStart).fill(0x61);
      expect(await refusal(withChunkBeforeEnd(png, pngChunk("tEXt", concatBytes(filler, "<SCRIPT>alert(1)</SCRIPT>"))))).toBe(
        "The photo must be a plain image, without HTML inside",
      );
    }
  });

  it("accepts a text chunk that only looks like markup in parts", async () => {
    const png = await makeImage("png");
    const chunk = pngChunk("tEXt", "Comment\0a <b> c<d <htm <scripts> <br> <a href=x>");
    expect(await inspectImage(new Blob([withChunkBeforeEnd(png, chunk)]))).toMatchObject({ format: "png" });
  });
});

describe("inspectStoredImage (a photo sent straight to R2)", () => {
  let miniflare: Miniflare;
  let bucket: R2Bucket;
  beforeAll(async () => {
    miniflare = new Miniflare(
      convertV4MiniflareOptions({ modules: true, script: "export default { fetch: () => new Response() }", r2Buckets: ["PHOTOS"] }),
    );
    bucket = (await miniflare.getR2Bucket("PHOTOS")) as unknown as R2Bucket;
  });
  afterAll(() => miniflare.dispose());

  /** The bucket, counting what each read asks for: a read without a range would bring the whole photo. */
  function observed() {
    const reads: (R2Range | "whole")[] = [];
    const watching = {
      get: (key: string, options?: R2GetOptions) => {
        reads.push((options?.range as R2Range | undefined) ?? "whole");
        return bucket.get(key, options);
      },
    } as unknown as R2Bucket;
    const bytesRead = () =>
      reads.reduce((sum, range) => sum + (range === "whole" ? Infinity : ((range as { length?: number }).length ?? Infinity)), 0);
    return { watching, reads, bytesRead };
  }

  it.each(FORMATS)("checks a %s from its header and its end, never reading the whole photo", async (format) => {
    // Noise compresses badly: a photo of a few MB, written with the encoders' fastest settings.
    const noise = sharp({
      create: { width: 1500, height: 1200, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 40 } },
    });
    const encoded = { jpeg: () => noise.jpeg({ quality: 95 }), png: () => noise.png({ compressionLevel: 1 }) };
    const more = { webp: () => noise.webp({ quality: 95, effort: 0 }), avif: () => noise.avif({ quality: 95, effort: 0 }) };
    const photo = await { ...encoded, ...more }[format]().toBuffer();
    expect(photo.length).toBeGreaterThan(HEADER_BYTES * 2);
    await bucket.put(`photo.${format}`, photo);
    const { watching, reads, bytesRead } = observed();
    expect(await inspectStoredImage(watching, `photo.${format}`, photo.length)).toEqual({ format, width: 1500, height: 1200 });
    expect(reads).not.toContain("whole");
    expect(bytesRead()).toBeLessThanOrEqual(HEADER_BYTES + 1024);
  });

  it("refuses a photo cut short or with bytes appended, as for an upload in memory", async () => {
    const jpeg = await makeImage("jpeg", { width: 40, height: 30 });
    await bucket.put("cut.jpg", jpeg.slice(0, -10));
    await bucket.put("appended.jpg", concatBytes(jpeg, "trailing bytes"));
    for (const [key, size] of [
      ["cut.jpg", jpeg.length - 10],
      ["appended.jpg", jpeg.length + 14],
    ] as const) {
      const error = await inspectStoredImage(bucket, key, size).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnsupportedMediaType);
      expect((error as Error).message).toBe("The photo is a damaged or incomplete JPEG file");
    }
  });
});
