import { beforeAll, describe, expect, it } from "vitest";
import { type Category } from "~/lib/schemas/types";
import { appUrl, request, signIn } from "./client";

// The search pages' server-rendered HTML (/cars, a category's page, Home's search box) against the
// demo market, each number checked against GET /api/products with the same filters.

interface SearchAnswer {
  total: number;
  facets: Record<"make" | "location" | "condition" | "categoryId", { value: string; count: number }[]>;
}

const api = async (query: string) => (await (await request(`/api/products?${query}`)).json()) as SearchAnswer;
const page = async (path: string, cookie?: string) => {
  const response = await request(path, cookie ? { headers: { cookie } } : {});
  expect(response.status, path).toBe(200);
  return response.text();
};
const countText = (total: number) => `${total.toLocaleString("en-US")} ${total === 1 ? "car" : "cars"}`;
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1].replaceAll("&amp;", "&");
const optionOf = (value: string, text: string) =>
  new RegExp(`<option value="${value}"( selected="")?>${text.replace(/[()$]/g, "\\$&")}</option>`);
/** The href of the link with this accessible name (aria-label) or text. */
const hrefOf = (html: string, name: string) => {
  const tag = [...html.matchAll(/<a\b[^>]*>([^<]*)/g)].find((match) => match[0].includes(`aria-label="${name}"`) || match[1] === name)?.[0];
  return tag && /href="([^"]*)"/.exec(tag)?.[1].replaceAll("&amp;", "&");
};
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

let categories: Category[];
let suv: Category;

beforeAll(async () => {
  categories = (await (await request("/api/categories")).json()) as Category[];
  suv = categories.find((category) => category.categoryName === "SUV")!;
});

describe("the search page /cars", () => {
  it("shows the URL's filters selected, the count, option counts from the facets and a chip per filter", async () => {
    const html = await page("/cars?make=Toyota&location=Dhaka&sort=price_asc");
    const answer = await api("make=Toyota&location=Dhaka");
    expect(answer.total).toBeGreaterThan(0);
    expect(html).toContain(`>${countText(answer.total)}</p>`);
    expect(html).toMatch(/<input[^>]*name="make"[^>]*value="Toyota"/);
    expect(html).toContain('<option value="Dhaka" selected="">');
    expect(html).toContain('<option value="price_asc" selected="">');
    // Each location's count is what choosing it instead would give (the facet leaves its own filter out).
    for (const { value, count } of answer.facets.location) expect(html).toMatch(optionOf(value, `${value} (${count})`));
    for (const { value, count } of answer.facets.make) expect(html).toContain(`<option value="${value}">${value} (${count})</option>`);
    const sedan = categories.find((category) => category.categoryName === "Sedan")!;
    const sedans = answer.facets.categoryId.find((entry) => entry.value === sedan._id)?.count ?? 0;
    expect(html).toContain(`<option value="${sedan._id}">Sedan (${sedans})</option>`);
    // Chips remove one filter each and keep the rest.
    expect(hrefOf(html, "Remove filter: Make Toyota")).toBe("/cars?location=Dhaka&sort=price_asc");
    expect(hrefOf(html, "Remove filter: Location Dhaka")).toBe("/cars?make=Toyota&sort=price_asc");
    expect(hrefOf(html, "Clear all")).toBe("/cars?sort=price_asc");
    // Without JavaScript the form is a GET form to /cars with its own submit button.
    expect(html).toMatch(/<form[^>]*action="\/cars" method="get"/);
    expect(html).toContain("Show results");
  });

  it("pages through every car for sale, the pages keeping the sort", async () => {
    const all = await api("");
    const html = await page("/cars?sort=price_desc");
    expect(html).toContain(`>${countText(all.total)}</p>`);
    expect(html.match(/<article/g)).toHaveLength(24);
    expect(html).toContain('href="/cars?sort=price_desc&amp;page=2"');
    // Next goes by cursor: page 2 starts where page 1 ended, as its number says.
    const next = hrefOf(html, "Next")!;
    expect(next).toMatch(/^\/cars\?sort=price_desc&page=2&after=[\w-]+$/);
    const second = await page(next);
    const cars = (html: string) => [...html.matchAll(/<article aria-labelledby="product-([^"]+)"/g)].map((match) => match[1]);
    expect(cars(second)).toEqual(cars(await page("/cars?sort=price_desc&page=2")));
    expect(hrefOf(second, "Previous")).toBe("/cars?sort=price_desc");
    const last = Math.ceil(all.total / 24);
    const lastPage = await page(`/cars?sort=price_desc&page=${last}`);
    expect(lastPage.match(/<article/g)).toHaveLength(all.total - (last - 1) * 24);
  });

  it("says which filter to loosen when nothing matches, and how many cars that gives", async () => {
    const toyotas = await api("make=Toyota");
    const html = await page("/cars?make=Toyota&maxPrice=1");
    expect(html).toContain(`>0 cars</p>`);
    expect(html).toContain(`No cars match. Try removing “Max price $1” — ${countText(toyotas.total)} without it.`);
    expect(hrefOf(html, "Remove Max price $1")).toBe("/cars?make=Toyota");

    const nothing = await page("/cars?q=zzzzqqq&maxPrice=1");
    expect(nothing).toContain("No cars match these filters, and removing any one of them is not enough.");
  });

  it("drops malformed values from the URL and keeps the rest (never a 400 or 500 page)", async () => {
    const toyotas = await api("make=Toyota");
    const html = await page("/cars?make=Toyota&minPrice=abc&sort=bogus&page=-1&location=Mars&maxYear=99999&condition=");
    expect(html).toContain(`>${countText(toyotas.total)}</p>`);
    expect(html).toContain('aria-label="Remove filter: Make Toyota"');
    expect(html).not.toContain("Remove filter: Location");
    expect(html).not.toContain("Remove filter: Min price");
    expect(html).toContain('<option value="newest" selected="">');

    // A minimum above its maximum: the minimum goes, the maximum stays.
    const clash = await page("/cars?minPrice=50000&maxPrice=20000");
    expect(clash).toContain('aria-label="Remove filter: Max price $20,000"');
    expect(clash).not.toContain("Remove filter: Min price");
    expect(clash).toContain(`>${countText((await api("maxPrice=20000")).total)}</p>`);

    for (const path of ["/cars?page=999999999999", "/cars?q=" + "x".repeat(500), "/cars?make=%00%ff", "/cars?page=99"])
      expect((await request(path)).status, path).toBe(200);
    expect(await page("/cars?page=99")).toContain("This page is past the last one.");
  });

  it("gives a make's and a category's page their own title and canonical URL, and every other state plain /cars", async () => {
    const toyota = await page("/cars?make=toyota&sort=price_asc&location=Dhaka");
    expect(titleOf(toyota)).toBe("Used Toyota cars for sale - AR");
    expect(canonicalOf(toyota)).toBe(`${appUrl}/cars?make=Toyota`);
    expect(canonicalOf(await page("/cars?make=Toyota&page=2"))).toBe(`${appUrl}/cars?make=Toyota&page=2`);

    const suvs = await page(`/cars?categoryId=${suv._id}`);
    expect(titleOf(suvs)).toBe("Used SUV cars for sale - AR");
    expect(canonicalOf(suvs)).toBe(`${appUrl}/cars?categoryId=${suv._id}`);

    const keywords = await page("/cars?q=hybrid&location=Dhaka&page=2");
    expect(titleOf(keywords)).toBe("Used cars for sale - AR");
    expect(canonicalOf(keywords)).toBe(`${appUrl}/cars`);
    expect(canonicalOf(await page("/blog"))).toBe(`${appUrl}/blog`);
  });

  it("lists /cars and a page for every make for sale in the sitemap", async () => {
    const xml = await (await request("/sitemap.xml")).text();
    expect(xml).toContain(`<loc>${appUrl}/cars</loc>`);
    const makes = (await api("")).facets.make.map((entry) => entry.value);
    expect(makes.length).toBe(14);
    for (const make of makes)
      expect(xml).toContain(`<loc>${appUrl}/cars?${new URLSearchParams({ make }).toString().replaceAll("&", "&#38;")}</loc>`);
    expect(xml).toContain(`<loc>${appUrl}/cars?categoryId=${suv._id}</loc>`);
  });
});

describe("headings", () => {
  it("descend a level at a time on /cars and a category's page, down to the cards' h3s (Lighthouse's heading order)", async () => {
    const cookie = await signIn("buyer@autoreseller.test");
    for (const html of [await page("/cars"), await page(`/category/${categories[0]._id}`, cookie)]) {
      const main = html.split('id="main"')[1];
      const levels = [...main.matchAll(/<h([1-6])\b/g)].map((match) => Number(match[1]));
      expect(levels).toContain(3);
      levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0), levels.join(",")).toBeLessThanOrEqual(1));
    }
  });
});

describe("Home's search box and the navbar", () => {
  it("send keywords, a location and a maximum price to /cars", async () => {
    const html = await page("/");
    const form = /<form[^>]*action="\/cars"[^>]*>([\s\S]*?)<\/form>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="get"');
    for (const name of ["q", "location", "maxPrice"]) expect(form).toContain(`name="${name}"`);
    expect(form).toContain('<option value="Dhaka">Dhaka</option>');
    expect(html).toMatch(/<a[^>]*href="\/cars"[^>]*>Browse cars<\/a>/);
  });
});

describe("a category's page", () => {
  it("needs sign-in and offers the same filters and sort with its category fixed", async () => {
    expect((await request(`/category/${suv._id}?make=Toyota`)).status).toBe(302);
    const cookie = await signIn("buyer@autoreseller.test");
    const html = await page(`/category/${suv._id}?make=Toyota&sort=price_asc&categoryId=elsewhere`, cookie);
    const answer = await api(`categoryId=${suv._id}&make=Toyota`);
    expect(answer.total).toBeGreaterThan(0);
    expect(html).toContain(`${answer.total} ${answer.total === 1 ? "car" : "cars"} for sale`);
    expect(html).toContain(`>${countText(answer.total)}</p>`);
    expect(html).not.toContain('name="categoryId"');
    expect(html).toMatch(new RegExp(`<form[^>]*action="/category/${suv._id}" method="get"`));
    expect(html).toContain('<option value="price_asc" selected="">');
    expect(hrefOf(html, "Remove filter: Make Toyota")).toBe(`/category/${suv._id}?sort=price_asc`);
    for (const { value, count } of answer.facets.location) expect(html).toMatch(optionOf(value, `${value} (${count})`));
    expect(html).not.toContain("Remove filter: Category");

    const empty = await page(`/category/${suv._id}?make=Toyota&maxPrice=1`, cookie);
    expect(empty).toContain(`Try removing “Max price $1” — ${countText(answer.total)} without it.`);
  });
});
