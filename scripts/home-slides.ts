// Home's carousel pictures (app/content/home.ts names them): flat-design cars drawn as the demo
// photos are, kept in public/slides/ as SVG so they are served from our own origin, small and sharp
// at any width. `npx tsx scripts/home-slides.ts` draws them anew; scripts/home-slides.test.ts checks
// that the files are what this draws.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { carPhotoSvg } from "./seed/photos.ts";

export const SLIDES_DIR = path.resolve(import.meta.dirname, "../public/slides");

/** Each picture's file name and the car it shows. */
export const HOME_SLIDE_PICTURES: Record<string, Parameters<typeof carPhotoSvg>[0]> = {
  "toyota.svg": { body: "suv", color: "#b91c1c", background: "road", seed: 11 },
  "honda.svg": { body: "hatchback", color: "#1d4ed8", background: "city", seed: 12 },
  "nissan.svg": { body: "sedan", color: "#047857", background: "road", seed: 13 },
  "mitsubishi.svg": { body: "pickup", color: "#4338ca", background: "showroom", seed: 14 },
  "hyundai.svg": { body: "coupe", color: "#0369a1", background: "city", seed: 15 },
};

if (process.argv[1] === import.meta.filename) {
  for (const [name, car] of Object.entries(HOME_SLIDE_PICTURES)) writeFileSync(path.join(SLIDES_DIR, name), carPhotoSvg(car));
}
