import { describe, expect, it } from "vitest";
import { loginUrl, safeRedirect } from "./redirects";

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
