import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { renderJpegPairCached } from "./photo-cache.ts";
import { carPhotoSvg, renderJpegPair } from "./photos.ts";

const dirs: string[] = [];
const cacheDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "seed-photo-cache-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe("renderJpegPairCached", () => {
  it("renders once, then answers the same pair from disk", async () => {
    const dir = cacheDir();
    const svg = carPhotoSvg({ body: "pickup", color: "#6d4c35", seed: 3, angle: "rear" });
    const first = await renderJpegPairCached(svg, dir);
    expect(same(first.full, (await renderJpegPair(svg)).full)).toBe(true);
    const files = readdirSync(dir).sort();
    expect(files).toHaveLength(3);
    expect(files.some((file) => file.endsWith(".tmp"))).toBe(false);

    // Prove the second answer comes from the cache: change the stored photo and read it back.
    const photo = files.find((file) => file.endsWith(".jpg") && !file.endsWith("-small.jpg"))!;
    writeFileSync(path.join(dir, photo), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const second = await renderJpegPairCached(svg, dir);
    expect([...second.full]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    expect(same(second.small, first.small)).toBe(true);
    expect(second).toMatchObject({ width: 800, height: 500, smallWidth: 480, smallHeight: 300 });
  });

  it("keeps different drawings apart and renders again when an entry is incomplete", async () => {
    const dir = cacheDir();
    const a = carPhotoSvg({ body: "sedan", color: "#f2f4f5", seed: 1 });
    const b = carPhotoSvg({ body: "sedan", color: "#23262b", seed: 1 });
    await renderJpegPairCached(a, dir);
    await renderJpegPairCached(b, dir);
    expect(readdirSync(dir)).toHaveLength(6);
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) rmSync(path.join(dir, file));
    const again = await renderJpegPairCached(a, dir);
    expect(same(again.full, (await renderJpegPair(a)).full)).toBe(true);
  });

  it("still answers when the cache cannot be written", async () => {
    const file = path.join(cacheDir(), "not-a-directory");
    writeFileSync(file, "");
    const pair = await renderJpegPairCached(carPhotoSvg({ body: "coupe", color: "red", seed: 2 }), file);
    expect(pair.width).toBe(800);
  });
});
