import { UnsupportedMediaType } from "../errors";

// Reads an image's format and size from its header, far enough to be sure the header is real:
// magic bytes alone let a few bytes of "PNG" in front of a web page pass for a photo.

export type ImageFormat = "jpeg" | "png" | "webp" | "avif";

export interface ImageDimensions {
  format: ImageFormat;
  width: number;
  height: number;
}

interface Size {
  width: number;
  height: number;
}

/**
 * How far into a file its size may lie. Cameras put metadata before a JPEG's frame header
 * (EXIF with a thumbnail, an ICC profile, XMP), at most 64 KiB a segment; a few of them fit.
 */
export const HEADER_BYTES = 256 * 1024;

/**
 * The longest side accepted: WebP's own limit (16383) rounded up. Far above the 1600 px the
 * browser shrinks photos to, and it keeps a small compressed file from decoding into gigabytes.
 */
export const MAX_SIDE = 16384;

export const NOT_AN_IMAGE = "The photo must be a JPEG, PNG, WebP or AVIF image";

const LABELS: Record<ImageFormat, string> = { jpeg: "JPEG", png: "PNG", webp: "WebP", avif: "AVIF" };

export function damagedImage(format: ImageFormat) {
  return new UnsupportedMediaType(`The photo is a damaged or incomplete ${LABELS[format]} file`);
}

/** The format and size from a file's first bytes (up to HEADER_BYTES); 415 unless they are a well-formed header. */
export function readImageDimensions(head: Uint8Array): ImageDimensions {
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const format = detectFormat(view);
  if (!format) throw new UnsupportedMediaType(NOT_AN_IMAGE);
  const size = readSize(format, view);
  if (!size) throw damagedImage(format);
  if (!isSensible(size.width) || !isSensible(size.height)) {
    throw new UnsupportedMediaType(`The photo must be 1 to ${MAX_SIDE} pixels wide and high`);
  }
  return { format, ...size };
}

function detectFormat(view: DataView): ImageFormat | null {
  if (view.byteLength < 12) return null;
  if (view.getUint16(0) === 0xffd8 && view.getUint8(2) === 0xff) return "jpeg";
  if (view.getUint32(0) === 0x89504e47 && view.getUint32(4) === 0x0d0a1a0a) return "png";
  if (ascii(view, 0, 4) === "RIFF" && ascii(view, 8, 4) === "WEBP") return "webp";
  // ISO-BMFF: ....ftyp followed by the brand; AVIF images and sequences.
  if (ascii(view, 4, 4) === "ftyp" && ["avif", "avis"].includes(ascii(view, 8, 4))) return "avif";
  return null;
}

function readSize(format: ImageFormat, view: DataView): Size | null {
  try {
    return { jpeg: jpegSize, png: pngSize, webp: webpSize, avif: avifSize }[format](view);
  } catch (error) {
    // A read past the bytes at hand: the header is cut short (or claims lengths it does not have).
    if (error instanceof RangeError) return null;
    throw error;
  }
}

const isSensible = (side: number) => side >= 1 && side <= MAX_SIDE;

function ascii(view: DataView, offset: number, length: number) {
  let text = "";
  for (let index = 0; index < length; index++) text += String.fromCharCode(view.getUint8(offset + index));
  return text;
}

// ---- JPEG: the segments after SOI, up to a start-of-frame (SOFn) segment ----

function jpegSize(view: DataView): Size | null {
  let offset = 2;
  for (;;) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Scan data or the end before any frame header: no size.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = view.getUint16(offset + 2);
    if (length < 2 || offset + 2 + length > view.byteLength) return null;
    if (isStartOfFrame(marker)) {
      const components = view.getUint8(offset + 9);
      if (length !== 8 + 3 * components) return null;
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    }
    offset += 2 + length;
  }
}

// C0–CF are frame headers, except C4 (Huffman tables), C8 (reserved) and CC (arithmetic coding).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

// ---- PNG: the signature, then an IHDR chunk of 13 bytes with a matching checksum ----

function pngSize(view: DataView): Size | null {
  if (view.getUint32(8) !== 13 || ascii(view, 12, 4) !== "IHDR") return null;
  if (crc32(new Uint8Array(view.buffer, view.byteOffset + 12, 17)) !== view.getUint32(29)) return null;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  return crc >>> 0;
});

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// ---- WebP: RIFF chunks; a lossy (VP8) or lossless (VP8L) image, or an extended one (VP8X) ----

function webpSize(view: DataView): Size | null {
  const first = ascii(view, 12, 4);
  if (first === "VP8 ") return vp8Size(view, 20);
  if (first === "VP8L") return vp8lSize(view, 20);
  if (first !== "VP8X" || view.getUint32(16, true) !== 10) return null;
  const canvas = { width: 1 + uint24(view, 24), height: 1 + uint24(view, 27) };
  // The canvas is only real when an image follows (ICC profile, animation and alpha chunks may come first).
  for (let offset = 30; ; offset += 8 + padded(view.getUint32(offset + 4, true))) {
    const type = ascii(view, offset, 4);
    if (type === "ANMF") return canvas;
    if (type === "VP8 " || type === "VP8L") {
      const frame = type === "VP8 " ? vp8Size(view, offset + 8) : vp8lSize(view, offset + 8);
      return frame?.width === canvas.width && frame.height === canvas.height ? canvas : null;
    }
  }
}

const padded = (size: number) => size + (size & 1);
const uint24 = (view: DataView, offset: number) => view.getUint16(offset, true) | (view.getUint8(offset + 2) << 16);

function vp8Size(view: DataView, offset: number): Size | null {
  // A key frame (bit 0 clear), then the start code 9d 01 2a and two 14-bit sides.
  const keyFrame = (view.getUint8(offset) & 1) === 0;
  const startCode = view.getUint16(offset + 3) === 0x9d01 && view.getUint8(offset + 5) === 0x2a;
  if (!keyFrame || !startCode) return null;
  return { width: view.getUint16(offset + 6, true) & 0x3fff, height: view.getUint16(offset + 8, true) & 0x3fff };
}

function vp8lSize(view: DataView, offset: number): Size | null {
  // The signature 0x2f, then 14 bits of width - 1, 14 of height - 1, 1 alpha hint and a 3-bit version 0.
  if (view.getUint8(offset) !== 0x2f) return null;
  const bits = view.getUint32(offset + 1, true);
  if (bits >>> 29 !== 0) return null;
  return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
}

// ---- AVIF: ISO-BMFF boxes; the primary item's image spatial extents (meta → iprp → ipco → ispe) ----

interface Box {
  type: string;
  /** Where the box's content starts (after its header) and where the box ends. */
  start: number;
  end: number;
}

/** The boxes between start and end; a box running past the bytes at hand ends the list. */
function boxesIn(view: DataView, start: number, end: number): Box[] {
  const boxes: Box[] = [];
  for (let offset = start; offset + 8 <= end;) {
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(offset + 8));
      header = 16;
    } else if (size === 0) {
      size = end - offset; // to the end of the enclosing space
    }
    if (size < header || offset + size > end) break;
    boxes.push({ type: ascii(view, offset + 4, 4), start: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** The first box of a type inside a parent, after `skip` bytes of the parent's own fields. */
const child = (view: DataView, parent: Box | undefined, type: string, skip = 0) =>
  parent && boxesIn(view, parent.start + skip, parent.end).find((box) => box.type === type);

function avifSize(view: DataView): Size | null {
  // The top-level meta box must lie wholly in the header (encoders put it before the pixel data).
  const meta = boxesIn(view, 0, view.byteLength).find((box) => box.type === "meta");
  // meta and pitm are full boxes: 4 bytes of version and flags before their content.
  const pitm = child(view, meta, "pitm", 4);
  const iprp = child(view, meta, "iprp", 4);
  const ipco = child(view, iprp, "ipco");
  const ipma = child(view, iprp, "ipma");
  if (!pitm || !ipco || !ipma) return null;
  const primaryItem = view.getUint8(pitm.start) === 0 ? view.getUint16(pitm.start + 4) : view.getUint32(pitm.start + 4);
  const properties = boxesIn(view, ipco.start, ipco.end);
  const ispe = propertiesOf(view, ipma, primaryItem)
    .map((index) => properties[index - 1])
    .find((property) => property?.type === "ispe");
  if (!ispe) return null;
  // ispe is a full box too: version and flags, then width and height.
  return { width: view.getUint32(ispe.start + 4), height: view.getUint32(ispe.start + 8) };
}

/** The 1-based indexes into ipco of the properties ipma associates with an item. */
function propertiesOf(view: DataView, ipma: Box, item: number): number[] {
  const version = view.getUint8(ipma.start);
  const wideIndexes = (view.getUint8(ipma.start + 3) & 1) === 1;
  let offset = ipma.start + 4;
  const entries = view.getUint32(offset);
  offset += 4;
  for (let entry = 0; entry < entries; entry++) {
    const id = version < 1 ? view.getUint16(offset) : view.getUint32(offset);
    offset += version < 1 ? 2 : 4;
    const count = view.getUint8(offset);
    offset += 1;
    const indexes: number[] = [];
    for (let association = 0; association < count; association++) {
      // The top bit marks the property essential; the rest is the index.
      indexes.push(wideIndexes ? view.getUint16(offset) & 0x7fff : view.getUint8(offset) & 0x7f);
      offset += wideIndexes ? 2 : 1;
    }
    if (offset > ipma.end) return [];
    if (id === item) return indexes;
  }
  return [];
}
