import { describe, expect, it } from "vitest";
import { formatDate } from "../shared/format";
import { overview, postedDate, yearsUsed } from "./car-derived";

describe("yearsUsed", () => {
  const now = new Date("2026-11-22T00:00:00Z");
  it("is the current year minus the purchase year", () => {
    expect(yearsUsed(2020, now)).toBe(6);
  });
  it("is 0 for a car bought this year", () => {
    expect(yearsUsed(2026, now)).toBe(0);
  });
  it("is never negative", () => {
    expect(yearsUsed(2027, now)).toBe(0);
  });
});

describe("overview", () => {
  it("shows a description of 20 characters or fewer unchanged", () => {
    expect(overview("")).toBe("");
    expect(overview("a".repeat(20))).toBe("a".repeat(20));
  });
  it("adds an ellipsis from 21 characters on, keeping text up to 100 characters whole", () => {
    expect(overview("a".repeat(21))).toBe(`${"a".repeat(21)}...`);
    expect(overview("b".repeat(100))).toBe(`${"b".repeat(100)}...`);
  });
  it("cuts longer descriptions to their first 100 characters", () => {
    expect(overview("c".repeat(101))).toBe(`${"c".repeat(100)}...`);
    expect(overview(`${"d".repeat(100)}TAIL`)).not.toContain("TAIL");
  });
  it("drops the punctuation and spaces the cut text ends with before the ellipsis", () => {
    expect(overview("Clean inside and out, no accidents.")).toBe("Clean inside and out, no accidents...");
    expect(overview("Runs well; new tyres fitted!?  ")).toBe("Runs well; new tyres fitted...");
    expect(overview(`${"e".repeat(98)}, more`)).toBe(`${"e".repeat(98)}...`);
  });
});

describe("postedDate", () => {
  it("is the first 10 characters of createdDate", () => {
    expect(postedDate("2026-11-21T10:15:00.000Z")).toBe("2026-11-21");
  });

  it("is the day every other date is written as (formatDate, in UTC)", () => {
    const createdDate = "2026-11-23T23:30:00.000Z";
    expect(postedDate(createdDate)).toBe(formatDate(createdDate));
  });
});
