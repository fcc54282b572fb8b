import { describe, expect, it } from "vitest";
import { parseExpiry, slashExpiry, spaceCardNumber } from "./card-input";

describe("card fields as typed", () => {
  it("spaces the card number in groups of four, digits only, at most 19", () => {
    expect(spaceCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(spaceCardNumber("42424")).toBe("4242 4");
    expect(spaceCardNumber("4242 4242-42x")).toBe("4242 4242 42");
    expect(spaceCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
    expect(spaceCardNumber("")).toBe("");
  });

  it("puts the expiry's / in once the year begins", () => {
    expect(slashExpiry("1230")).toBe("12/30");
    expect(slashExpiry("123")).toBe("12/3");
    expect(slashExpiry("12")).toBe("12");
    expect(slashExpiry("12/")).toBe("12");
    expect(slashExpiry("12/305")).toBe("12/30");
  });

  it("reads MM/YY, MMYY and MM/YYYY back, and nothing else", () => {
    expect(parseExpiry("1230")).toEqual({ month: 12, year: 30 });
    expect(parseExpiry("12/30")).toEqual({ month: 12, year: 30 });
    expect(parseExpiry(" 12 / 2030 ")).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry("1/30")).toEqual({ month: 1, year: 30 });
    for (const bad of ["", "12", "12/3", "12/303", "ab/cd", "12-30"]) expect(parseExpiry(bad)).toBeNull();
  });
});
