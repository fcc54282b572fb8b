import { beforeAll, describe, expect, it } from "vitest";
import { type Car } from "~/lib/schemas/types";
import { accessToken, apiJson, register, request, uniqueEmail } from "./client";
import { type ApiDocument, responseChecker } from "./openapi-responses";

// Refusals beyond the authorization matrix (states, limits, bodies): each answers with a status
// the document lists for the operation, in the shape it describes.

let problemsWith: ReturnType<typeof responseChecker>;
let buyerEmail: string;
let buyerToken: string;
let adminToken: string;
let car: Car;

beforeAll(async () => {
  problemsWith = responseChecker((await (await request("/api/openapi.json")).json()) as ApiDocument);
  buyerEmail = uniqueEmail("doc-buyer");
  await register({ email: buyerEmail });
  buyerToken = await accessToken(buyerEmail);
  adminToken = await accessToken("admin@autoreseller.test");
  [car] = (await (await request("/api/products/advertisement")).json()) as Car[];
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function expectDocumented(method: string, path: string, response: Response, status: number) {
  expect(response.status, `${method} ${path}`).toBe(status);
  expect(await problemsWith(method, path, response)).toEqual([]);
}

describe("answers the document describes", () => {
  it("409 for a taken email, 415 for a body that is not JSON, 413 for one over 64 KiB", async () => {
    await expectDocumented("POST", "/api/users", await apiJson("/api/users", { name: "N", email: buyerEmail, password: "Secret1!" }), 409);
    await expectDocumented(
      "POST",
      "/api/users",
      await request("/api/users", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" }),
      415,
    );
    const big = JSON.stringify({ email: buyerEmail, password: "x".repeat(70 * 1024) });
    await expectDocumented(
      "POST",
      "/api/jwt",
      await request("/api/jwt", { method: "POST", headers: { "content-type": "application/json" }, body: big }),
      413,
    );
  });

  it("401 for wrong credentials, then 429 once the account's limit is reached", async () => {
    const wrong = () => apiJson("/api/jwt", { email: buyerEmail, password: "Wrong-password1" });
    await expectDocumented("POST", "/api/jwt", await wrong(), 401);
    let response = await wrong();
    for (let attempt = 0; response.status === 401 && attempt < 60; attempt++) {
      await response.arrayBuffer();
      response = await wrong();
    }
    await expectDocumented("POST", "/api/jwt", response, 429);
  });

  it("400 for a bad list query, 404 for unknown things, 409 for a second booking of a car", async () => {
    await expectDocumented(
      "GET",
      "/api/users/sellers?sort=nope",
      await request("/api/users/sellers?sort=nope", { headers: bearer(adminToken) }),
      400,
    );
    await expectDocumented("GET", "/api/categories/nope", await request("/api/categories/nope", { headers: bearer(buyerToken) }), 404);
    const verify = "/api/users/verify-seller/nope";
    await expectDocumented("PATCH", verify, await request(verify, { method: "PATCH", headers: bearer(adminToken) }), 404);
    const booking = { product_id: car._id, phone: "01711 000000", meetingLocation: "Banani" };
    await expectDocumented("POST", "/api/bookings", await apiJson("/api/bookings", booking, { token: buyerToken }), 201);
    await expectDocumented("POST", "/api/bookings", await apiJson("/api/bookings", booking, { token: buyerToken }), 409);
    await expectDocumented("POST", "/api/report", await apiJson("/api/report", { product_id: car._id }, { token: buyerToken }), 201);
    await expectDocumented("POST", "/api/report", await apiJson("/api/report", { product_id: car._id }, { token: buyerToken }), 409);
  });

  it("415 for an upload that is not a photo, 401 for a token request without a session", async () => {
    const sellerToken = await accessToken("seller@autoreseller.test");
    const form = new FormData();
    form.append("image", new File(["not a photo"], "car.jpg", { type: "image/jpeg" }));
    await expectDocumented(
      "POST",
      "/api/images",
      await request("/api/images", { method: "POST", headers: bearer(sellerToken), body: form }),
      415,
    );
    await expectDocumented("GET", "/api/jwt", await request(`/api/jwt?email=${encodeURIComponent(buyerEmail)}`), 401);
  });
});
