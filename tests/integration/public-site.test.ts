import { describe, expect, it } from "vitest";
import { type Category, type Car } from "~/lib/schemas/types";
import { appUrl, signIn } from "./client";

const get = (path: string, init?: RequestInit) => fetch(`${appUrl}${path}`, { redirect: "manual", ...init });

describe("REST, first part", () => {
  it("GET /api/health answers ok when the database answers", async () => {
    const response = await get("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("GET /api/categories lists the seeded categories by name", async () => {
    const response = await get("/api/categories");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const categories = (await response.json()) as Category[];
    expect(categories.length).toBeGreaterThanOrEqual(3);
    const names = categories.map((category) => category.categoryName);
    expect(names).toEqual([...names].sort());
    for (const category of categories) {
      expect(category).toEqual({ _id: expect.any(String), categoryName: expect.any(String), image: expect.stringMatching(/^\/images\//) });
    }
  });

  it("GET /api/products/advertisement lists advertised unsold cars, newest first, in the contract's shape", async () => {
    const cars = (await (await get("/api/products/advertisement")).json()) as Car[];
    expect(cars.length).toBeGreaterThanOrEqual(3);
    for (const car of cars) {
      expect(car.isAdvertised).toBe(true);
      expect(car.isPaid).toBe(false);
      expect(Object.keys(car).sort()).toEqual(
        [
          "_id",
          "productName",
          "originalPrice",
          "resalePrice",
          "location",
          "categoryId",
          "condition",
          "mobile",
          "productDescription",
          "purchaseYear",
          "image",
          "createdDate",
          "seller",
          "email",
          "isAdvertised",
          "isPaid",
          "sellerVerified",
          // The contract's "Product, extended"
          "sellerId",
          "images",
          "make",
          "model",
          "mileageKm",
          "transmission",
          "fuel",
          "colour",
          "vin",
          "priceRating",
          "updatedAt",
        ].sort(),
      );
    }
    const dates = cars.map((car) => car.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(cars.some((car) => car.sellerVerified)).toBe(true);
  });

  it("answers unknown /api paths with a JSON 404 and wrong methods with a JSON 405", async () => {
    const missing = await get("/api/no-such-thing");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Not found" });

    const wrongMethod = await get("/api/categories", { method: "DELETE" });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toContain("GET");
    expect(await wrongMethod.json()).toEqual({ message: expect.stringContaining("DELETE") });
  });
});

describe("Worker routing", () => {
  it("hands form POSTs to React Router rather than dropping them", async () => {
    const response = await get("/blog", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl },
      body: "anything=1",
    });
    // A route without an action: React Router itself answers 405 with the page's error screen.
    expect(response.status).toBe(405);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await response.text()).toContain("This page cannot handle that request.");
  });

  it("answers OPTIONS on a page with 204 and the methods pages take", async () => {
    const response = await get("/login", { method: "OPTIONS" });
    expect(response.status).toBe(204);
    expect(response.headers.get("allow")).toBe("GET, HEAD, POST");
  });

  it("serves photos from R2 with immutable caching, nosniff and an ETag that answers 304", async () => {
    const categories = (await (await get("/api/categories")).json()) as Category[];
    const category = categories.find((candidate) => candidate.categoryName === "Sedan")!;
    const photo = await get(category.image);
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(photo.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = new Uint8Array(await photo.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const etag = photo.headers.get("etag")!;
    const again = await get(category.image, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect((await get("/images/does-not-exist.jpg")).status).toBe(404);
  });
});

describe("Server-rendered pages", () => {
  it("renders Home with its categories and advertised cars in the HTML, at / and /home", async () => {
    const categories = (await (await get("/api/categories")).json()) as Category[];
    const advertised = (await (await get("/api/products/advertisement")).json()) as Car[];
    expect(categories.length).toBeGreaterThan(0);
    expect(advertised.length).toBeGreaterThan(0);
    for (const path of ["/", "/home"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("<title>Home - AR</title>");
      // The busiest twelve at most (decision record 23), and a way to the rest when there are more.
      const shown = new Set([...html.matchAll(/href="\/category\/([^"]+)"/g)].map((match) => match[1]));
      expect(shown.size).toBe(Math.min(categories.length, 12));
      for (const id of shown) expect(categories.map((category) => category._id)).toContain(id);
      if (categories.length > 12) expect(html).toContain(`See all ${categories.length} categories`);
      for (const car of advertised) expect(html).toContain(car.productName);
      expect(html).toContain('aria-roledescription="carousel"');
      expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(5);
      expect(html.match(/<details/g)!.length).toBeGreaterThanOrEqual(4);
      expect(html).toContain("17-digit VIN");
    }
  });

  it("renders /categories: every category by cars for sale (then by name) with its count, a page of 24 at a time, public", async () => {
    const categories = (await (await get("/api/categories")).json()) as Category[];
    const { facets } = (await (await get("/api/products?limit=1")).json()) as {
      facets: { categoryId: { value: string; count: number }[] };
    };
    const forSale = (category: Category) => facets.categoryId.find((entry) => entry.value === category._id)?.count ?? 0;
    const expected = categories.toSorted((a, b) => forSale(b) - forSale(a)).slice(0, 24); // a stable sort keeps the API's name order
    const response = await get("/categories");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("<title>All categories - AR</title>");
    const listed = [...html.matchAll(/href="\/category\/([^"]+)"/g)].map((match) => match[1]);
    expect(listed).toEqual(expected.map((category) => category._id));
    for (const category of expected) expect(html).toContain(`${forSale(category)} ${forSale(category) === 1 ? "car" : "cars"} for sale`);
    expect(await (await get("/categories?page=999")).text()).toContain("No categories on this page.");
  });

  it("renders the blog with its four questions", async () => {
    const html = await (await get("/blog")).text();
    expect(html).toContain("<title>Blog - AR</title>");
    expect(html).toContain("Some important interview Qustions");
    expect(html.match(/<article/g)).toHaveLength(4);
  });

  it("answers unknown pages with the 404 page", async () => {
    const response = await get("/no/such/page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Sorry, we couldn&#x27;t find this page.");
    expect(html).toContain("Turn off add blocker and try again!");
    expect(html).toContain("Back to homepage");
  });

  it("loads nothing from other origins", async () => {
    const html = (await (await get("/")).text()).replace(/<link rel="canonical"[^>]*>/, "");
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    const external = sources.filter((url) => /^(https?:)?\/\//.test(url));
    // Only the footer's social links point away; nothing is loaded from them.
    expect(external.length).toBeGreaterThan(0);
    expect(external.every((url) => /twitter|youtube|facebook/.test(url))).toBe(true);
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)="(https?:)?\/\//);
  });
});

describe("SEO basics", () => {
  it("give public pages a title, a description and a canonical URL", async () => {
    for (const [path, title] of [
      ["/", "Home - AR"],
      ["/blog", "Blog - AR"],
      ["/login", "Sign In - AR"],
      ["/register", "Sign Up - AR"],
      ["/about", "About us - AR"],
    ]) {
      const html = await (await get(path)).text();
      expect(html, path).toContain(`<title>${title}</title>`);
      expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
      expect(html, path).toContain(`<link rel="canonical" href="${appUrl}${path}"`);
    }
    expect(await (await get("/home")).text()).toContain(`<link rel="canonical" href="${appUrl}/"`);
  });

  it("give Home and category pages Open Graph tags", async () => {
    const home = await (await get("/")).text();
    for (const property of ["og:title", "og:description", "og:url", "og:image", "og:type"])
      expect(home).toContain(`property="${property}"`);
    const [category] = (await (await get("/api/categories")).json()) as Category[];
    const cookie = await signIn("buyer@autoreseller.test");
    const page = await (await get(`/category/${category._id}`, { headers: { cookie } })).text();
    expect(page).toContain(`property="og:url" content="${appUrl}/category/${category._id}"`);
    expect(page).toContain(`property="og:image" content="${appUrl}${category.image}"`);
  });

  it("serve robots.txt and a sitemap of pages a visitor can open, categories as their public searches", async () => {
    const robots = await (await get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /dashboard");
    expect(robots).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await sitemap.text();
    const categories = (await (await get("/api/categories")).json()) as Category[];
    expect(categories.length).toBeGreaterThan(0);
    for (const path of ["/", "/blog", "/login", "/register"]) expect(xml).toContain(`<loc>${appUrl}${path}</loc>`);
    for (const category of categories) expect(xml).toContain(`/cars?categoryId=${category._id}</loc>`);
    // /category/:id asks visitors to sign in (the spec's route table): never in the sitemap.
    expect(xml).not.toContain("/category/");
    const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1].replaceAll("&#38;", "&"));
    const pages = locations.filter((url) => !url.includes("/cars/")).concat(locations.filter((url) => url.includes("/cars/")).slice(0, 5));
    for (const url of pages) expect(`${url} ${(await fetch(url, { redirect: "manual" })).status}`).toBe(`${url} 200`);
  });
});
