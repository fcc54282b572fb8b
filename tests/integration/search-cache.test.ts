import { beforeAll, describe, expect, it } from "vitest";
import { type Product } from "~/lib/types";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { accessToken, apiJson, firstCategoryId, registerSeller, request, sql, uniqueEmail, uploadImage } from "./client";

// Search answers are cached (Workers Cache API) and served only while the catalogue's version, raised
// by triggers on every change an answer shows, still stands: a repeated search is a hit, and after
// any such change the very next search reads the database again and shows it.

interface SearchAnswer {
  data: Product[];
  total: number;
  facets: Record<string, { value: string; count: number }[]>;
}

let seller: { id: string; token: string };
let photo: () => Promise<string>;
const make = `Cachemake${Date.now()}`;

beforeAll(async () => {
  const email = uniqueEmail("search-cache");
  seller = { id: await registerSeller({ email, name: "Cache Motors" }), token: "" };
  seller.token = await accessToken(email);
  const jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#0f766e", seed: 9 }));
  photo = async () =>
    ((await (await uploadImage(jpeg, "car.jpg", "image/jpeg", seller.token)).json()) as { data: { url: string } }).data.url;
});

async function addCar(fields: Record<string, unknown> = {}) {
  const response = await apiJson(
    "/api/products/add",
    {
      productName: `${make} Runabout`,
      originalPrice: 9000,
      resalePrice: 6500,
      location: "Dhaka",
      categoryId: await firstCategoryId(),
      condition: "Good",
      mobile: "+880 1711-000000",
      productDescription: "Kept in a garage.",
      purchaseYear: 2012,
      make,
      image: await photo(),
      ...fields,
    },
    { token: seller.token },
  );
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** The seller's cars by the test's make; `outcome` is the cache's word on it. */
async function search() {
  const response = await request(`/api/products?make=${make}&sellerId=${seller.id}`);
  expect(response.status).toBe(200);
  const outcome = /search-cache;desc=(\w+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
  return { answer: (await response.json()) as SearchAnswer, outcome };
}

/** Searches until the answer is cached (the cache is written after a response), then returns it. */
async function cachedAnswer() {
  const first = await search();
  for (let attempt = 0; attempt < 50; attempt++) {
    const again = await search();
    if (again.outcome === "hit") return { first, again };
  }
  throw new Error("the search was never served from the cache");
}

describe("search answers from the cache", () => {
  it("serve a repeated search from the cache, the same answer as the database gave", async () => {
    await addCar();
    const { first, again } = await cachedAnswer();
    expect(first.outcome).toBe("miss");
    expect(again.answer).toEqual(first.answer);
    expect(again.answer.total).toBe(1);
  });

  it.each<[string, (id: string) => Promise<unknown>, (answer: SearchAnswer, id: string) => void]>([
    [
      "a new listing",
      () => addCar({ productName: `${make} Second` }),
      (answer) => expect(answer.data.map((car) => car.productName)).toContain(`${make} Second`),
    ],
    [
      "a price change",
      (id) => apiJson(`/api/products/${id}`, { resalePrice: 6100 }, { method: "PATCH", token: seller.token }),
      (answer, id) => expect(answer.data.find((car) => car._id === id)?.resalePrice).toBe(6100),
    ],
    [
      "new photos",
      async (id) => apiJson(`/api/products/${id}`, { images: [await photo(), await photo()] }, { method: "PATCH", token: seller.token }),
      (answer, id) => expect(answer.data.find((car) => car._id === id)?.images).toHaveLength(2),
    ],
    [
      "the seller's verified badge",
      () => sql("update users set verified = 1 where id = ?", [seller.id]),
      (answer) => expect(answer.data.every((car) => car.sellerVerified)).toBe(true),
    ],
    [
      "a sale",
      (id) => sql("update products set is_paid = 1 where id = ?", [id]),
      (answer, id) => expect(answer.data.map((car) => car._id)).not.toContain(id),
    ],
  ])("show %s at once", async (_, change, check) => {
    const id = await addCar({ productName: `${make} Changing` });
    await cachedAnswer();
    await change(id);
    const { answer, outcome } = await search();
    expect(outcome).toBe("miss");
    check(answer, id);
    expect(answer.total).toBe(answer.data.length);
    expect(answer.facets.location.reduce((sum, { count }) => sum + count, 0)).toBe(answer.total);
  });
});
