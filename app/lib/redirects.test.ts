import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirect, signInToBook } from "./redirects";

describe("safeRedirect", () => {
  it("keeps same-origin paths", () => {
    expect(safeRedirect("/dashboard/myorders?x=1")).toBe("/dashboard/myorders?x=1");
  });
  it("refuses other origins, protocol-relative and backslash tricks", () => {
    for (const bad of ["https://evil.test", "//evil.test", "/\\evil.test", "javascript:alert(1)", "/\nx", "", undefined, 42]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });
});

describe("loginUrl", () => {
  it("remembers the original location", () => {
    expect(loginUrl("/category/abc?page=2")).toBe("/login?redirectTo=%2Fcategory%2Fabc%3Fpage%3D2");
    expect(loginUrl("/")).toBe("/login");
  });
});

describe("signInToBook", () => {
  it("comes back to the car's page with its booking form open, a target safeRedirect keeps", () => {
    const url = signInToBook("car 1/2");
    expect(url).toBe("/login?redirectTo=%2Fcars%2Fcar%25201%252F2%3Fbook");
    const target = new URL(url, "https://example.test").searchParams.get("redirectTo");
    expect(safeRedirect(target)).toBe("/cars/car%201%2F2?book");
  });
});
