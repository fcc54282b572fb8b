// Side-view car geometry and drawing for the seed photo generator.
// Everything is plain SVG in an 800x500 coordinate system; the car faces right
// and its tyres touch the ground line GROUND.

export type CarBody = "sedan" | "suv" | "hatchback" | "pickup" | "coupe" | "van";

/** [x, y, corner radius] */
type Pt = readonly [number, number, number?];

interface Shape {
  outline: Pt[]; // body silhouette, clockwise from the rear bottom
  glass: Pt[]; // side glass area (pillars are cut out of it)
  pillars: number[]; // x of pillars splitting the glass
  seams: number[]; // x of door / panel seams
  handles: number[]; // x of door handles (left end)
  belt: number; // beltline y (bottom of the glass)
  sill: number; // bottom of the body
  r: number; // wheel radius
  rear: number; // rear wheel centre x
  front: number; // front wheel centre x
  head: Pt[]; // headlight polygon (clipped to the body)
  tail: Pt[]; // taillight polygon (clipped to the body)
  mirror: [number, number];
  cladding?: boolean; // dark plastic lower trim (SUV)
  rails?: [number, number, number]; // roof rails: x1, x2, y
}

export const GROUND = 410;

export const SHAPES: Record<CarBody, Shape> = {
  sedan: {
    outline: [
      [112, 376, 10],
      [104, 330, 14],
      [114, 292, 16],
      [250, 282, 34],
      [340, 214, 48],
      [470, 210, 44],
      [560, 280, 24],
      [668, 294, 30],
      [696, 336, 14],
      [690, 376, 10],
    ],
    glass: [
      [270, 280, 4],
      [344, 224, 26],
      [466, 221, 22],
      [536, 280, 4],
    ],
    pillars: [404],
    seams: [290, 404, 522],
    handles: [306, 420],
    belt: 281,
    sill: 376,
    r: 46,
    rear: 232,
    front: 570,
    head: [
      [640, 298, 6],
      [700, 306, 6],
      [700, 322, 6],
      [652, 314, 6],
    ],
    tail: [
      [96, 296, 5],
      [134, 295, 5],
      [132, 310, 5],
      [96, 314, 5],
    ],
    mirror: [548, 272],
  },
  suv: {
    outline: [
      [104, 376, 10],
      [100, 262, 12],
      [118, 170, 30],
      [458, 162, 36],
      [556, 252, 22],
      [672, 268, 28],
      [700, 318, 14],
      [694, 376, 10],
    ],
    glass: [
      [126, 252, 4],
      [136, 184, 14],
      [446, 178, 22],
      [532, 252, 4],
    ],
    pillars: [214, 362],
    seams: [238, 362, 500],
    handles: [252, 376],
    belt: 253,
    sill: 376,
    r: 52,
    rear: 222,
    front: 578,
    head: [
      [630, 272, 6],
      [706, 278, 6],
      [706, 296, 6],
      [640, 290, 6],
    ],
    tail: [
      [94, 196, 5],
      [124, 194, 5],
      [124, 250, 5],
      [94, 252, 5],
    ],
    mirror: [546, 244],
    cladding: true,
    rails: [150, 420, 160],
  },
  hatchback: {
    outline: [
      [152, 376, 10],
      [144, 300, 14],
      [184, 208, 40],
      [392, 192, 50],
      [506, 270, 22],
      [622, 286, 30],
      [654, 326, 14],
      [648, 376, 10],
    ],
    glass: [
      [186, 268, 4],
      [204, 222, 20],
      [386, 205, 28],
      [484, 268, 4],
    ],
    pillars: [236, 334],
    seams: [252, 334, 468],
    handles: [266, 350],
    belt: 269,
    sill: 376,
    r: 44,
    rear: 254,
    front: 546,
    head: [
      [600, 290, 6],
      [660, 296, 6],
      [660, 312, 6],
      [610, 306, 6],
    ],
    tail: [
      [136, 236, 5],
      [170, 228, 5],
      [164, 270, 5],
      [136, 272, 5],
    ],
    mirror: [496, 262],
  },
  pickup: {
    outline: [
      [92, 376, 8],
      [88, 262, 6],
      [336, 262, 6],
      [344, 168, 20],
      [470, 162, 32],
      [566, 256, 22],
      [680, 270, 26],
      [712, 314, 12],
      [706, 376, 8],
    ],
    glass: [
      [360, 256, 4],
      [362, 180, 12],
      [462, 176, 20],
      [542, 256, 4],
    ],
    pillars: [446],
    seams: [100, 334, 446, 520],
    handles: [358, 458],
    belt: 257,
    sill: 376,
    r: 52,
    rear: 214,
    front: 590,
    head: [
      [640, 274, 6],
      [718, 280, 6],
      [718, 298, 6],
      [650, 292, 6],
    ],
    tail: [
      [82, 270, 4],
      [100, 270, 4],
      [100, 306, 4],
      [82, 306, 4],
    ],
    mirror: [556, 248],
    cladding: true,
  },
  coupe: {
    outline: [
      [116, 372, 10],
      [108, 322, 14],
      [122, 292, 12],
      [236, 282, 60],
      [364, 218, 56],
      [438, 214, 44],
      [568, 286, 26],
      [672, 302, 30],
      [698, 340, 14],
      [692, 372, 10],
    ],
    glass: [
      [268, 282, 4],
      [366, 228, 34],
      [432, 224, 22],
      [542, 284, 4],
    ],
    pillars: [],
    seams: [530],
    handles: [400],
    belt: 283,
    sill: 372,
    r: 46,
    rear: 236,
    front: 576,
    head: [
      [640, 306, 6],
      [704, 312, 6],
      [704, 326, 6],
      [652, 320, 6],
    ],
    tail: [
      [100, 296, 5],
      [146, 294, 5],
      [144, 306, 5],
      [100, 310, 5],
    ],
    mirror: [556, 278],
  },
  van: {
    outline: [
      [100, 376, 10],
      [96, 250, 10],
      [108, 158, 24],
      [512, 150, 40],
      [600, 250, 20],
      [684, 268, 26],
      [708, 318, 14],
      [702, 376, 10],
    ],
    glass: [
      [118, 242, 4],
      [124, 170, 14],
      [500, 164, 26],
      [578, 242, 4],
    ],
    pillars: [222, 338, 452],
    seams: [222, 452, 560],
    handles: [244, 470],
    belt: 243,
    sill: 376,
    r: 44,
    rear: 206,
    front: 596,
    head: [
      [646, 272, 6],
      [712, 280, 6],
      [712, 298, 6],
      [656, 292, 6],
    ],
    tail: [
      [88, 192, 5],
      [112, 190, 5],
      [112, 246, 5],
      [88, 248, 5],
    ],
    mirror: [588, 234],
    rails: [160, 470, 148],
  },
};

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Closed path through the points with quadratic-rounded corners. */
export function roundedPath(pts: readonly Pt[]): string {
  const n = pts.length;
  let d = "";
  for (let i = 0; i < n; i++) {
    const [x, y, r = 0] = pts[i];
    const ends = [pts[(i + n - 1) % n], pts[(i + 1) % n]].map(([px, py]) => {
      const len = Math.hypot(px - x, py - y) || 1;
      const k = Math.min(r, len / 2) / len;
      return `${f(x + (px - x) * k)} ${f(y + (py - y) * k)}`;
    });
    d += `${i === 0 ? "M" : "L"}${ends[0]}Q${f(x)} ${f(y)} ${ends[1]}`;
  }
  return d + "Z";
}

// ---- colours ---------------------------------------------------------------

const NAMED: Record<string, string> = {
  red: "#c62828",
  blue: "#1e5bb8",
  white: "#f2f4f5",
  black: "#23262b",
  silver: "#b9c0c8",
  gray: "#7d858f",
  grey: "#7d858f",
  green: "#2e7d4f",
  yellow: "#f2c230",
  orange: "#e8722c",
  brown: "#7a5236",
  beige: "#d8c8a8",
  gold: "#c9a449",
  purple: "#6a3d9a",
  navy: "#1f2f57",
};

export type RGB = [number, number, number];

export function parseColor(input: string): RGB {
  let s = (NAMED[input.trim().toLowerCase()] ?? input).trim().replace(/^#/, "");
  if (/^[0-9a-f]{3}$/i.test(s)) s = s.replace(/./g, (c) => c + c);
  if (!/^[0-9a-f]{6}$/i.test(s)) return [125, 133, 143];
  return [0, 2, 4].map((i) => parseInt(s.slice(i, i + 2), 16)) as RGB;
}

/** Mix towards white (t > 0) or black (t < 0) and return #rrggbb. */
export function shade(c: RGB, t: number): string {
  const target = t > 0 ? 255 : 0;
  const a = Math.abs(t);
  return (
    "#" +
    c
      .map((v) =>
        Math.round(v + (target - v) * a)
          .toString(16)
          .padStart(2, "0"),
      )
      .join("")
  );
}

export const luminance = (c: RGB) => (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;

/** Deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- drawing ---------------------------------------------------------------

function wheel(cx: number, r: number, spokes: number, turn: number, caliper: string): string {
  const cy = GROUND - r;
  const rim = r * 0.66;
  let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1d2024"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.86)}" fill="none" stroke="#2c3036" stroke-width="${f(r * 0.1)}"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${f(rim)}" fill="url(#rim)"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${f(rim * 0.84)}" fill="#3a4047"/>`;
  s += `<rect x="${f(cx + rim * 0.3)}" y="${f(cy - rim * 0.5)}" width="${f(rim * 0.3)}" height="${f(rim * 0.55)}" rx="4" fill="${caliper}"/>`;
  for (let i = 0; i < spokes; i++) {
    const a = ((turn + (i * 360) / spokes) * Math.PI) / 180;
    const x = cx + Math.cos(a) * rim * 0.8;
    const y = cy + Math.sin(a) * rim * 0.8;
    s += `<line x1="${cx}" y1="${cy}" x2="${f(x)}" y2="${f(y)}" stroke="#d5dbe1" stroke-width="${f(r * (spokes > 7 ? 0.07 : 0.12))}" stroke-linecap="round"/>`;
  }
  s += `<circle cx="${cx}" cy="${cy}" r="${f(rim)}" fill="none" stroke="#e4e8ec" stroke-width="${f(r * 0.07)}"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${f(r * 0.15)}" fill="#c3cad1" stroke="#8a939c" stroke-width="2"/>`;
  return s;
}

/**
 * Returns gradient/clip definitions, the ground shadow and the car markup.
 * The car sits on GROUND, spans roughly x 90..720.
 */
export function drawCar(body: CarBody, color: string, seed: number): { defs: string; shadow: string; car: string } {
  const sh = SHAPES[body];
  const rand = rng(seed * 7919 + 17);
  const c = parseColor(color);
  const dark = luminance(c) < 0.18;
  const base = shade(c, 0);
  const seam = dark ? shade(c, 0.28) : shade(c, -0.32);
  const outline = roundedPath(sh.outline);
  const glass = roundedPath(sh.glass);
  const xs = sh.outline.map((p) => p[0]);
  const [minX, maxX] = [Math.min(...xs), Math.max(...xs)];
  const spokes = [5, 6, 7, 10][Math.floor(rand() * 4)];
  const turn = Math.round(rand() * 72);
  const caliper = ["#c62828", "#4a5058", "#d9a21b"][Math.floor(rand() * 3)];
  const antenna = rand() < 0.5;
  const lightTone = rand() < 0.5 ? "#fff6d8" : "#e9f4ff";

  const defs =
    `<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${shade(c, 0.32)}"/><stop offset="0.42" stop-color="${base}"/>` +
    `<stop offset="1" stop-color="${shade(c, -0.38)}"/></linearGradient>` +
    `<linearGradient id="glassFill" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#4b6075"/><stop offset="1" stop-color="#1b2631"/></linearGradient>` +
    `<radialGradient id="rim" cx="0.4" cy="0.35" r="0.8">` +
    `<stop offset="0" stop-color="#f1f4f7"/><stop offset="1" stop-color="#9aa3ad"/></radialGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.42"/>` +
    `<stop offset="0.7" stop-color="#000" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `<clipPath id="bodyClip"><path d="${outline}"/></clipPath>` +
    `<clipPath id="glassClip"><path d="${glass}"/></clipPath>`;

  const well = (x: number) => `<circle cx="${x}" cy="${GROUND - sh.r}" r="${sh.r + 8}"/>`;
  let car = "";
  // ground shadow (separate so reflections can skip it)
  const shadow =
    `<ellipse cx="${f((minX + maxX) / 2)}" cy="${GROUND + 2}" rx="${f((maxX - minX) / 2 + 26)}" ry="16" fill="url(#shadow)"/>` +
    [sh.rear, sh.front].map((x) => `<ellipse cx="${x}" cy="${GROUND}" rx="${f(sh.r * 0.9)}" ry="6" fill="#000" opacity="0.35"/>`).join("");
  if (sh.rails)
    car += `<rect x="${sh.rails[0]}" y="${sh.rails[2] - 8}" width="${sh.rails[1] - sh.rails[0]}" height="7" rx="3" fill="#2f343a"/>`;
  if (antenna)
    car += `<line x1="${f(sh.glass[1][0] + 14)}" y1="${f(sh.glass[1][1] - 8)}" x2="${f(sh.glass[1][0] - 4)}" y2="${f(sh.glass[1][1] - 34)}" stroke="#2f343a" stroke-width="2.5" stroke-linecap="round"/>`;
  car += `<path d="${outline}" fill="url(#paint)"/>`;
  car += `<g clip-path="url(#bodyClip)">`;
  // shine along the shoulder, character line and rocker panel
  car += `<rect x="0" y="${sh.belt + 8}" width="800" height="10" fill="#fff" opacity="0.16"/>`;
  car += `<rect x="0" y="${sh.belt + 40}" width="800" height="2.5" fill="${seam}" opacity="0.45"/>`;
  car += `<rect x="0" y="${sh.sill - (sh.cladding ? 30 : 14)}" width="800" height="40" fill="${sh.cladding ? "#33383f" : shade(c, -0.45)}"/>`;
  // door seams and handles
  for (const x of sh.seams) car += `<path d="M${x} ${sh.belt - 2}L${x - 4} ${sh.sill}" stroke="${seam}" stroke-width="2.5" fill="none"/>`;
  for (const x of sh.handles) car += `<rect x="${x}" y="${sh.belt + 18}" width="28" height="7" rx="3.5" fill="${seam}"/>`;
  if (rand() < 0.6) car += `<circle cx="${sh.rear + sh.r + 22}" cy="${sh.belt + 22}" r="9" fill="none" stroke="${seam}" stroke-width="2"/>`;
  // lights
  car += `<path d="${roundedPath(sh.head)}" fill="${lightTone}" stroke="${shade(c, -0.5)}" stroke-width="2"/>`;
  car += `<path d="${roundedPath(sh.tail)}" fill="#d3272f" stroke="#7c1218" stroke-width="2"/>`;
  car += `<rect x="${maxX - 26}" y="${sh.sill - 40}" width="40" height="12" rx="5" fill="#2a2e33" opacity="0.8"/>`;
  // wheel wells with a lip
  car += `<g fill="#15181b">${well(sh.rear)}${well(sh.front)}</g>`;
  car += `<g fill="none" stroke="${sh.cladding ? "#2a2e33" : seam}" stroke-width="${sh.cladding ? 10 : 4}">${well(sh.rear)}${well(sh.front)}</g>`;
  car += `</g>`;
  // glass with pillars and a reflection streak
  car += `<path d="${glass}" fill="url(#glassFill)"/>`;
  car += `<g clip-path="url(#glassClip)">`;
  const top = Math.min(...sh.glass.map((p) => p[1]));
  car += `<path d="M${sh.glass[0][0] + 40} ${sh.belt}L${sh.glass[0][0] + 110} ${top}L${sh.glass[0][0] + 150} ${top}L${sh.glass[0][0] + 80} ${sh.belt}Z" fill="#fff" opacity="0.16"/>`;
  car += `<path d="M${sh.glass[0][0] + 96} ${sh.belt}L${sh.glass[0][0] + 166} ${top}L${sh.glass[0][0] + 180} ${top}L${sh.glass[0][0] + 110} ${sh.belt}Z" fill="#fff" opacity="0.12"/>`;
  for (const x of sh.pillars)
    car += `<path d="M${x - 7} ${sh.belt}L${x - 3} ${top - 10}L${x + 9} ${top - 10}L${x + 7} ${sh.belt}Z" fill="#262b31"/>`;
  car += `</g>`;
  car += `<path d="${glass}" fill="none" stroke="#1a1f24" stroke-width="3"/>`;
  // side mirror
  const [mx, my] = sh.mirror;
  car += `<path d="M${mx - 16} ${my - 14}h20a6 6 0 0 1 6 6v8h-22a6 6 0 0 1 -6 -6z" fill="${base}" stroke="${seam}" stroke-width="2"/>`;
  car += wheel(sh.rear, sh.r, spokes, turn, caliper) + wheel(sh.front, sh.r, spokes, turn + 17, caliper);
  return { defs, shadow, car };
}
