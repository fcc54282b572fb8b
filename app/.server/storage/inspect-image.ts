import { UnsupportedMediaType } from "../errors";
import { damagedImage, HEADER_BYTES, type ImageDimensions, type ImageFormat, readImageDimensions } from "./image-dimensions";

/** Some stored bytes, read a range at a time: a file in memory, or an object in R2. */
interface ByteSource {
  size: number;
  read(start: number, length: number): Promise<Uint8Array>;
}

/**
 * Checks that an uploaded file is one whole image and nothing else, and returns its format and
 * size: a well-formed header with sensible dimensions, a file that ends where its format says
 * it ends (not cut short, nothing appended), and no HTML anywhere in it (a polyglot a browser
 * could be talked into reading as a page). 415 otherwise. Reads the file in slices, never whole.
 */
export async function inspectImage(file: Blob): Promise<ImageDimensions> {
  const source: ByteSource = {
    size: file.size,
    read: async (start, length) => new Uint8Array(await file.slice(start, start + length).arrayBuffer()),
  };
  const image = await inspectHeaderAndEnd(source);
  if (await containsMarkup(source)) throw new UnsupportedMediaType("The photo must be a plain image, without HTML inside");
  return image;
}

/**
 * The same check of a photo stored in R2 (one sent straight to the bucket), from ranged reads of
 * its header and its end only: the Worker never pulls the photo through. Its markup is not scanned:
 * it is served only with its checked image type and `nosniff`, so no browser reads it as a page.
 */
export async function inspectStoredImage(bucket: R2Bucket, key: string, size: number): Promise<ImageDimensions> {
  return inspectHeaderAndEnd({
    size,
    async read(start, length) {
      if (start >= size) return new Uint8Array();
      const object = await bucket.get(key, { range: { offset: start, length: Math.min(length, size - start) } });
      return object ? new Uint8Array(await object.arrayBuffer()) : new Uint8Array();
    },
  });
}

async function inspectHeaderAndEnd(source: ByteSource): Promise<ImageDimensions> {
  const image = readImageDimensions(await source.read(0, HEADER_BYTES));
  if (!(await endsWhereItShould(image.format, source))) throw damagedImage(image.format);
  return image;
}

const JPEG_END = [0xff, 0xd9];
// A PNG's last chunk: IEND, empty, with its fixed checksum.
const PNG_END = [0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82];

async function endsWhereItShould(format: ImageFormat, file: ByteSource): Promise<boolean> {
  const endsWith = async (expected: number[]) => {
    if (file.size < expected.length) return false;
    const tail = await file.read(file.size - expected.length, expected.length);
    return expected.every((byte, index) => tail[index] === byte);
  };
  if (format === "jpeg") return endsWith(JPEG_END);
  if (format === "png") return endsWith(PNG_END);
  // RIFF gives the length of everything after its first 8 bytes.
  if (format === "webp") return new DataView((await file.read(4, 4)).slice().buffer).getUint32(0, true) + 8 === file.size;
  return boxesFillFile(file);
}

/** True when the file is a run of ISO-BMFF boxes that ends exactly at its last byte. */
async function boxesFillFile(file: ByteSource): Promise<boolean> {
  let offset = 0;
  // An AVIF has a handful of top-level boxes (ftyp, meta, mdat, maybe free); more is not an image.
  for (let boxes = 0; offset < file.size && boxes < 32; boxes++) {
    const header = (await file.read(offset, 16)).slice();
    if (header.length < 8) return false;
    const view = new DataView(header.buffer);
    let size = view.getUint32(0);
    if (size === 1) size = header.length === 16 ? Number(view.getBigUint64(8)) : 0;
    else if (size === 0) size = file.size - offset; // the last box runs to the end of the file
    if (size < 8) return false;
    offset += size;
  }
  return offset === file.size;
}

// Tags browsers' content sniffing takes for HTML (WHATWG MIME Sniffing), followed by a space,
// "/" or ">". Only ones of 4+ letters: shorter ones turn up by chance in compressed pixels.
const TAGS = ["!doctype html", "html", "head", "body", "script", "iframe", "style", "title", "table"].map((tag) =>
  [...tag].map((char) => char.charCodeAt(0)),
);
const SLICE_BYTES = 256 * 1024;
const LONGEST_TAG = 1 + Math.max(...TAGS.map((tag) => tag.length)) + 1;

async function containsMarkup(file: ByteSource): Promise<boolean> {
  for (let start = 0; start < file.size; start += SLICE_BYTES) {
    // Slices overlap by a tag's length, so a tag across a boundary is still seen.
    if (hasTag(await file.read(start, SLICE_BYTES + LONGEST_TAG))) return true;
  }
  return false;
}

function hasTag(bytes: Uint8Array): boolean {
  for (let at = bytes.indexOf(0x3c); at !== -1; at = bytes.indexOf(0x3c, at + 1)) {
    if (TAGS.some((tag) => tagAt(bytes, at + 1, tag))) return true;
  }
  return false;
}

function tagAt(bytes: Uint8Array, at: number, tag: number[]): boolean {
  const lowerCase = (byte: number) => (byte >= 0x41 && byte <= 0x5a ? byte + 0x20 : byte);
  if (!tag.every((char, index) => lowerCase(bytes[at + index]) === char)) return false;
  return [0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x2f, 0x3e].includes(bytes[at + tag.length]);
}
