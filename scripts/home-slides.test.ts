import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HOME_SLIDES } from "../app/content/home";
import { HOME_SLIDE_PICTURES, SLIDES_DIR } from "./home-slides.ts";
import { carPhotoSvg } from "./seed/photos.ts";

describe("Home's carousel pictures", () => {
  it("each slide has a picture of its own in public/slides/, as scripts/home-slides.ts draws it", () => {
    const pictures = HOME_SLIDES.map((slide) => slide.picture);
    expect(new Set(pictures).size).toBe(HOME_SLIDES.length);
    for (const picture of pictures) {
      const name = path.basename(picture);
      expect(picture).toBe(`/slides/${name}`);
      expect(readFileSync(path.join(SLIDES_DIR, name), "utf8")).toBe(carPhotoSvg(HOME_SLIDE_PICTURES[name]));
    }
  });
});
