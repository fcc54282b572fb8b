import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDirectory } from "../../scripts/built-worker.ts";
import { accessToken, apiJson, appUrl, register, request, signIn, uniqueEmail } from "./client";
import { schemaProblems } from "./openapi-responses";

const HARDENING = {
  "strict-transport-security": /max-age=\d{7,}/,
  "x-content-type-options": /^nosniff$/,
  "referrer-policy": /^strict-origin-when-cross-origin$/,
  "permissions-policy": /camera=\(\)/,
  "x-frame-options": /^DENY$/,
};

describe("security headers", () => {
  it("pages carry a hash-based CSP: exactly their own inline scripts' hashes, no nonce, no inline script else", async () => {
    for (const page of ["/", "/blog", "/login", "/no/such/page"]) {
      const response = await request(page, { headers: { "cache-control": "no-cache" } });
      const csp = response.headers.get("content-security-policy")!;
      const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"))!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("nonce-");
      expect(scriptSrc).toContain("'strict-dynamic'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("stripe.com");
      for (const [name, pattern] of Object.entries(HARDENING)) expect(response.headers.get(name), `${page} ${name}`).toMatch(pattern);
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\ssrc=/.test(attributes));
      expect(inline.length, page).toBeGreaterThan(0);
      const hashes = new Set(inline.map(([, , body]) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`));
      expect(new Set(scriptSrc.match(/'sha256-[^']+'/g)), page).toEqual(hashes);
      expect(html).not.toMatch(/\snonce=/);
    }
  });

  it("allows Stripe's script and frames on the payment page only", async () => {
    const email = uniqueEmail("csp");
    await register({ email });
    const token = await accessToken(email);
    const [car] = (await (await request("/api/products/advertisement")).json()) as { _id: string }[];
    const { insertedId } = (await (
      await apiJson("/api/bookings", { product_id: car._id, phone: "1", meetingLocation: "x" }, { token })
    ).json()) as { insertedId: string };
    const csp = (await request(`/dashboard/payment/${insertedId}`, { headers: { cookie: await signIn(email) } })).headers.get(
      "content-security-policy",
    )!;
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it("API answers and photos are locked down too", async () => {
    for (const page of ["/api/health", "/api/categories", "/api/nope"]) {
      const response = await request(page);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      for (const [name, pattern] of Object.entries(HARDENING)) expect(response.headers.get(name), `${page} ${name}`).toMatch(pattern);
    }
  });
});

describe("CSRF", () => {
  it("refuses cookie-authenticated API writes from another origin or without one; bearer tokens need no origin", async () => {
    const email = uniqueEmail("csrf");
    await register({ email });
    const cookie = await signIn(email);
    const [car] = (await (await request("/api/products/advertisement")).json()) as { _id: string }[];
    const body = JSON.stringify({ product_id: car._id });
    const post = (headers: Record<string, string>) =>
      request("/api/report", { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    expect((await post({ cookie })).status).toBe(403);
    expect((await post({ cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ cookie, origin: appUrl })).status).toBe(201);
    expect((await post({ authorization: `Bearer ${await accessToken(email)}` })).status).toBe(409);
  });
});

describe("OpenAPI", () => {
  const CONTRACT = [
    "POST /users",
    "POST /jwt",
    "GET /jwt",
    "GET /users/admin/{account}",
    "GET /users/buyer/{account}",
    "GET /users/seller/{account}",
    "GET /users/sellers",
    "GET /users/buyers",
    "DELETE /users/seller/{account}",
    "DELETE /users/buyer/{account}",
    "PATCH /users/verify-seller/{id}",
    "GET /categories",
    "GET /categories/{id}",
    "POST /categories/add",
    "GET /products/advertisement",
    "GET /products/seller/{email}",
    "POST /products/add",
    "PATCH /products/advertisement/{id}",
    "DELETE /products/{id}",
    "POST /images",
    "POST /bookings",
    "DELETE /bookings/{id}",
    "GET /booking/orders/{email}",
    "GET /booking/{id}",
    "POST /report",
    "GET /report",
    "DELETE /report/{productId}",
    "DELETE /report/item/{productId}",
    "POST /payment/create-payment-intent",
    "POST /payment",
    "POST /payment/simulator/confirm",
    "GET /health",
    "GET /openapi.json",
  ];

  it("is OpenAPI 3.1 with valid schemas that all resolve, listing every endpoint of the contract", async () => {
    const document = (await (await request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(schemaProblems(document)).toEqual([]);
    expect(document.openapi).toMatch(/^3\.1\./);
    const listed = Object.entries(document.paths).flatMap(([route, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${route}`),
    );
    for (const endpoint of CONTRACT) expect(listed, endpoint).toContain(endpoint);
  });

  it("has a readable reference page", async () => {
    const html = await (await request("/api/reference")).text();
    expect(html).toContain("Auto Reseller API");
    expect(html).toContain("/api/payment/create-payment-intent");
  });
});

describe("secrets", () => {
  it("the client bundle holds no secret values and no server-only code", () => {
    const root = path.join(buildDirectory(), "client");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(js|css|html|json)$/.test(entry.name)) files.push(full);
      }
    };
    walk(root);
    expect(files.length).toBeGreaterThan(5);
    const secretValues = readDevVarsValues();
    const serverMarkers = [
      "SESSION_SECRET",
      "STRIPE_SECRET_KEY",
      "STRIPE_WEBHOOK_SECRET",
      "EMAIL_API_KEY",
      "DATABASE_AUTH_TOKEN",
      "PBKDF2",
      "@libsql",
      "drizzle",
      "password_hash",
      "sk_test_",
      "whsec_",
    ];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const marker of [...serverMarkers, ...secretValues])
        expect(text.includes(marker), `${marker} in ${path.relative(root, file)}`).toBe(false);
    }
  });
});

/** Values of the local .dev.vars (if any): none may reach the browser. */
function readDevVarsValues(): string[] {
  try {
    return readFileSync(".dev.vars", "utf8")
      .split("\n")
      .map((line) => line.split("=").slice(1).join("=").trim())
      .filter((value) => value.length >= 12 && !value.startsWith("http"));
  } catch {
    return [];
  }
}
