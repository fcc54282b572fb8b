import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/.server/auth/rate-limits";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { concatBytes, makeImage } from "../support/images.ts";
import { accessToken, apiJson, firstCategoryId, registerSeller, request, sql, uniqueEmail, uploadImage } from "./client";

// What POST /api/images stores (one whole image, with its dimensions, within a daily limit)
// and the hourly clean-up of uploads nothing uses.

let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  jpeg = await renderJpeg(carPhotoSvg({ body: "pickup", color: "#b45309", seed: 21 }));
});

async function newSeller() {
  const email = uniqueEmail("uploader");
  const id = await registerSeller({ email });
  return { id, token: await accessToken(email) };
}

const uploadsOf = (userId: string) =>
  sql("select key, content_type, size, width, height from uploads where uploader_id = ? order by created_at", [userId]);

async function uploaded(token: string, bytes = jpeg) {
  const response = await uploadImage(bytes, "car.jpg", "image/jpeg", token);
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { url: string } }).data.url;
}

const keyOf = (url: string) => url.slice("/images/".length);

describe("POST /api/images stores only whole images", () => {
  const html = "<!doctype html><html><body><script>alert(document.cookie)</script></body></html>";
  it.each<[string, () => Promise<Uint8Array<ArrayBuffer>>, string]>([
    [
      "a bare 16-byte WebP header",
      async () => concatBytes("RIFF", new Uint8Array([8, 0, 0, 0]), "WEBPVP8 "),
      "The photo is a damaged or incomplete WebP file",
    ],
    [
      "a PNG signature followed by HTML",
      async () => concatBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), html),
      "The photo is a damaged or incomplete PNG file",
    ],
    ["a truncated JPEG", async () => jpeg.slice(0, Math.floor(jpeg.length / 2)), "The photo is a damaged or incomplete JPEG file"],
    [
      "a whole PNG followed by HTML",
      async () => concatBytes(await makeImage("png"), html),
      "The photo is a damaged or incomplete PNG file",
    ],
  ])("refuses %s with 415 and stores nothing", async (_label, bytes, message) => {
    const seller = await newSeller();
    const response = await uploadImage(await bytes(), "car.jpg", "image/jpeg", seller.token);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message });
    expect(await uploadsOf(seller.id)).toEqual([]);
  });

  it("stores a photo with its type, size and dimensions", async () => {
    const seller = await newSeller();
    const webp = await makeImage("webp", { width: 321, height: 123 });
    const url = await uploaded(seller.token, webp);
    expect(url).toMatch(/^\/images\/[\w-]+\.webp$/);
    expect((await uploadsOf(seller.id)).map((row) => ({ ...row }))).toEqual([
      { key: keyOf(url), content_type: "image/webp", size: webp.length, width: 321, height: 123 },
    ]);
    expect(new Uint8Array(await (await request(url)).arrayBuffer())).toEqual(webp);
  });

  it("answers 429 once the seller's daily uploads are used up, storing nothing", async () => {
    const seller = await newSeller();
    // The day's uploads so far, as the limit counts them (a window ending in an hour).
    const resetAt = Math.floor(Date.now() / 1000) + 3600;
    await sql("insert into rate_limits (key, count, reset_at) values (?, ?, ?)", [
      `${LIMITS.uploadsPerDay.name}:${seller.id}`,
      LIMITS.uploadsPerDay.max,
      resetAt,
    ]);
    const response = await uploadImage(jpeg, "car.jpg", "image/jpeg", seller.token);
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await uploadsOf(seller.id)).toEqual([]);
  });
});

describe("the hourly clean-up", () => {
  it("removes uploads unused for a day, keeping those a product shows and fresh ones", async () => {
    const seller = await newSeller();
    const [unused, shown, fresh] = [await uploaded(seller.token), await uploaded(seller.token), await uploaded(seller.token)];
    const car = await apiJson(
      "/api/products/add",
      {
        productName: "Clean-up Pickup 2017",
        originalPrice: 30000,
        resalePrice: 21000,
        location: "Dhaka",
        categoryId: await firstCategoryId(),
        condition: "Good",
        mobile: "+880 1711-000000",
        productDescription: "Shown with a photo uploaded two days ago.",
        purchaseYear: 2017,
        image: shown,
      },
      { token: seller.token },
    );
    expect(car.status).toBe(201);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000).toISOString();
    await sql("update uploads set created_at = ? where key in (?, ?)", [twoDaysAgo, keyOf(unused), keyOf(shown)]);

    // Miniflare runs the Worker's scheduled handler here (as `wrangler dev` does) and answers with its outcome.
    const run = await request(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("0 * * * *")}`);
    expect(await run.text()).toBe("ok");

    expect((await request(unused)).status).toBe(404);
    expect((await request(shown)).status).toBe(200);
    expect((await request(fresh)).status).toBe(200);
    expect((await uploadsOf(seller.id)).map((row) => row.key).sort()).toEqual([keyOf(shown), keyOf(fresh)].sort());
  });
});
