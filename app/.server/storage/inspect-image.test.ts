import { describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../../scripts/seed/photos";
import { concatBytes, makeImage } from "../../../tests/support/images";
import { UnsupportedMediaType } from "../errors";
import { inspectImage } from "./inspect-image";

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
