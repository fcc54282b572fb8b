import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "~/.server/auth/rate-limits";
import { pendingObjectKey } from "~/.server/services/uploads/direct-uploads";
import { LOCAL_BUCKET, LOCAL_SIGNING_KEY, presignPut } from "~/.server/storage/presigned-put";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { makeImage } from "../support/images.ts";
import { accessToken, apiJson, appUrl, firstCategoryId, register, registerSeller, request, sql, uniqueEmail } from "./client";

// Photos sent straight to object storage: POST /api/images/uploads hands out a pre-signed PUT URL
// (here for the app's local stand-in of R2, which checks the signature as R2 does), the bytes go
// there, and POST /api/images/uploads/:key/complete checks them before they become a usable photo.

interface DirectUpload {
  key: string;
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
  expiresAt: string;
}

let jpeg: Uint8Array<ArrayBuffer>;
let seller: { id: string; token: string };

beforeAll(async () => {
  jpeg = await renderJpeg(carPhotoSvg({ body: "coupe", color: "#0f766e", seed: 33 }));
  seller = await newUser("seller");
});

async function newUser(accountType: "seller" | "buyer") {
  const email = uniqueEmail(`direct-${accountType}`);
  const id = accountType === "seller" ? await registerSeller({ email }) : await register({ email, accountType });
  return { id, token: await accessToken(email) };
}

function start(body: unknown, token = seller.token) {
  return apiJson("/api/images/uploads", body, { token });
}

async function started(contentType: string, size: number, token = seller.token): Promise<DirectUpload> {
  const response = await start({ contentType, size }, token);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as DirectUpload;
}

/** PUTs bytes as a browser would, with the headers the upload was given (fetch sets Content-Length from the body). */
function put(upload: DirectUpload, bytes: Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}, url = upload.uploadUrl) {
  const { "Content-Length": _length, ...given } = upload.headers;
  return fetch(url, { method: upload.method, headers: { ...given, ...headers }, body: bytes });
}

function complete(key: string, token = seller.token) {
  return request(`/api/images/uploads/${key}/complete`, { method: "POST", headers: { authorization: `Bearer ${token}` } });
}

/** Whether /images/<key> serves a photo (only completed uploads are served). */
const served = async (key: string) => (await request(`/images/${key}`)).status;
const pendingRows = (key: string) => sql("select key from direct_uploads where key = ?", [key]);

/** Completion's answer when the upload URL stored nothing (or what it stored was removed). */
async function expectNothingStored(key: string) {
  const response = await complete(key);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ message: "Nothing was uploaded" });
}
describe("POST /api/images/uploads", () => {
  it("answers a pre-signed PUT URL for the declared type and size, valid at most 10 minutes", async () => {
    const before = Date.now();
    const response = await start({ contentType: "image/webp", size: 12345 });
    expect(response.status).toBe(201);
    const upload = (await response.json()) as DirectUpload;
    expect(upload.key).toMatch(/^[\w-]+\.webp$/);
    expect(upload.method).toBe("PUT");
    expect(upload.headers).toEqual({ "Content-Type": "image/webp", "Content-Length": "12345", "If-None-Match": "*" });
    const url = new URL(upload.uploadUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${appUrl}/r2-upload/${LOCAL_BUCKET}/pending/${upload.key}`);
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host;if-none-match");
    expect(Number(url.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(600);
    const expiresAt = Date.parse(upload.expiresAt);
    expect(expiresAt).toBeGreaterThan(before);
    expect(expiresAt).toBeLessThanOrEqual(before + 10 * 60 * 1000 + 1000);
    expect(await sql("select uploader_id, content_type, size from direct_uploads where key = ?", [upload.key])).toEqual([
      expect.objectContaining({ uploader_id: seller.id, content_type: "image/webp", size: 12345 }),
    ]);
  });

  it.each<[string, unknown, number]>([
    ["a GIF", { contentType: "image/gif", size: 100 }, 415],
    ["HTML", { contentType: "text/html", size: 100 }, 415],
    ["an SVG", { contentType: "image/svg+xml", size: 100 }, 415],
    ["a photo over 5 MiB", { contentType: "image/jpeg", size: 5 * 1024 * 1024 + 1 }, 413],
  ])("refuses %s (%i) and records nothing", async (_label, body, status) => {
    const before = await sql("select count(*) as n from direct_uploads where uploader_id = ?", [seller.id]);
    const response = await start(body);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(await sql("select count(*) as n from direct_uploads where uploader_id = ?", [seller.id])).toEqual(before);
  });

  it.each<[string, unknown]>([
    ["no content type", { size: 100 }],
    ["no size", { contentType: "image/jpeg" }],
    ["a size as text", { contentType: "image/jpeg", size: "100" }],
    ["a fractional size", { contentType: "image/jpeg", size: 10.5 }],
    ["an empty photo", { contentType: "image/jpeg", size: 0 }],
  ])("answers 400 for %s", async (_label, body) => {
    const response = await start(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.any(String), issues: [expect.any(Object)] });
  });

  it("accepts exactly 5 MiB", async () => {
    expect((await start({ contentType: "image/jpeg", size: 5 * 1024 * 1024 })).status).toBe(201);
  });

  it("counts against the seller's daily uploads: 429 once they are used up, recording nothing", async () => {
    const uploader = await newUser("seller");
    const resetAt = Math.floor(Date.now() / 1000) + 3600;
    await sql("insert into rate_limits (key, count, reset_at) values (?, ?, ?)", [
      `${LIMITS.uploadsPerDay.name}:${uploader.id}`,
      LIMITS.uploadsPerDay.max - 1,
      resetAt,
    ]);
    expect((await start({ contentType: "image/jpeg", size: 100 }, uploader.token)).status).toBe(201);
    const refused = await start({ contentType: "image/jpeg", size: 100 }, uploader.token);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await sql("select key from direct_uploads where uploader_id = ?", [uploader.id])).toHaveLength(1);
  });

  it("is for sellers and admins: buyers get 403, anonymous callers 401", async () => {
    const buyer = await newUser("buyer");
    expect((await start({ contentType: "image/jpeg", size: 100 }, buyer.token)).status).toBe(403);
    const anonymous = await request("/api/images/uploads", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ contentType: "image/jpeg", size: 100 }),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the upload URL (the local stand-in of R2)", () => {
  it("stores the declared bytes once, served only after completion; a second PUT to the same key is refused", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    expect((await put(upload, jpeg)).status).toBe(200);
    expect(await served(upload.key)).toBe(404);
    const again = await put(upload, jpeg);
    expect(again.status).toBe(412);
    expect(await again.text()).toContain("<Code>PreconditionFailed</Code>");
  });

  it("refuses a body of another size or another content type, storing nothing", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    const longer = new Uint8Array(jpeg.length + 10);
    longer.set(jpeg);
    const otherSize = await put(upload, longer);
    expect(otherSize.status).toBe(403);
    expect(await otherSize.text()).toContain("<Code>SignatureDoesNotMatch</Code>");
    expect((await put(upload, jpeg, { "Content-Type": "image/png" })).status).toBe(403);
    expect((await put(upload, jpeg, { "Content-Type": "text/html" })).status).toBe(403);
    await expectNothingStored(upload.key);
  });

  it("refuses a tampered signature, key or expiry", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    const tamper = (change: (url: URL) => void) => {
      const url = new URL(upload.uploadUrl);
      change(url);
      return put(upload, jpeg, {}, url.toString());
    };
    const signature = new URL(upload.uploadUrl).searchParams.get("X-Amz-Signature")!;
    const flipped = (signature[0] === "0" ? "1" : "0") + signature.slice(1);
    expect((await tamper((url) => url.searchParams.set("X-Amz-Signature", flipped))).status).toBe(403);
    expect((await tamper((url) => url.searchParams.set("X-Amz-Expires", "86400"))).status).toBe(403);
    expect((await tamper((url) => url.searchParams.delete("X-Amz-Signature"))).status).toBe(403);
    const other = await started("image/jpeg", jpeg.length);
    expect((await tamper((url) => (url.pathname = url.pathname.replace(upload.key, other.key)))).status).toBe(403);
    await expectNothingStored(other.key);
    // The untouched URL still works.
    expect((await put(upload, jpeg)).status).toBe(200);
  });

  it("refuses an expired URL (signed 11 minutes ago for 10) with 403", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    // The local key pair is not a secret: sign this upload as if it had been started 11 minutes ago.
    const target = { bucketUrl: `${appUrl}/r2-upload/${LOCAL_BUCKET}`, bucket: LOCAL_BUCKET, ...LOCAL_SIGNING_KEY };
    const old = await presignPut(
      target,
      pendingObjectKey(upload.key),
      { contentType: "image/jpeg", size: jpeg.length },
      new Date(Date.now() - 11 * 60_000),
    );
    const response = await put(upload, jpeg, {}, old.url);
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Request has expired");
    // The same signing done now is accepted: only the time made the difference.
    const fresh = await presignPut(target, pendingObjectKey(upload.key), { contentType: "image/jpeg", size: jpeg.length }, new Date());
    expect((await put(upload, jpeg, {}, fresh.url)).status).toBe(200);
  });

  it("refuses an upload that is no longer pending, even with a good signature", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    await sql("update direct_uploads set expires_at = ? where key = ?", [new Date(Date.now() - 1000).toISOString(), upload.key]);
    expect((await put(upload, jpeg)).status).toBe(403);
    await expectNothingStored(upload.key);
  });
});

describe("POST /api/images/uploads/:key/complete", () => {
  it("makes the stored photo usable: its URL serves it and a car can be listed with it; completing again gives the same URL", async () => {
    const png = await makeImage("png", { width: 300, height: 200 });
    const upload = await started("image/png", png.length);
    expect((await put(upload, png)).status).toBe(200);
    const response = await complete(upload.key);
    expect(response.status).toBe(201);
    const url = `/images/${upload.key}`;
    expect(await response.json()).toEqual({ success: true, data: { url } });
    const served = await request(url);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    expect(await sql("select uploader_id, content_type, size, width, height from uploads where key = ?", [upload.key])).toEqual([
      expect.objectContaining({ uploader_id: seller.id, content_type: "image/png", size: png.length, width: 300, height: 200 }),
    ]);
    expect(await pendingRows(upload.key)).toEqual([]);

    const again = await complete(upload.key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual({ success: true, data: { url } });

    const listed = await apiJson(
      "/api/products/add",
      {
        productName: "Direct Upload Coupe 2019",
        originalPrice: 30000,
        resalePrice: 24000,
        location: "Dhaka",
        categoryId: await firstCategoryId(),
        condition: "Good",
        mobile: "+880 1711-000000",
        productDescription: "Photographed straight into the bucket.",
        purchaseYear: 2019,
        images: [url],
      },
      { token: seller.token },
    );
    expect(listed.status, await listed.clone().text()).toBe(201);
  });

  it("refuses bytes that are not an image (415) and removes them", async () => {
    const html = new TextEncoder().encode("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const upload = await started("image/jpeg", html.length);
    expect((await put(upload, html)).status).toBe(200);
    const response = await complete(upload.key);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/JPEG|HTML/) });
    await expectNothingStored(upload.key);
    expect(await served(upload.key)).toBe(404);
    expect(await sql("select key from uploads where key = ?", [upload.key])).toEqual([]);
  });

  it("refuses an image of another type than declared (415) and removes it", async () => {
    const upload = await started("image/png", jpeg.length);
    expect((await put(upload, jpeg)).status).toBe(200);
    const response = await complete(upload.key);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: "The photo is not the image/png image it was declared as" });
    await expectNothingStored(upload.key);
    expect(await served(upload.key)).toBe(404);
  });

  it("answers 400 for something that is no upload key", async () => {
    for (const key of ["..%2F..%2Fsecret", "abc.gif", "pending%2Fa1b2c3d4-0000.jpg"]) {
      expect((await complete(key)).status, key).toBe(400);
    }
  });

  it("answers 404 when nothing was uploaded", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    await expectNothingStored(upload.key);
    expect(await pendingRows(upload.key)).toHaveLength(1);
  });

  it("answers 404 for another user's upload and leaves it alone", async () => {
    const upload = await started("image/jpeg", jpeg.length);
    expect((await put(upload, jpeg)).status).toBe(200);
    const other = await newUser("seller");
    expect((await complete(upload.key, other.token)).status).toBe(404);
    expect((await complete("a1b2c3d4-0000.jpg", other.token)).status).toBe(404);
    expect(await pendingRows(upload.key)).toHaveLength(1);
    expect((await complete(upload.key)).status).toBe(201);
    // Completed: still nobody else's.
    expect((await complete(upload.key, other.token)).status).toBe(404);
  });
});

describe("the clean-up (Cron Trigger)", () => {
  it("removes direct uploads never completed once a day old, with their objects; fresh ones stay", async () => {
    const [abandoned, fresh] = [await started("image/jpeg", jpeg.length), await started("image/jpeg", jpeg.length)];
    expect((await put(abandoned, jpeg)).status).toBe(200);
    expect((await put(fresh, jpeg)).status).toBe(200);
    await sql("update direct_uploads set created_at = ? where key = ?", [
      new Date(Date.now() - 25 * 3600 * 1000).toISOString(),
      abandoned.key,
    ]);

    const run = await request(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
    expect(await run.text()).toBe("ok");

    expect(await pendingRows(abandoned.key)).toEqual([]);
    expect((await complete(abandoned.key)).status).toBe(404);
    expect(await pendingRows(fresh.key)).toHaveLength(1);
    // Whether an object is still stored, as the upload URL tells it (If-None-Match: *): with the
    // pending row put back, a PUT is stored again only if the clean-up removed the first one.
    await sql("insert into direct_uploads (key, uploader_id, content_type, size, expires_at, created_at) values (?, ?, ?, ?, ?, ?)", [
      abandoned.key,
      seller.id,
      "image/jpeg",
      jpeg.length,
      abandoned.expiresAt,
      new Date().toISOString(),
    ]);
    expect((await put(abandoned, jpeg)).status).toBe(200);
    expect((await put(fresh, jpeg)).status).toBe(412);
  });
});
