import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ANGLES, CAR_BODIES, carPhotoSvg, categorySvg, renderJpeg, renderJpegPair, renderWebp } from "./photos.ts";
import type { CarBody } from "./photos.ts";

const isJpeg = (b: Uint8Array) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

function expectSafeSvg(svg: string) {
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg).toContain('viewBox="0 0 800 500"');
  expect(svg.toLowerCase()).not.toContain("<script");
  expect(svg).not.toMatch(/\bon[a-z]+\s*=/i); // no event handler attributes
  expect(svg).not.toMatch(/href\s*=\s*["']\s*(https?:)?\/\//i);
  expect(svg).not.toMatch(/url\(\s*["']?\s*(https?:)?\/\//i);
  expect(svg).not.toContain("<text"); // no font dependency
  expect(svg).not.toContain("<image");
}

describe("carPhotoSvg + renderJpeg", () => {
  it.each(CAR_BODIES)("%s renders a small 800x500 JPEG", async (body: CarBody) => {
    const svg = carPhotoSvg({ body, color: "#c62828", seed: 42 });
    expectSafeSvg(svg);
    const jpeg = await renderJpeg(svg);
    expect(jpeg).toBeInstanceOf(Uint8Array);
    expect(isJpeg(jpeg)).toBe(true);
    const meta = await sharp(jpeg).metadata();
    expect(meta.format).toBe("jpeg");
    expect([meta.width, meta.height]).toEqual([800, 500]);
    expect(jpeg.byteLength).toBeLessThan(120 * 1024);
  });

  it.each(CAR_BODIES)("%s is deterministic for the same seed and differs by colour", async (body: CarBody) => {
    const a = await renderJpeg(carPhotoSvg({ body, color: "#1e5bb8", seed: 7 }));
    const b = await renderJpeg(carPhotoSvg({ body, color: "#1e5bb8", seed: 7 }));
    const c = await renderJpeg(carPhotoSvg({ body, color: "#2e7d4f", seed: 7 }));
    expect(same(a, b)).toBe(true);
    expect(same(a, c)).toBe(false);
  });

  it("produces the same SVG for the same options and varies details by seed", () => {
    const opts = { body: "sedan" as const, color: "#777777", background: "city" as const };
    expect(carPhotoSvg({ ...opts, seed: 3 })).toBe(carPhotoSvg({ ...opts, seed: 3 }));
    const variants = new Set([1, 2, 3, 4, 5].map((seed) => carPhotoSvg({ ...opts, seed })));
    expect(variants.size).toBe(5);
  });

  it("draws different silhouettes per body type", () => {
    const svgs = new Set(CAR_BODIES.map((body) => carPhotoSvg({ body, color: "#777", background: "road", seed: 1 })));
    expect(svgs.size).toBe(CAR_BODIES.length);
  });

  it.each(["city", "road", "showroom"] as const)("renders the %s background", async (background) => {
    const svg = carPhotoSvg({ body: "suv", color: "silver", background, seed: 9 });
    expectSafeSvg(svg);
    const jpeg = await renderJpeg(svg);
    expect(isJpeg(jpeg)).toBe(true);
    expect(jpeg.byteLength).toBeLessThan(120 * 1024);
  });

  it("cannot be used to inject markup through the colour", () => {
    const svg = carPhotoSvg({ body: "coupe", color: '"/><script>alert(1)</script>', seed: 1 });
    expectSafeSvg(svg);
    expect(svg.replace(/<title>[^<]*<\/title>/, "")).not.toContain("alert");
    expect(svg).toContain("&#60;script&#62;"); // only ever present escaped, inside <title>
  });

  it("honours width and quality options", async () => {
    const svg = carPhotoSvg({ body: "hatchback", color: "#e8722c", seed: 5 });
    const small = await renderJpeg(svg, { width: 400, quality: 60 });
    expect(await sharp(small).metadata()).toMatchObject({ width: 400, height: 250 });
    const big = await renderJpeg(svg, { width: 1200 });
    expect(await sharp(big).metadata()).toMatchObject({ width: 1200, height: 750 });
  });
});

describe("angles", () => {
  it.each(ANGLES)("the %s view renders a safe, deterministic SVG for every body", (angle) => {
    const svgs = CAR_BODIES.map((body) => carPhotoSvg({ body, color: "#1e5bb8", background: "road", seed: 4, angle }));
    for (const svg of svgs) expectSafeSvg(svg);
    expect(carPhotoSvg({ body: "suv", color: "#1e5bb8", seed: 4, angle })).toBe(
      carPhotoSvg({ body: "suv", color: "#1e5bb8", seed: 4, angle }),
    );
    // The cabin looks the same whatever the body; the outside views differ per body.
    expect(new Set(svgs.map((svg) => svg.replace(/<title>[^<]*<\/title>/, ""))).size).toBe(angle === "interior" ? 1 : CAR_BODIES.length);
  });

  it("draws each angle differently and paints the car in its colour", () => {
    const views = ANGLES.map((angle) => carPhotoSvg({ body: "sedan", color: "#b3262b", background: "city", seed: 2, angle }));
    expect(new Set(views).size).toBe(ANGLES.length);
    for (const view of views.slice(0, 3)) expect(view).toContain("#b3262b");
    expect(carPhotoSvg({ body: "sedan", color: "#c9b48f", seed: 2, angle: "interior" })).toContain("#c9b48f");
  });

  it("keeps markup out of the colour in every view", () => {
    for (const angle of ANGLES) {
      const svg = carPhotoSvg({ body: "van", color: '"/><script>alert(1)</script>', seed: 1, angle });
      expectSafeSvg(svg);
      expect(svg.replace(/<title>[^<]*<\/title>/, "")).not.toContain("alert");
    }
  });
});

describe("renderJpegPair", () => {
  it("renders an 800x500 photo and its 480x300 small copy, deterministically", async () => {
    const svg = carPhotoSvg({ body: "van", color: "#f2f4f5", seed: 8, angle: "front" });
    const pair = await renderJpegPair(svg);
    expect(pair).toMatchObject({ width: 800, height: 500, smallWidth: 480, smallHeight: 300 });
    expect(isJpeg(pair.full) && isJpeg(pair.small)).toBe(true);
    expect(await sharp(pair.full).metadata()).toMatchObject({ width: 800, height: 500 });
    expect(await sharp(pair.small).metadata()).toMatchObject({ width: 480, height: 300 });
    expect(pair.small.byteLength).toBeLessThan(pair.full.byteLength);
    expect(pair.full.byteLength).toBeLessThan(120 * 1024);
    const again = await renderJpegPair(svg);
    expect(same(pair.full, again.full) && same(pair.small, again.small)).toBe(true);
  });
});

describe("renderWebp", () => {
  it("renders a deterministic 800x500 WebP", async () => {
    const svg = carPhotoSvg({ body: "pickup", color: "#23262b", seed: 11 });
    const a = await renderWebp(svg);
    const b = await renderWebp(svg);
    expect(Buffer.from(a.subarray(0, 4)).toString("latin1")).toBe("RIFF");
    expect(Buffer.from(a.subarray(8, 12)).toString("latin1")).toBe("WEBP");
    expect(same(a, b)).toBe(true);
    expect(await sharp(a).metadata()).toMatchObject({ format: "webp", width: 800, height: 500 });
  });
});

describe("categorySvg", () => {
  it.each(CAR_BODIES)("%s category tile renders and escapes the title", async (body: CarBody) => {
    const svg = categorySvg({ title: `Best <${body}> & co`, body, color: "#1e5bb8" });
    expectSafeSvg(svg);
    expect(svg).not.toContain(`<${body}>`);
    const jpeg = await renderJpeg(svg);
    expect(isJpeg(jpeg)).toBe(true);
    expect(await sharp(jpeg).metadata()).toMatchObject({ width: 800, height: 500 });
    expect(jpeg.byteLength).toBeLessThan(120 * 1024);
    expect(same(jpeg, await renderJpeg(categorySvg({ title: `Best <${body}> & co`, body, color: "#1e5bb8" })))).toBe(true);
  });
});
