// Generated demo photos: flat-design side-view cars and category tiles,
// drawn as SVG and rasterised with sharp. Nothing is downloaded and no text is
// rendered, so the output does not depend on installed fonts.

import sharp from "sharp";
import { drawCar, GROUND, luminance, parseColor, rng, shade } from "./car-shapes.ts";
import type { CarBody } from "./car-shapes.ts";
import { drawCarHeadOn, drawInterior } from "./car-views.ts";

export type { CarBody } from "./car-shapes.ts";
export type Scene = "city" | "road" | "showroom";
/** Where the photo is taken from: the side (facing right), head-on front or rear, or the cabin. */
export type Angle = "side" | "front" | "rear" | "interior";

export const CAR_BODIES: readonly CarBody[] = ["sedan", "suv", "hatchback", "pickup", "coupe", "van"];
export const ANGLES: readonly Angle[] = ["side", "front", "rear", "interior"];

const W = 800;
const H = 500;
const f = (n: number) => (Math.round(n * 10) / 10).toString();
const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function svgDoc(defs: string, body: string, title?: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    (title ? `<title>${escapeXml(title)}</title>` : "") +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

function cloud(x: number, y: number, s: number): string {
  const parts: Array<[number, number, number]> = [
    [0, 0, 22],
    [26, -12, 28],
    [56, -2, 22],
    [30, 6, 22],
  ];
  return `<g fill="#fff" opacity="0.85">${parts.map(([dx, dy, r]) => `<circle cx="${f(x + dx * s)}" cy="${f(y + dy * s)}" r="${f(r * s)}"/>`).join("")}</g>`;
}

function skyDefs(id: string, top: string, bottom: string): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
}

function cityScene(rand: () => number): { defs: string; back: string } {
  const defs =
    skyDefs("sky", pick(rand, ["#6fa8dc", "#7fb3e6", "#8ab8e0"]), "#e3f0fa") +
    skyDefs("road", "#5a6069", "#3d4249") +
    `<pattern id="win" width="16" height="20" patternUnits="userSpaceOnUse">` +
    `<rect x="4" y="5" width="8" height="10" fill="#e4edf6" opacity="0.7"/></pattern>`;
  let back = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  back += cloud(90 + rand() * 160, 70 + rand() * 30, 0.9) + cloud(480 + rand() * 200, 50 + rand() * 40, 0.7);
  for (const [tone, minH, maxH, windows] of [
    ["#bccadb", 120, 230, false],
    ["#94a7bd", 60, 170, true],
  ] as const) {
    let x = -20 + rand() * 20;
    while (x < W) {
      const w = 50 + rand() * 60;
      const h = minH + rand() * (maxH - minH);
      const y = 334 - h;
      back += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${tone}"/>`;
      if (windows) back += `<rect x="${f(x + 4)}" y="${f(y + 8)}" width="${f(w - 8)}" height="${f(h - 16)}" fill="url(#win)"/>`;
      x += w + (windows ? 14 + rand() * 30 : 2);
    }
  }
  back += `<rect y="334" width="${W}" height="40" fill="#cdd2d8"/><rect y="370" width="${W}" height="8" fill="#9da4ad"/>`;
  back += `<rect y="378" width="${W}" height="${H - 378}" fill="url(#road)"/>`;
  for (let x = -30 + rand() * 40; x < W; x += 120)
    back += `<rect x="${f(x)}" y="466" width="64" height="8" rx="2" fill="#eef0f2" opacity="0.85"/>`;
  return { defs, back };
}

function roadScene(rand: () => number): { defs: string; back: string } {
  const defs = skyDefs("sky", pick(rand, ["#86bde8", "#9cc9ee", "#79b0de"]), "#f4ecdc") + skyDefs("road", "#62676e", "#43474d");
  let back = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  back += `<circle cx="${f(560 + rand() * 160)}" cy="${f(80 + rand() * 40)}" r="34" fill="#fff4c9" opacity="0.9"/>`;
  back += cloud(60 + rand() * 200, 80 + rand() * 40, 0.8);
  for (const [tone, base, amp] of [
    ["#a9c2b6", 300, 70],
    ["#86b07f", 330, 40],
  ] as const) {
    let d = `M0 ${H}L0 ${base}`;
    for (let x = 0; x <= W; x += 200) {
      const peak = base - amp * (0.4 + rand() * 0.6);
      d += `Q${x + 100} ${f(peak)} ${x + 200} ${f(base - rand() * amp * 0.3)}`;
    }
    back += `<path d="${d}L${W} ${H}Z" fill="${tone}"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const x = 30 + rand() * 740;
    const s = 0.7 + rand() * 0.5;
    back += `<rect x="${f(x - 3 * s)}" y="${f(344 - 26 * s)}" width="${f(6 * s)}" height="${f(26 * s)}" fill="#6b5440"/>`;
    back +=
      `<g fill="#4f8a4f"><circle cx="${f(x)}" cy="${f(344 - 44 * s)}" r="${f(16 * s)}"/>` +
      `<circle cx="${f(x - 10 * s)}" cy="${f(344 - 32 * s)}" r="${f(13 * s)}"/><circle cx="${f(x + 10 * s)}" cy="${f(344 - 31 * s)}" r="${f(14 * s)}"/></g>`;
  }
  back += `<rect y="344" width="${W}" height="34" fill="#93c06f"/>`;
  back += `<rect y="372" width="${W}" height="${H - 372}" fill="url(#road)"/><rect y="380" width="${W}" height="5" fill="#f1f1ec"/>`;
  for (let x = -40 + rand() * 40; x < W; x += 110) back += `<rect x="${f(x)}" y="464" width="60" height="7" rx="2" fill="#f2d04b"/>`;
  return { defs, back };
}

function showroomScene(rand: () => number): { defs: string; back: string } {
  const defs =
    skyDefs("wall", "#f4f6f8", "#dde2e8") +
    skyDefs("floor", "#c7ccd4", "#eceef1") +
    `<radialGradient id="spot" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="floorClip"><rect y="${GROUND}" width="${W}" height="${H - GROUND}"/></clipPath>`;
  const panel = 140 + Math.floor(rand() * 3) * 20;
  let back = `<rect width="${W}" height="${H}" fill="url(#wall)"/>`;
  for (let x = panel / 2; x < W; x += panel) back += `<rect x="${f(x)}" y="0" width="3" height="330" fill="#cfd5dc"/>`;
  back += `<rect x="0" y="36" width="${W}" height="10" fill="#e9ecf0"/>`;
  for (let x = 100; x < W; x += 200) back += `<ellipse cx="${x}" cy="46" rx="26" ry="6" fill="#fffbe8"/>`;
  back += `<ellipse cx="400" cy="250" rx="380" ry="170" fill="url(#spot)"/>`;
  back += `<rect y="330" width="${W}" height="${H - 330}" fill="url(#floor)"/><rect y="326" width="${W}" height="8" fill="#aab1ba"/>`;
  for (let i = -6; i <= 6; i++)
    back += `<path d="M${400 + i * 70} 334L${400 + i * 190} ${H}" stroke="#b8bec7" stroke-width="1.5" opacity="0.7"/>`;
  for (const y of [360, 400, 452]) back += `<rect y="${y}" width="${W}" height="1.5" fill="#b8bec7" opacity="0.7"/>`;
  return { defs, back };
}

/**
 * A car in a simple flat-design scene, as an 800x500 SVG string: from the side by default, or
 * head-on from the front or rear, or its cabin (`color` is then the upholstery's colour).
 */
export function carPhotoSvg(options: { body: CarBody; color: string; background?: Scene; seed: number; angle?: Angle }): string {
  const { body, color, seed, angle = "side" } = options;
  if (angle === "interior") {
    const { defs, content } = drawInterior(color, seed);
    return svgDoc(defs, content, `${color} ${body} interior`);
  }
  const rand = rng(seed);
  const scene = options.background ?? pick(rand, ["city", "road", "showroom"] as const);
  const { defs: sceneDefs, back } = scene === "city" ? cityScene(rand) : scene === "road" ? roadScene(rand) : showroomScene(rand);
  const { defs, shadow, car } = angle === "side" ? drawCar(body, color, seed) : drawCarHeadOn(body, color, angle, seed);
  const offset = angle === "side" ? Math.round((rand() - 0.5) * 30) : 0;
  let content = back;
  if (scene === "showroom") {
    // faint mirror image of the car on the glossy floor
    content += `<g clip-path="url(#floorClip)"><g transform="translate(${offset} ${GROUND * 2}) scale(1 -1)" opacity="0.14">${car}</g></g>`;
  }
  content += `<g transform="translate(${offset} 0)">${shadow}${car}</g>`;
  return svgDoc(sceneDefs + defs, content, angle === "side" ? `${color} ${body}` : `${color} ${body} ${angle}`);
}

/** Category tile: the body shape on a soft tinted background. */
export function categorySvg(options: { title: string; body: CarBody; color: string }): string {
  const paint = parseColor(options.color);
  // very light paint would vanish on its own tint: use a neutral slate tile instead
  const c = luminance(paint) > 0.8 ? parseColor("#6f8499") : paint;
  let seed = 7;
  for (const ch of options.title + options.body) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
  const rand = rng(seed);
  const defs =
    `<linearGradient id="tile" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(c, 0.9)}"/>` +
    `<stop offset="1" stop-color="${shade(c, 0.7)}"/></linearGradient>`;
  const { defs: carDefs, shadow, car } = drawCar(options.body, options.color, seed);
  let content = `<rect width="${W}" height="${H}" fill="url(#tile)"/>`;
  content += `<circle cx="${f(560 + rand() * 120)}" cy="${f(120 + rand() * 40)}" r="190" fill="#fff" opacity="0.35"/>`;
  content += `<circle cx="${f(120 + rand() * 80)}" cy="${f(60 + rand() * 40)}" r="90" fill="#fff" opacity="0.25"/>`;
  content += `<rect x="0" y="392" width="${W}" height="${H - 392}" fill="${shade(c, 0.6)}" opacity="0.6"/>`;
  content += `<g transform="translate(48 30) scale(0.88)">${shadow}${car}</g>`;
  return svgDoc(carDefs + defs, content, options.title);
}

export interface RenderOptions {
  width?: number;
  quality?: number;
}

function rasterise(svg: string, width: number) {
  const svgWidth = Number(/<svg[^>]*\swidth="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? W);
  // render the vector at the target resolution instead of upscaling pixels
  const density = Math.min(2400, Math.max(1, (72 * width) / svgWidth));
  return sharp(Buffer.from(svg), { density }).resize(width);
}

/** Rasterise an SVG to JPEG (default 800px wide, quality 82). Deterministic. */
export async function renderJpeg(svg: string, options: RenderOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width = W, quality = 82 } = options;
  const buf = await rasterise(svg, width).flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer();
  return new Uint8Array(buf);
}

export interface PhotoPair {
  full: Uint8Array<ArrayBuffer>;
  small: Uint8Array<ArrayBuffer>;
  width: number;
  height: number;
  smallWidth: number;
  smallHeight: number;
}

/**
 * Rasterises an SVG once (800 px wide) and encodes it twice: the photo and its small copy for
 * cards (480 px wide by default), both JPEG. Cheaper than rendering the vector twice, and without
 * mozjpeg (a fifth of the time for a fifth more bytes), since the seed renders a hundred or more.
 */
export async function renderJpegPair(svg: string, options: { smallWidth?: number } = {}): Promise<PhotoPair> {
  const smallWidth = options.smallWidth ?? 480;
  const { data, info } = await rasterise(svg, W).flatten({ background: "#ffffff" }).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [full, small] = await Promise.all([
    sharp(data, raw).jpeg({ quality: 82 }).toBuffer(),
    sharp(data, raw).resize(smallWidth).jpeg({ quality: 78 }).toBuffer({ resolveWithObject: true }),
  ]);
  return {
    full: new Uint8Array(full),
    small: new Uint8Array(small.data),
    width: info.width,
    height: info.height,
    smallWidth: small.info.width,
    smallHeight: small.info.height,
  };
}

/** Rasterise an SVG to WebP (default 800px wide, quality 80). Deterministic. */
export async function renderWebp(svg: string, options: RenderOptions = {}): Promise<Uint8Array<ArrayBuffer>> {
  const { width = W, quality = 80 } = options;
  const buf = await rasterise(svg, width).webp({ quality }).toBuffer();
  return new Uint8Array(buf);
}
