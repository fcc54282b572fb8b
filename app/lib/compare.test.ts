import { describe, expect, it } from "vitest";
import { comparedIds, compareUrl, toggleCompared } from "./compare";

describe("compared cars in the URL", () => {
  it("reads comma lists and repeated parameters, once each, in order", () => {
    expect(comparedIds(new URLSearchParams("ids=a,b,,a&ids=c"))).toEqual({ ids: ["a", "b", "c"], tooMany: false });
    expect(comparedIds(new URLSearchParams(""))).toEqual({ ids: [], tooMany: false });
    expect(comparedIds(new URLSearchParams("ids= a , b "))).toEqual({ ids: ["a", "b"], tooMany: false });
  });

  it("keeps the first four and says when more were named", () => {
    expect(comparedIds(new URLSearchParams("ids=a,b,c,d,e"))).toEqual({ ids: ["a", "b", "c", "d"], tooMany: true });
    expect(comparedIds(new URLSearchParams("ids=a,b,c,d")).tooMany).toBe(false);
  });

  it("writes the URL back and toggles one car", () => {
    expect(compareUrl(["a", "b c"])).toBe("/compare?ids=a,b%20c");
    expect(compareUrl([])).toBe("/compare");
    expect(toggleCompared(["a", "b"], "a")).toEqual(["b"]);
    expect(toggleCompared(["a"], "b")).toEqual(["a", "b"]);
  });
});
