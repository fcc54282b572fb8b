import { describe, expect, it } from "vitest";
import { accessToken, apiJson, request } from "./client";

// API reads carry an ETag and answer 304 to a matching If-None-Match; Cache-Control says whether a
// shared cache may keep them (anonymous reads) or only the caller's client (with credentials).

describe("conditional API reads", () => {
  it("answer 304 with no body to the ETag they gave, and 200 to any other", async () => {
    const first = await request("/api/categories");
    expect(first.status).toBe(200);
    const tag = first.headers.get("etag");
    expect(tag).toMatch(/^"[0-9a-f]+"$/);
    expect(first.headers.get("cache-control")).toBe("public, no-cache");

    const again = await request("/api/categories", { headers: { "if-none-match": tag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(tag);
    expect(again.headers.get("cache-control")).toBe("public, no-cache");

    const other = await request("/api/categories", { headers: { "if-none-match": '"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual(await first.json());
  });

  it("give a new ETag once the answer changes", async () => {
    const token = await accessToken("seller@autoreseller.test");
    const mine = async () => request("/api/products/seller/seller@autoreseller.test", { headers: { authorization: `Bearer ${token}` } });
    const before = await mine();
    expect(before.headers.get("cache-control")).toBe("private, no-cache");
    const [car] = (await before.json()) as { _id: string; isPaid: boolean; resalePrice: number }[];
    const patched = await apiJson(`/api/products/${car._id}`, { productDescription: `Changed ${Date.now()}` }, { method: "PATCH", token });
    expect(patched.status === 200 || patched.status === 409).toBe(true);
    const after = await request("/api/products/seller/seller@autoreseller.test", {
      headers: { authorization: `Bearer ${token}`, "if-none-match": before.headers.get("etag")! },
    });
    expect(after.status).toBe(patched.status === 200 ? 200 : 304);
  });

  it("never tag writes or refusals", async () => {
    const refused = await request("/api/products/seller/nobody@autoreseller.test");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("etag")).toBeNull();
    const write = await apiJson("/api/jwt", { email: "nobody@autoreseller.test", password: "wrong-password-1" });
    expect(write.headers.get("etag")).toBeNull();
  });
});
