import { describe, expect, it } from "vitest";
import { request, signIn, sql } from "./client";

// Images that paint fast: every <img> has its size (no layout shift), stored photos offer their
// small copy through srcset, the first photo a visitor sees is fetched first and the rest only when
// scrolled near. Read from the server's HTML, as the browser gets it.

// Category pages are for signed-in users (spec point 6); the others are public.
async function imagesOf(path: string) {
  const cookie = path.startsWith("/category/") ? await signIn("buyer@autoreseller.test") : undefined;
  const response = await request(path, { headers: { "cache-control": "no-cache", ...(cookie ? { cookie } : {}) } });
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const inMain = (html.split('id="main"')[1] ?? "").split("</main>")[0];
  return {
    all: [...html.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]),
    main: [...inMain.matchAll(/<img\b[^>]*>/g)].map((match) => match[0]),
  };
}

const attribute = (image: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`, "i").exec(image)?.[1];

async function pagesToCheck() {
  const [category] = await sql("select category_id from products where is_paid = 0 group by category_id order by count(*) desc limit 1");
  const [car] = await sql(
    "select p.id from products p where is_paid = 0 and (select count(*) from product_photos f where f.product_id = p.id and f.small_url is not null) > 1 limit 1",
  );
  return { home: "/", category: `/category/${String(category.category_id)}`, car: `/cars/${String(car.id)}` };
}

describe("images", () => {
  it("every <img> on Home, a category page and a car page has a width and a height", async () => {
    const pages = await pagesToCheck();
    for (const path of Object.values(pages)) {
      const { all } = await imagesOf(path);
      expect(all.length, path).toBeGreaterThan(1);
      for (const image of all) {
        expect(Number(attribute(image, "width")), `${path}: ${image}`).toBeGreaterThan(0);
        expect(Number(attribute(image, "height")), `${path}: ${image}`).toBeGreaterThan(0);
      }
    }
  });

  it("a category page's car photos offer their small copy and say their slot's width; only the first is fetched at once and first", async () => {
    const { category } = await pagesToCheck();
    const { main } = await imagesOf(category);
    const cards = main.filter((image) => attribute(image, "alt")?.startsWith("Photo of "));
    expect(cards.length).toBeGreaterThan(1);
    for (const image of cards) {
      expect(attribute(image, "srcset"), image).toMatch(/^\S+ 480w, \S+ \d+w$/);
      expect(attribute(image, "sizes"), image).toMatch(/100vw$/);
    }
    expect(attribute(cards[0], "loading")).toBe("eager");
    expect(attribute(cards[0], "fetchpriority")).toBe("high");
    for (const image of cards.slice(1)) {
      expect(attribute(image, "loading"), image).toBe("lazy");
      expect(attribute(image, "fetchpriority"), image).toBeUndefined();
    }
  });

  it("Home fetches none of its photos ahead of the first paint, only the first slide's small drawing behind the carousel's text", async () => {
    const { home } = await pagesToCheck();
    const { main } = await imagesOf(home);
    const isSlide = (image: string) => attribute(image, "src")?.startsWith("/slides/") ?? false;
    const [firstSlide, ...otherSlides] = main.filter(isSlide);
    const photos = main.filter((image) => !isSlide(image));
    expect(photos.length).toBeGreaterThan(1);
    expect(otherSlides.length).toBeGreaterThan(0);
    for (const image of [...photos, ...otherSlides]) {
      expect(attribute(image, "loading"), image).toBe("lazy");
      expect(attribute(image, "fetchpriority"), image).toBeUndefined();
    }
    // The first slide, above them all on phones: a drawing of our own, fetched at once and small.
    expect(attribute(firstSlide, "fetchpriority")).toBe("high");
    expect(attribute(firstSlide, "loading")).not.toBe("lazy");
    const drawing = await request(attribute(firstSlide, "src")!);
    expect(drawing.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect((await drawing.arrayBuffer()).byteLength).toBeLessThan(16 * 1024);
  });

  it("a car page fetches its gallery's photo first, with the small copy in its srcset, and the rest lazily", async () => {
    const { car } = await pagesToCheck();
    const { main } = await imagesOf(car);
    const [cover, ...rest] = main;
    expect(attribute(cover, "fetchpriority")).toBe("high");
    expect(attribute(cover, "loading")).not.toBe("lazy");
    expect(attribute(cover, "srcset")).toMatch(/^\S+ 480w, \S+ \d+w$/);
    expect(rest.length).toBeGreaterThan(0);
    for (const image of rest) {
      expect(attribute(image, "loading"), image).toBe("lazy");
      expect(attribute(image, "fetchpriority"), image).toBeUndefined();
    }
  });
});
