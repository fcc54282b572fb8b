// The seed's rendered photos, kept on disk between runs (under node_modules/.cache, which git
// ignores): rendering a hundred-odd JPEG pairs takes seconds, reading them back milliseconds, and
// every test run seeds a fresh template. Entries are named by a hash of the SVG and the render
// settings, so a changed drawing is simply a new entry; a cache that cannot be read or written
// only makes the seed render again.

import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { renderJpegPair, type PhotoPair } from "./photos.ts";

export const PHOTO_CACHE_DIR = path.resolve(import.meta.dirname, "../../node_modules/.cache/auto-reseller-seed");

// Raise when renderJpegPair's output changes for the same SVG (quality, sizes, encoder).
const RENDER_VERSION = "pair-1";

async function readEntry(file: string): Promise<PhotoPair | undefined> {
  try {
    const meta = JSON.parse(await readFile(`${file}.json`, "utf8")) as Omit<PhotoPair, "full" | "small">;
    const [full, small] = await Promise.all([readFile(`${file}.jpg`), readFile(`${file}-small.jpg`)]);
    return { ...meta, full: new Uint8Array(full), small: new Uint8Array(small) };
  } catch {
    return undefined;
  }
}

async function writeAtomically(file: string, data: Uint8Array | string) {
  const temporary = `${file}.${process.pid}.${crypto.randomUUID()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

/** renderJpegPair, from the cache when this exact SVG was rendered before. */
export async function renderJpegPairCached(svg: string, cacheDir = PHOTO_CACHE_DIR): Promise<PhotoPair> {
  const hash = createHash("sha256").update(RENDER_VERSION).update("\0").update(svg).digest("hex").slice(0, 40);
  const file = path.join(cacheDir, hash);
  const cached = await readEntry(file);
  if (cached) return cached;
  const pair = await renderJpegPair(svg);
  try {
    await mkdir(cacheDir, { recursive: true });
    const { full, small, ...meta } = pair;
    // The JSON goes last: an entry counts only once its images are complete.
    await writeAtomically(`${file}.jpg`, full);
    await writeAtomically(`${file}-small.jpg`, small);
    await writeAtomically(`${file}.json`, JSON.stringify(meta));
  } catch {
    // A read-only or full disk: the photo is rendered again next time.
  }
  return pair;
}
