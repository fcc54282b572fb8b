import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const withRay = (ray: string) => new Request("http://localhost/", { headers: { "cf-ray": ray } });

describe("requestIdOf", () => {
  it("takes the ray id Cloudflare set in production", () => {
    expect(requestIdOf(withRay("8f1e2d3c4b5a6978-LHR"), "production")).toBe("8f1e2d3c4b5a6978-LHR");
    expect(requestIdOf(withRay("8f1e2d3c4b5a6978"), "production")).toBe("8f1e2d3c4b5a6978");
  });

  it("makes up its own where a client's cf-ray reaches the Worker as sent (local runs, tests), or when there is none", () => {
    for (const appEnv of ["development", "test"] as const) expect(requestIdOf(withRay("8f1e2d3c4b5a6978-LHR"), appEnv)).toMatch(UUID);
    expect(requestIdOf(new Request("http://localhost/"), "production")).toMatch(UUID);
  });

  it("never takes a cf-ray that is not a ray id's shape", () => {
    for (const forged of ['"><script>alert(1)</script>', "8f1e2d3c4b5a6978-LHR x", "x".repeat(16)]) {
      expect(requestIdOf(withRay(forged), "production")).toMatch(UUID);
    }
  });
});
