import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, registerSeller, request, sql, uniqueEmail, uploadImage } from "./client";

// GET /api/products, the contract's search ("Search query"): each filter alone and combined, every
// sort, keywords, facets, paging and malformed parameters. Every query is scoped to one fresh
// seller's cars (`sellerId` is a filter too), so the demo catalogue does not move the counts.

interface SearchAnswer {
  data: Car[];
  total: number;
  currentPage: number;
  totalPages: number;
  facets: Record<"make" | "location" | "condition" | "categoryId", { value: string; count: number }[]>;
  nextCursor: string | null;
  previousCursor: string | null;
}

let sellerId: string;
let categories: string[];
const ids: Record<string, string> = {};

const CARS = [
  {
    key: "corolla",
    make: "Toyota",
    model: "Corolla",
    location: "Dhaka",
    condition: "Good",
    transmission: "automatic",
    fuel: "petrol",
    resalePrice: 15000,
    purchaseYear: 2017,
    mileageKm: 60000,
    productDescription: "Single owner, très propre.",
  },
  {
    key: "axio",
    make: "toyota",
    model: "Corolla Axio",
    location: "Chittagong",
    condition: "Excellent",
    transmission: "manual",
    fuel: "hybrid",
    resalePrice: 20000,
    purchaseYear: 2019,
    mileageKm: 30000,
    productDescription: "Hybrid, low mileage.",
  },
  {
    key: "civic",
    make: "Honda",
    model: "Civic",
    location: "Dhaka",
    condition: "Fair",
    transmission: "automatic",
    fuel: "petrol",
    resalePrice: 12000,
    purchaseYear: 2015,
    mileageKm: 120000,
    productDescription: "Needs new tyres.",
  },
  {
    key: "octavia",
    make: "Škoda",
    model: "Octavia",
    location: "Sylhet",
    condition: "Good",
    transmission: "manual",
    fuel: "diesel",
    resalePrice: 18000,
    purchaseYear: 2018,
    mileageKm: 80000,
    productDescription: "Estate with a tow bar.",
  },
  {
    key: "fit",
    make: "Honda",
    model: "Fit",
    location: "Dhaka",
    condition: "Good",
    transmission: "automatic",
    fuel: "hybrid",
    resalePrice: 9000,
    purchaseYear: 2016,
    mileageKm: 90000,
    productDescription: "City car, owner abroad.",
  },
] as const;

beforeAll(async () => {
  const email = uniqueEmail("search");
  sellerId = await registerSeller({ email, name: "Search Motors" });
  const token = await accessToken(email);
  const photo = await uploadImage(
    await renderJpeg(carPhotoSvg({ body: "sedan", color: "#334155", seed: 5 })),
    "car.jpg",
    "image/jpeg",
    token,
  );
  const image = ((await photo.json()) as { data: { url: string } }).data.url;
  categories = (await sql("select id from categories order by name limit 2")).map((row) => String(row.id));
  for (const [index, { key, ...car }] of CARS.entries()) {
    const response = await apiJson(
      "/api/products/add",
      {
        ...car,
        productName: `${car.make} ${car.model} ${car.purchaseYear}`,
        originalPrice: car.resalePrice + 5000,
        categoryId: categories[index % 2],
        mobile: "+880 1711-000000",
        image,
      },
      { token },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    ids[key] = ((await response.json()) as { insertedId: string }).insertedId;
    // Distinct creation times, the corolla newest.
    await sql("update products set created_at = ? where id = ?", [new Date(Date.UTC(2026, 10, 20 - index)).toISOString(), ids[key]]);
  }
  // A sold car of the same seller never shows.
  const sold = await apiJson(
    "/api/products/add",
    { ...CARS[0], productName: "Sold Toyota", originalPrice: 30000, categoryId: categories[0], mobile: "+880 1711-000000", image },
    { token },
  );
  await sql("update products set is_paid = 1 where id = ?", [((await sold.json()) as { insertedId: string }).insertedId]);
});

async function search(params: Record<string, string | number> = {}) {
  const query = new URLSearchParams(Object.entries({ sellerId, ...params }).map(([key, value]) => [key, String(value)]));
  const response = await request(`/api/products?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as SearchAnswer;
}

const keysOf = (answer: SearchAnswer) => answer.data.map((car) => Object.keys(ids).find((key) => ids[key] === car._id));

describe("GET /api/products filters", () => {
  it("lists every unsold car newest first with the paged-list shape and facets", async () => {
    const answer = await search();
    expect(keysOf(answer)).toEqual(["corolla", "axio", "civic", "octavia", "fit"]);
    expect(answer).toMatchObject({ total: 5, currentPage: 1, totalPages: 1 });
    expect(Object.keys(answer.data[0])).not.toContain("photos");
  });

  it.each<[string, Record<string, string | number>, string[]]>([
    ["make, whatever its letter case", { make: "TOYOTA" }, ["corolla", "axio"]],
    ["model", { model: "civic" }, ["civic"]],
    ["model, by the start of any of its words whatever the case", { model: "COROLLA" }, ["corolla", "axio"]],
    ["model, a later word of it", { model: "axi" }, ["axio"]],
    ["model, every word typed", { model: "corolla axio" }, ["axio"]],
    ["model, never a word's middle", { model: "rolla" }, []],
    ["model, within its own field only", { model: "toyota" }, []],
    // LIKE's wildcards and its escape character are the characters themselves, never "any model".
    ["model, a lone wildcard taken literally", { model: "_" }, []],
    ["model, a percent sign taken literally", { model: "%" }, []],
    ["model, a backslash taken literally", { model: "\\" }, []],
    ["make, only whole", { make: "Toy" }, []],
    ["location", { location: "Dhaka" }, ["corolla", "civic", "fit"]],
    ["condition", { condition: "Good" }, ["corolla", "octavia", "fit"]],
    ["transmission", { transmission: "manual" }, ["axio", "octavia"]],
    ["fuel", { fuel: "hybrid" }, ["axio", "fit"]],
    ["minimum price", { minPrice: 15000 }, ["corolla", "axio", "octavia"]],
    ["maximum price", { maxPrice: 12000 }, ["civic", "fit"]],
    ["year range", { minYear: 2016, maxYear: 2018 }, ["corolla", "octavia", "fit"]],
    ["maximum mileage", { maxMileage: 80000 }, ["corolla", "axio", "octavia"]],
    ["category", { categoryId: "first" }, ["corolla", "civic", "fit"]],
    ["several at once (AND)", { make: "honda", location: "Dhaka", maxPrice: 10000 }, ["fit"]],
    ["filters that match nothing", { make: "Toyota", fuel: "diesel" }, []],
  ])("narrows by %s", async (_, params, expected) => {
    const resolved = params.categoryId === "first" ? { ...params, categoryId: categories[0] } : params;
    expect(keysOf(await search(resolved))).toEqual(expected);
  });
});

describe("GET /api/products keywords", () => {
  it.each<[string, string, string[]]>([
    ["a word's start", "coro", ["corolla", "axio"]],
    ["every word (AND), in any field", "toyota single", ["corolla"]],
    ["ignoring case", "HONDA", ["civic", "fit"]],
    ["ignoring accents in the car", "tres propre", ["corolla"]],
    ["ignoring accents in the query", "škoda", ["octavia"]],
    ["ignoring accents the other way", "skoda", ["octavia"]],
    ["the description", "tyres", ["civic"]],
    ["a word's middle never", "rolla", []],
  ])("match %s", async (_, q, expected) => {
    expect(keysOf(await search({ q }))).toEqual(expected);
  });

  it("combine with filters and sorts", async () => {
    expect(keysOf(await search({ q: "owner", sort: "price_asc" }))).toEqual(["fit", "corolla"]);
  });
});

describe("GET /api/products sorts", () => {
  it.each<[string, string[]]>([
    ["newest", ["corolla", "axio", "civic", "octavia", "fit"]],
    ["price_asc", ["fit", "civic", "corolla", "octavia", "axio"]],
    ["price_desc", ["axio", "octavia", "corolla", "civic", "fit"]],
    ["mileage_asc", ["axio", "corolla", "octavia", "fit", "civic"]],
    ["year_desc", ["axio", "octavia", "corolla", "fit", "civic"]],
  ])("%s", async (sort, expected) => {
    expect(keysOf(await search({ sort }))).toEqual(expected);
  });
});

describe("GET /api/products facets", () => {
  it("count the cars matching every filter but the facet's own, most frequent first", async () => {
    const { facets, total } = await search({ make: "Toyota", location: "Dhaka" });
    expect(total).toBe(1);
    // Makes of the Dhaka cars (the make filter left out); locations of the Toyotas.
    expect(facets.make).toEqual([
      { value: "Honda", count: 2 },
      { value: "Toyota", count: 1 },
    ]);
    expect(facets.location).toEqual([
      { value: "Chittagong", count: 1 },
      { value: "Dhaka", count: 1 },
    ]);
    expect(facets.condition).toEqual([{ value: "Good", count: 1 }]);
    expect(facets.categoryId).toEqual([{ value: categories[0], count: 1 }]);
  });

  it("merge makes that differ only in letter case", async () => {
    const { facets } = await search();
    expect(facets.make.map(({ count }) => count)).toEqual([2, 2, 1]);
    expect(facets.make.find((facet) => /toyota/i.test(facet.value))).toEqual({ value: expect.stringMatching(/^toyota$/i), count: 2 });
  });
});

describe("GET /api/products paging", () => {
  it("pages with limit, and answers an empty page past the end", async () => {
    const first = await search({ limit: 2 });
    expect(keysOf(first)).toEqual(["corolla", "axio"]);
    expect(first).toMatchObject({ total: 5, totalPages: 3, currentPage: 1 });
    expect(keysOf(await search({ limit: 2, page: 3 }))).toEqual(["fit"]);
    expect(await search({ limit: 2, page: 9 })).toMatchObject({ data: [], total: 5, currentPage: 9 });
  });

  it("pages by cursor too: nextCursor leads to the next page, previousCursor back, page only numbers them", async () => {
    const first = await search({ limit: 2, sort: "price_asc" });
    expect(first.previousCursor).toBeNull();
    const second = await search({ limit: 2, sort: "price_asc", page: 2, after: first.nextCursor! });
    expect(keysOf(second)).toEqual(keysOf(await search({ limit: 2, sort: "price_asc", page: 2 })));
    expect(second).toMatchObject({ total: 5, totalPages: 3, currentPage: 2 });
    const third = await search({ limit: 2, sort: "price_asc", page: 3, after: second.nextCursor! });
    expect(third.nextCursor).toBeNull();
    expect(keysOf(await search({ limit: 2, sort: "price_asc", page: 2, before: third.previousCursor! }))).toEqual(keysOf(second));
  });

  it("defaults to 24 a page, newest first, over every seller's unsold cars", async () => {
    const response = await request("/api/products");
    const answer = (await response.json()) as SearchAnswer;
    expect(answer.data.length).toBeLessThanOrEqual(24);
    expect(answer.data.every((car) => !car.isPaid)).toBe(true);
    const dates = answer.data.map((car) => car.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("GET /api/products malformed parameters", () => {
  it.each<[string, string]>([
    ["minPrice=cheap", "minPrice"],
    ["maxPrice=-5", "maxPrice"],
    ["minPrice=20000&maxPrice=10000", "minPrice"],
    ["minYear=2020&maxYear=2010", "minYear"],
    ["minYear=20x", "minYear"],
    ["maxMileage=1.5", "maxMileage"],
    ["sort=cheapest", "sort"],
    ["location=Mars", "location"],
    ["condition=New", "condition"],
    ["transmission=cvt", "transmission"],
    ["fuel=steam", "fuel"],
    ["page=0", "page"],
    ["limit=51", "limit"],
    [`q=${"a".repeat(101)}`, "q"],
    ["after=not-a-cursor", "after"],
    ["before=WyJuZXdlc3QiXQ", "before"],
  ])("%s → 400 with an issue on %s", async (query, path) => {
    const response = await request(`/api/products?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; issues: { path: string; message: string }[] };
    expect(body.issues.map((issue) => issue.path)).toContain(path);
  });
});
