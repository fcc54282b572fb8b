import * as v from "valibot";
import { beforeAll, describe, expect, it } from "vitest";
import { countsKey } from "~/.server/services/search/search-counts";
import { searchQuerySchema } from "~/lib/schemas/search";
import { type Car } from "~/lib/schemas/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { dealHelpers } from "../support/deal";
import { eventually } from "../support/eventually";
import { accessToken, apiJson, firstCategoryId, registerSeller, request, sql, stack, uniqueEmail, uploadImage } from "./client";

// Search freshness as the contract says it (decision record 28): the page of results always shows
// every finished write; `total` and `facets` may lag by at most 60 s and say as of when
// (`facetsAsOf`). The stored counts' age is moved by rewriting their `counted_at` (the app's clock
// is the real one here), never by waiting.

interface SearchAnswer {
  data: Car[];
  total: number;
  facets: Record<string, { value: string; count: number }[]>;
  facetsAsOf: string;
}

let seller: { id: string; token: string };
let photo: () => Promise<string>;
const make = `Freshmake${Date.now()}`;
// Two filters: these counts are stored per search, not kept by triggers.
const inDhaka = `make=${make}&location=Dhaka`;

beforeAll(async () => {
  const email = uniqueEmail("search-freshness");
  seller = { id: await registerSeller({ email, name: "Fresh Motors" }), token: "" };
  seller.token = await accessToken(email);
  const jpeg = await renderJpeg(carPhotoSvg({ body: "hatchback", color: "#1d4ed8", seed: 3 }));
  photo = async () =>
    ((await (await uploadImage(jpeg, "car.jpg", "image/jpeg", seller.token)).json()) as { data: { url: string } }).data.url;
});

async function addCar(fields: Record<string, unknown> = {}) {
  const response = await apiJson(
    "/api/products/add",
    {
      productName: `${make} Hatch`,
      originalPrice: 9000,
      resalePrice: 6500,
      location: "Dhaka",
      categoryId: await firstCategoryId(),
      condition: "Good",
      mobile: "+880 1711-000000",
      productDescription: "One owner.",
      purchaseYear: 2014,
      make,
      image: await photo(),
      ...fields,
    },
    { token: seller.token },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

async function search(query: string) {
  const response = await request(`/api/products?${query}`);
  expect(response.status).toBe(200);
  const outcome = /search-counts;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
  return { ...((await response.json()) as SearchAnswer), outcome };
}

/** Asserts an answer's `facetsAsOf` is an ISO date at most 60 s before now, and gives it in ms. */
function asOf(answer: SearchAnswer): number {
  expect(answer.facetsAsOf).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  const at = Date.parse(answer.facetsAsOf);
  expect(Date.now() - at).toBeLessThanOrEqual(60_000);
  expect(at).toBeLessThanOrEqual(Date.now());
  return at;
}

const dhakaCount = (answer: SearchAnswer) => answer.facets.location.find((entry) => entry.value === "Dhaka")?.count;
/** The test make's unsold cars in Dhaka, counted now. */
async function carsInDhaka() {
  const [row] = await sql("select count(*) as n from products where make = ? and location = 'Dhaka' and is_paid = 0", [make]);
  return Number(row.n);
}
const ids = (answer: SearchAnswer) => answer.data.map((car) => car._id);

/** Makes the stored counts of a search (by its filters' key) `seconds` old. */
async function ageCounts(filters: string, seconds: number) {
  const key = countsKey(v.parse(searchQuerySchema, Object.fromEntries(new URLSearchParams(filters))));
  const at = Date.now() - seconds * 1000;
  const rows = await sql("update search_counts set counted_at = ?, refreshing_since = null where filters = ? returning counted_at", [
    at,
    key,
  ]);
  expect(rows, `no stored counts under ${key}`).toHaveLength(1);
  return at;
}

describe("search freshness", () => {
  it("shows a new listing on the first page of a matching search at once, in the API and on /cars", async () => {
    await addCar();
    const before = await search(`${inDhaka}&limit=1`);
    expect(before.total).toBe(1);
    asOf(before);
    const added = await addCar({ productName: `${make} Newest` });
    const after = await search(`${inDhaka}&limit=1`);
    expect(ids(after)).toEqual([added]);
    asOf(after);
    const page = await request(`/cars?${inDhaka}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`/cars/${added}`);
    // The page says as of when its counts are.
    expect(html).toMatch(/Counted at <time dateTime="\d{4}-\d{2}-\d{2}T[\d:.]+Z">\d{2}:\d{2}:\d{2}<!-- --> UTC<\/time>/);
  });

  it("shows a price change at once, in the sort's order", async () => {
    const cheap = await addCar({ resalePrice: 1200 });
    const repriced = await addCar({ resalePrice: 1500 });
    expect(ids(await search(`${inDhaka}&sort=price_asc&limit=2`))).toEqual([cheap, repriced]);
    const edit = await apiJson(`/api/products/${repriced}`, { resalePrice: 1100 }, { method: "PATCH", token: seller.token });
    expect(edit.status).toBe(200);
    const answer = await search(`${inDhaka}&sort=price_asc&limit=2`);
    expect(ids(answer)).toEqual([repriced, cheap]);
    expect(answer.data[0].resalePrice).toBe(1100);
  });

  it("takes a sold car off the page at once, and out of the counts triggers keep", async () => {
    const { party, paidBooking } = dealHelpers(stack);
    const sold = await addCar({ resalePrice: 900 });
    const byMake = await search(`make=${make}`); // one facet filter: counts kept by triggers, exact
    expect(byMake.outcome).toBe("kept");
    expect(ids(await search(`${inDhaka}&sort=price_asc&limit=1`))).toEqual([sold]);
    await paidBooking(await party("buyer", "fresh-buyer"), sold);
    const after = await search(`${inDhaka}&sort=price_asc&limit=1`);
    expect(ids(after)).not.toContain(sold);
    const keptAfter = await search(`make=${make}`);
    expect(keptAfter.total).toBe(byMake.total - 1);
    expect(dhakaCount(keptAfter)).toBe(dhakaCount(byMake)! - 1);
    asOf(keptAfter);
  });

  it("counts again before answering once the stored counts are 60 s old", async () => {
    await search(`${inDhaka}&limit=1`);
    await addCar();
    const aged = await ageCounts(inDhaka, 61);
    const answer = await search(`${inDhaka}&limit=1`);
    expect(answer.outcome).toBe("counted");
    expect(asOf(answer)).toBeGreaterThan(aged);
    expect(dhakaCount(answer)).toBe(await carsInDhaka());
    expect(answer.total).toBe(await carsInDhaka());
  });

  it("serves counts 30-60 s old as they are, with their facetsAsOf, and counts again after the response", async () => {
    await ageCounts(inDhaka, 61);
    const first = await search(`${inDhaka}&limit=1`); // counted now
    expect(dhakaCount(first)).toBe(await carsInDhaka());
    await addCar();
    const aged = await ageCounts(inDhaka, 45);
    const stale = await search(`${inDhaka}&limit=1`);
    expect(stale.outcome).toBe("stale");
    expect(Date.parse(stale.facetsAsOf)).toBe(aged);
    asOf(stale);
    expect(dhakaCount(stale)).toBe(dhakaCount(first));
    // The recount runs after that response (waitUntil): the next answers catch up.
    const caughtUp = await eventually(
      () => search(`${inDhaka}&limit=1`),
      (answer) => answer.outcome === "fresh" && Date.parse(answer.facetsAsOf) > aged,
    );
    expect(dhakaCount(caughtUp)).toBe(await carsInDhaka());
    expect(dhakaCount(caughtUp)).toBe(dhakaCount(first)! + 1);
    asOf(caughtUp);
  });
});
