import { describe, expect, it } from "vitest";
import { loginUrl, pendingFavourite, safeRedirect, signInReason, signInToBook, signInToFavourite } from "./redirects";

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

describe("an action kept through sign-in", () => {
  it("a favourite: the car to save, and its page without the ask", () => {
    const target = new URL(signInToFavourite("car-1"), "https://example.test").searchParams.get("redirectTo")!;
    expect(target).toBe("/cars/car-1?favourite=save");
    expect(pendingFavourite(target)).toEqual({ productId: "car-1", then: "/cars/car-1" });
    expect(pendingFavourite("/cars/car-1?favourite=save&x=1")).toEqual({ productId: "car-1", then: "/cars/car-1?x=1" });
    expect(pendingFavourite("/cars/car-1")).toBeNull();
    expect(pendingFavourite("/dashboard?favourite=save")).toBeNull();
  });

  it("says why sign-in is needed for a favourite, a booking and a message, and nothing for other pages", () => {
    expect(signInReason("/cars/car-1?favourite=save")?.purpose).toBe("save this car to your favourites");
    expect(signInReason("/cars/car-1?book")?.purpose).toBe("book this car");
    expect(signInReason("/book/car-1")?.purpose).toBe("book this car");
    expect(signInReason("/cars/car-1/message")?.purpose).toBe("message the seller");
    expect(signInReason("/cars/car-1")).toBeNull();
    expect(signInReason("/dashboard/settings")).toBeNull();
  });
});
