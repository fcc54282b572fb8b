import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { concatBytes, makeImage } from "../../../tests/support/images";
import { UnsupportedMediaType } from "../errors";
import { readImageDimensions } from "./image-dimensions";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function refusal(head: Uint8Array): string {
  try {
    readImageDimensions(head);
  } catch (error) {
    expect(error).toBeInstanceOf(UnsupportedMediaType);
    return (error as Error).message;
  }
  throw new Error("readImageDimensions accepted the bytes");
}

function isReadable(head: Uint8Array) {
  try {
    readImageDimensions(head);
    return true;
  } catch {
    return false;
  }
}

describe("readImageDimensions reads real images", () => {
  it.each([
    ["JPEG", () => makeImage("jpeg", { width: 37, height: 23 }), "jpeg"],
    ["PNG", () => makeImage("png", { width: 37, height: 23 }), "png"],
    ["PNG with alpha", () => makeImage("png", { width: 37, height: 23, alpha: true }), "png"],
    ["lossy WebP (VP8)", () => makeImage("webp", { width: 37, height: 23 }), "webp"],
    ["lossless WebP (VP8L)", () => makeImage("webp", { width: 37, height: 23, lossless: true }), "webp"],
    ["WebP with alpha (VP8X)", () => makeImage("webp", { width: 37, height: 23, alpha: true }), "webp"],
    ["AVIF", () => makeImage("avif", { width: 37, height: 23 }), "avif"],
  ])("%s", async (_label, make, format) => {
    expect(readImageDimensions(await make())).toEqual({ format, width: 37, height: 23 });
  });

  it("finds a JPEG's frame header behind camera metadata (EXIF and an ICC profile)", async () => {
    const photo = await sharp(await makeImage("jpeg", { width: 1200, height: 800 }))
      .withMetadata({ exif: { IFD0: { Make: "Test", Model: "Camera" } } })
      .withIccProfile("p3")
      .jpeg()
      .toBuffer();
    expect(readImageDimensions(new Uint8Array(photo))).toEqual({ format: "jpeg", width: 1200, height: 800 });
  });

  it("reads the primary item's size of a large AVIF", async () => {
    expect(readImageDimensions(await makeImage("avif", { width: 2000, height: 300 }))).toMatchObject({ width: 2000, height: 300 });
  });
});

describe("readImageDimensions refuses what is not an image header", () => {
  it("refuses text, SVG, GIF and other ISO media as not an image at all", () => {
    for (const text of ["hello, this is text", '<svg xmlns="http://www.w3.org/2000/svg"/>', "GIF89a-and-more"]) {
      expect(refusal(new TextEncoder().encode(text))).toBe("The photo must be a JPEG, PNG, WebP or AVIF image");
    }
    expect(refusal(concatBytes(new Uint8Array([0, 0, 0, 0x18]), "ftypmp42isom"))).toBe("The photo must be a JPEG, PNG, WebP or AVIF image");
    expect(refusal(new Uint8Array())).toBe("The photo must be a JPEG, PNG, WebP or AVIF image");
  });

  it("refuses a bare 16-byte WebP header", () => {
    expect(refusal(concatBytes("RIFF", new Uint8Array([8, 0, 0, 0]), "WEBPVP8 "))).toBe("The photo is a damaged or incomplete WebP file");
  });

  it("refuses a PNG or JPEG signature followed by HTML", () => {
    const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
    expect(refusal(concatBytes(new Uint8Array(PNG_SIGNATURE), html))).toBe("The photo is a damaged or incomplete PNG file");
    expect(refusal(concatBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), html))).toBe("The photo is a damaged or incomplete JPEG file");
  });

  it.each(["jpeg", "png", "webp", "avif"] as const)("refuses a %s cut off anywhere before its size is complete", async (format) => {
    const image = await makeImage(format);
    const view = new DataView(image.buffer);
    const frame = image.findIndex((byte, index) => byte === 0xff && image[index + 1] === 0xc0);
    const headerEnd = {
      jpeg: () => frame + 2 + view.getUint16(frame + 2), // the end of the SOF0 segment
      png: () => 33, // signature and IHDR
      webp: () => 30, // RIFF, WEBP and the VP8 frame header
      avif: () => view.getUint32(0) + view.getUint32(view.getUint32(0)), // ftyp, then meta
    }[format]();
    const shortestReadable = image.findIndex((_, length) => length > 0 && isReadable(image.slice(0, length)));
    expect(shortestReadable).toBe(headerEnd);
  });

  it("refuses a PNG whose IHDR checksum does not match", async () => {
    const png = await makeImage("png");
    png[20] ^= 0x01; // the height changes, the checksum does not
    expect(refusal(png)).toBe("The photo is a damaged or incomplete PNG file");
  });

  it("refuses sizes of 0 or above 16384 pixels a side", async () => {
    const jpeg = await makeImage("jpeg", { width: 10, height: 10 });
    const frame = jpeg.findIndex((byte, index) => byte === 0xff && jpeg[index + 1] === 0xc0);
    jpeg.set([0, 0], frame + 5); // height 0: "defined later", which a photo must not do
    expect(refusal(jpeg)).toBe("The photo must be 1 to 16384 pixels wide and high");

    const wide = new Uint8Array(
      await sharp({ create: { width: 16385, height: 1, channels: 3, background: "#fff" } })
        .png()
        .toBuffer(),
    );
    expect(refusal(wide)).toBe("The photo must be 1 to 16384 pixels wide and high");
  });
});
