// Head-on views (front and rear) and the cabin view for the seed photo generator, in the same
// 800x500 coordinate system as the side view: the car stands on GROUND, centred on x = 400.
// The heights come from the side-view shapes, so a body looks the same size from every angle.

import { GROUND, luminance, parseColor, rng, roundedPath, SHAPES, shade, type CarBody } from "./car-shapes.ts";

const f = (n: number) => (Math.round(n * 10) / 10).toString();
const CX = 400;

/** Half the car's width seen head-on, and how wide the roof is compared to the shoulders. */
const PROPORTIONS: Record<CarBody, { half: number; roof: number }> = {
  sedan: { half: 228, roof: 0.7 },
  suv: { half: 240, roof: 0.82 },
  hatchback: { half: 214, roof: 0.76 },
  pickup: { half: 250, roof: 0.78 },
  coupe: { half: 234, roof: 0.64 },
  van: { half: 234, roof: 0.9 },
};

function paintDefs(color: string) {
  const c = parseColor(color);
  return (
    `<linearGradient id="paint" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${shade(c, 0.3)}"/><stop offset="0.5" stop-color="${shade(c, 0)}"/>` +
    `<stop offset="1" stop-color="${shade(c, -0.36)}"/></linearGradient>` +
    `<linearGradient id="glassFill" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#56697d"/><stop offset="1" stop-color="#18222c"/></linearGradient>` +
    `<radialGradient id="shadow"><stop offset="0" stop-color="#000" stop-opacity="0.45"/>` +
    `<stop offset="0.7" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`
  );
}

/** A mirrored pair of the same markup, left of centre and right of it. */
function pair(draw: (x: number, side: -1 | 1) => string, offset: number): string {
  return draw(CX - offset, -1) + draw(CX + offset, 1);
}

/**
 * The car seen from the front or from behind: returns definitions, the ground shadow and the car.
 * `seed` varies small details (the grille, the lamps' tint, exhausts).
 */
export function drawCarHeadOn(
  body: CarBody,
  color: string,
  view: "front" | "rear",
  seed: number,
): { defs: string; shadow: string; car: string } {
  const sh = SHAPES[body];
  const { half, roof } = PROPORTIONS[body];
  const rand = rng(seed * 104729 + 3);
  const c = parseColor(color);
  const dark = luminance(c) < 0.18;
  const line = dark ? shade(c, 0.3) : shade(c, -0.35);
  const top = Math.min(...sh.outline.map((p) => p[1]));
  const belt = sh.belt;
  const sill = sh.sill;
  const shoulder = belt + Math.min(26, (sill - belt) * 0.25);

  const shadow = `<ellipse cx="${CX}" cy="${GROUND + 2}" rx="${half + 40}" ry="18" fill="url(#shadow)"/>`;
  let car = "";
  // tyres below the body
  car += pair(
    (x) => `<rect x="${f(x - 26)}" y="${f(sill - 40)}" width="52" height="${f(GROUND - sill + 40)}" rx="12" fill="#1b1e22"/>`,
    half - 44,
  );
  // the lower body: bonnet or boot lid down to the sill
  const lower = roundedPath([
    [CX - half + 6, sill, 12],
    [CX - half - 4, shoulder + 20, 16],
    [CX - half + 18, belt, 20],
    [CX + half - 18, belt, 20],
    [CX + half + 4, shoulder + 20, 16],
    [CX + half - 6, sill, 12],
  ]);
  // the cabin: a trapezoid from the shoulders up to the roof
  const cabinHalf = half - 26;
  const roofHalf = cabinHalf * roof;
  const cabin = roundedPath([
    [CX - cabinHalf, belt + 4, 6],
    [CX - roofHalf, top, 18],
    [CX + roofHalf, top, 18],
    [CX + cabinHalf, belt + 4, 6],
  ]);
  const inset = view === "front" ? 12 : 22;
  const glassTop = top + (view === "front" ? 10 : body === "pickup" ? 16 : 14);
  const glassBottom = belt - (view === "front" ? 4 : body === "van" || body === "suv" ? 40 : 10);
  const slope = (cabinHalf - roofHalf) / (belt + 4 - top);
  const at = (y: number) => roofHalf + (y - top) * slope - inset;
  const glass = roundedPath([
    [CX - at(glassBottom), glassBottom, 6],
    [CX - at(glassTop), glassTop, 12],
    [CX + at(glassTop), glassTop, 12],
    [CX + at(glassBottom), glassBottom, 6],
  ]);
  car += `<path d="${cabin}" fill="url(#paint)"/>`;
  car += `<path d="${glass}" fill="url(#glassFill)" stroke="#161b20" stroke-width="3"/>`;
  // a reflection across the glass
  car += `<path d="M${f(CX - at(glassBottom) + 30)} ${f(glassBottom - 4)}L${f(CX - at(glassTop) + 70)} ${f(glassTop + 4)}L${f(CX - at(glassTop) + 110)} ${f(glassTop + 4)}L${f(CX - at(glassBottom) + 70)} ${f(glassBottom - 4)}Z" fill="#fff" opacity="0.13"/>`;
  if (view === "front") {
    const wiper = glassBottom - 6;
    car += pair(
      (x, side) => `<path d="M${f(x)} ${f(wiper)}l${side * -70} -10" stroke="#1e2328" stroke-width="4" stroke-linecap="round"/>`,
      40,
    );
  }
  if (sh.rails)
    car += pair((x) => `<rect x="${f(x - 5)}" y="${f(top - 10)}" width="10" height="12" rx="3" fill="#2f343a"/>`, roofHalf - 16);
  // mirrors beside the cabin
  car += pair(
    (x, side) =>
      `<path d="M${f(x)} ${f(belt - 4)}l${side * 34} -6v-22l${side * -30} 4z" fill="url(#paint)" stroke="${line}" stroke-width="2"/>`,
    cabinHalf - 4,
  );
  car += `<path d="${lower}" fill="url(#paint)"/>`;
  car += `<path d="M${CX - half + 24} ${f(belt + 3)}H${CX + half - 24}" stroke="#fff" stroke-width="3" opacity="0.22"/>`;
  // bumper and lower intake
  const bumper = sill - 26;
  car += `<rect x="${CX - half + 4}" y="${f(bumper)}" width="${2 * half - 8}" height="26" rx="10" fill="${shade(c, -0.42)}"/>`;

  const lampY = shoulder + 6;
  const lampH = body === "van" || body === "suv" || body === "pickup" ? 26 : 20;
  if (view === "front") {
    const tone = rand() < 0.5 ? "#fff7dc" : "#eaf4ff";
    car += pair(
      (x, side) =>
        `<path d="${roundedPath([
          [x - 44, lampY, 6],
          [x + 44, lampY + (side < 0 ? 8 : 0), 6],
          [x + 44, lampY + lampH, 6],
          [x - 44, lampY + lampH + (side > 0 ? 8 : 0), 6],
        ])}" fill="${tone}" stroke="${shade(c, -0.5)}" stroke-width="2"/>` +
        `<circle cx="${f(x + side * 18)}" cy="${f(lampY + lampH / 2 + 3)}" r="${f(lampH / 3)}" fill="#fff"/>`,
      half - 62,
    );
    // grille with bars and a plain badge
    const gw = half * (body === "pickup" || body === "suv" ? 0.42 : 0.34);
    const gy = lampY + 2;
    const gh = bumper - gy - 12;
    car += `<rect x="${f(CX - gw)}" y="${f(gy)}" width="${f(2 * gw)}" height="${f(gh)}" rx="${rand() < 0.5 ? 8 : 16}" fill="#1d2126" stroke="${line}" stroke-width="3"/>`;
    const bars = 3 + Math.floor(rand() * 3);
    for (let i = 1; i <= bars; i++) {
      const y = gy + (gh * i) / (bars + 1);
      car += `<rect x="${f(CX - gw + 8)}" y="${f(y - 1.5)}" width="${f(2 * gw - 16)}" height="3" fill="#5b636c"/>`;
    }
    car += `<ellipse cx="${CX}" cy="${f(gy + gh / 2)}" rx="20" ry="12" fill="#cfd6dd" stroke="#8a939c" stroke-width="2"/>`;
    car += pair((x) => `<circle cx="${f(x)}" cy="${f(bumper + 13)}" r="7" fill="#f3f0e2" opacity="0.9"/>`, half - 56);
    car += `<rect x="${CX - 62}" y="${f(bumper + 2)}" width="124" height="22" rx="3" fill="#f7f8f9" stroke="#2a2e33" stroke-width="2"/>`;
  } else {
    car += pair(
      (x, side) =>
        `<path d="${roundedPath([
          [x - 40, lampY - 4, 6],
          [x + 40, lampY - 4, 6],
          [x + 40 - side * 8, lampY + lampH + 6, 6],
          [x - 40 - side * 8, lampY + lampH + 6, 6],
        ])}" fill="#d3272f" stroke="#7c1218" stroke-width="2"/>` +
        `<rect x="${f(x - 28)}" y="${f(lampY + lampH / 2)}" width="56" height="4" fill="#ff8a8f" opacity="0.8"/>`,
      half - 50,
    );
    if (body === "pickup") {
      // the tailgate's panel line and handle
      car += `<rect x="${CX - half + 30}" y="${f(belt + 8)}" width="${2 * half - 60}" height="${f(bumper - belt - 16)}" rx="6" fill="none" stroke="${line}" stroke-width="2.5"/>`;
      car += `<rect x="${CX - 30}" y="${f(belt + 16)}" width="60" height="10" rx="4" fill="${line}"/>`;
    } else {
      car += `<path d="M${CX - half + 70} ${f(lampY + lampH + 16)}H${CX + half - 70}" stroke="${line}" stroke-width="2.5"/>`;
      car += `<ellipse cx="${CX}" cy="${f(lampY + 8)}" rx="16" ry="10" fill="#cfd6dd" stroke="#8a939c" stroke-width="2"/>`;
    }
    if (body === "coupe" || rand() < 0.25)
      car += `<rect x="${f(CX - roofHalf)}" y="${f(belt - 8)}" width="${f(2 * roofHalf)}" height="10" rx="4" fill="${shade(c, -0.3)}"/>`;
    car += `<rect x="${CX - 62}" y="${f(bumper - 28)}" width="124" height="24" rx="3" fill="#f7f8f9" stroke="#2a2e33" stroke-width="2"/>`;
    const pipes = rand() < 0.4 ? [-1, 1] : [1];
    for (const side of pipes)
      car += `<ellipse cx="${f(CX + side * (half - 90))}" cy="${f(sill + 2)}" rx="14" ry="7" fill="#3b4046" stroke="#9aa3ad" stroke-width="3"/>`;
  }
  return { defs: paintDefs(color), shadow, car };
}

/** The cabin seen from the back seat: dashboard, steering wheel (right-hand drive) and front seats. */
export function drawInterior(trim: string, seed: number): { defs: string; content: string } {
  const rand = rng(seed * 31337 + 11);
  const t = parseColor(trim);
  const sky = ["#8cc1ea", "#a3cdee", "#f2c99a"][Math.floor(rand() * 3)];
  const defs =
    `<linearGradient id="view" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky}"/><stop offset="1" stop-color="#eef3f6"/></linearGradient>` +
    `<linearGradient id="dash" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#30353b"/><stop offset="1" stop-color="#15181b"/></linearGradient>` +
    `<linearGradient id="seat" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${shade(t, -0.3)}"/>` +
    `<stop offset="0.5" stop-color="${shade(t, 0.12)}"/><stop offset="1" stop-color="${shade(t, -0.3)}"/></linearGradient>` +
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2b5d8c"/><stop offset="1" stop-color="#0e2236"/></linearGradient>`;
  let s = `<rect width="800" height="500" fill="#1c1f23"/>`;
  // the road ahead through the windscreen
  s += `<path d="M60 40Q400 10 740 40L800 270H0Z" fill="url(#view)"/>`;
  s += `<path d="M0 235Q400 205 800 235V270H0Z" fill="#8fb07f"/>`;
  s += `<path d="M330 270L385 226H415L470 270Z" fill="#60666d"/><path d="M398 230h4v40h-4z" fill="#f1f1ec"/>`;
  // pillars and the roof lining frame the view
  s += `<path d="M0 0H800V40Q400 6 0 40Z" fill="${shade(t, 0.35)}"/>`;
  s += `<path d="M0 40L60 40L0 270Z" fill="#2a2e33"/><path d="M800 40L740 40L800 270Z" fill="#2a2e33"/>`;
  s += `<rect x="372" y="44" width="56" height="18" rx="5" fill="#2a2e33"/>`;
  // dashboard with vents, the centre screen and a trim strip
  s += `<path d="M0 250Q400 226 800 250V380H0Z" fill="url(#dash)"/>`;
  s += `<path d="M0 300Q400 282 800 300V310Q400 292 0 310Z" fill="${shade(t, 0.05)}" opacity="0.9"/>`;
  for (const x of [120, 330, 430, 640])
    s += `<rect x="${x}" y="318" width="54" height="20" rx="6" fill="#0d0f11" stroke="#4b5158" stroke-width="2"/>`;
  const screenW = 110 + Math.floor(rand() * 3) * 20;
  s += `<rect x="${400 - screenW / 2}" y="250" width="${screenW}" height="62" rx="8" fill="url(#screen)" stroke="#0b0d0f" stroke-width="4"/>`;
  s += `<rect x="${400 - screenW / 2 + 12}" y="262" width="${screenW * 0.4}" height="8" rx="3" fill="#9ec9f0" opacity="0.7"/>`;
  // instruments and the steering wheel on the right
  s += `<rect x="506" y="262" width="150" height="52" rx="20" fill="#0c0e10"/>`;
  s += `<circle cx="552" cy="288" r="20" fill="none" stroke="#e07b39" stroke-width="3"/><circle cx="612" cy="288" r="20" fill="none" stroke="#9ed0ff" stroke-width="3"/>`;
  s += `<circle cx="582" cy="360" r="86" fill="none" stroke="#101214" stroke-width="20"/>`;
  s += `<path d="M500 360H664M582 360V440" stroke="#1b1e21" stroke-width="16"/><circle cx="582" cy="360" r="28" fill="#23272b"/>`;
  // front seats and the gear lever between them
  const seat = (x: number) =>
    `<path d="${roundedPath([
      [x - 100, 500, 0],
      [x - 92, 392, 40],
      [x + 92, 392, 40],
      [x + 100, 500, 0],
    ])}" fill="url(#seat)"/>` +
    `<rect x="${x - 48}" y="350" width="96" height="50" rx="18" fill="url(#seat)"/>` +
    `<path d="M${x - 60} 430H${x + 60}" stroke="${shade(t, -0.4)}" stroke-width="3" opacity="0.6"/>`;
  s += seat(200) + seat(600);
  s += `<rect x="372" y="400" width="56" height="100" rx="10" fill="#25292e"/><circle cx="400" cy="412" r="12" fill="${shade(t, -0.2)}"/>`;
  return { defs, content: s };
}
