import { describe, expect, it } from "vitest";
import { formatCars, formatCount, formatQuantity, formatDate, formatDateTime, formatMileage, formatMonth, formatPrice } from "./format";

describe("one format for money and dates", () => {
  it("writes whole dollars with the $ prefix", () => {
    expect(formatPrice(15500)).toBe("$15,500");
  });

  it("writes counts and mileages with thousands separators", () => {
    expect(formatCount(12400)).toBe("12,400");
    expect(formatCount(1)).toBe("1");
    expect(formatMileage(85000)).toBe("85,000 km");
    expect([formatCars(0), formatCars(1), formatCars(12400)]).toEqual(["0 cars", "1 car", "12,400 cars"]);
    expect([formatQuantity(1, "report"), formatQuantity(2, "report"), formatQuantity(1, "open report")]).toEqual([
      "1 report",
      "2 reports",
      "1 open report",
    ]);
  });

  it("writes every day as the spec's posted date does, in UTC", () => {
    const createdDate = "2026-11-23T23:30:00.000Z";
    expect(formatDate(createdDate)).toBe("2026-11-23");
    expect(formatDate("2026-11-23T23:30:00+02:00")).toBe("2026-11-23");
  });

  it("writes a moment as that day and the UTC time to the minute", () => {
    expect(formatDateTime("2026-03-04T05:06:07.000Z")).toBe("2026-03-04 05:06");
  });

  it("writes a month in words", () => {
    expect(formatMonth("2025-03-31T23:59:00.000Z")).toBe("March 2025");
  });
});
