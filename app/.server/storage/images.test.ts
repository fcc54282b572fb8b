import { describe, expect, it } from "vitest";
import { type AppContext } from "../context";
import { PayloadTooLarge, UnsupportedMediaType } from "../errors";
import { MAX_IMAGE_BYTES, sniffImage, storeImage } from "./images";

const bytes = (...values: (number | string)[]) =>
  new Uint8Array(values.flatMap((value) => (typeof value === "string" ? [...value].map((char) => char.charCodeAt(0)) : [value])));

describe("sniffImage", () => {
  it("recognises JPEG, PNG, WebP and AVIF by their first bytes", () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpg");
    expect(sniffImage(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("png");
    expect(sniffImage(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("webp");
    expect(sniffImage(bytes(0, 0, 0, 0x1c, "ftypavif"))).toBe("avif");
  });

  it("refuses text, SVG, GIF and other ISO media", () => {
    expect(sniffImage(bytes("hello, this is text"))).toBeNull();
    expect(sniffImage(bytes('<svg xmlns="http://'))).toBeNull();
    expect(sniffImage(bytes("GIF89a"))).toBeNull();
    expect(sniffImage(bytes(0, 0, 0, 0x18, "ftypmp42"))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe("storeImage", () => {
  // A recording stand-in for the bucket: this test is about what reaches storage, not R2 itself
  // (the integration tests upload to miniflare's R2 through the Worker).
  function contextWithBucket() {
    const puts: { key: string; contentType?: string; bytes: number }[] = [];
    const photos = {
      async put(key: string, body: ReadableStream, options: { httpMetadata: { contentType: string } }) {
        const bytes = (await new Response(body).arrayBuffer()).byteLength;
        puts.push({ key, contentType: options.httpMetadata.contentType, bytes });
      },
    };
    return { ctx: { photos } as unknown as AppContext, puts };
  }

  it("stores a real image under a random key with its sniffed type", async () => {
    // workerd's FixedLengthStream, as Node lacks it: a pass-through that knows its length.
    const scope = globalThis as { FixedLengthStream?: unknown };
    scope.FixedLengthStream ??= class extends TransformStream {
      constructor(_length: number) {
        super();
      }
    };
    const { ctx, puts } = contextWithBucket();
    const url = await storeImage(ctx, new Blob([bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, "rest-of-png")], { type: "image/jpeg" }));
    expect(url).toMatch(/^\/images\/[0-9a-f-]{36}\.png$/);
    expect(puts).toEqual([{ key: url.slice(8), contentType: "image/png", bytes: 19 }]);
  });

  it("stores nothing for a non-image or an oversize file", async () => {
    const { ctx, puts } = contextWithBucket();
    await expect(storeImage(ctx, new Blob(["plain text"]))).rejects.toBeInstanceOf(UnsupportedMediaType);
    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff]);
    await expect(storeImage(ctx, new Blob([huge]))).rejects.toBeInstanceOf(PayloadTooLarge);
    expect(puts).toEqual([]);
  });
});
