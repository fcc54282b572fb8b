import { describe, expect, it } from "vitest";
import { estimateLoan, loanInputFrom } from "./loan";

describe("monthly-payment estimate", () => {
  it("repays the amount borrowed in equal instalments at the monthly rate", () => {
    // $20,000 over 60 months at 6 %: the textbook annuity, $386.66 a month.
    expect(estimateLoan({ price: 25_000, deposit: 5_000, months: 60, apr: 6 })).toEqual({
      ok: true,
      borrowed: 2_000_000,
      monthly: 38_666,
      interest: 319_936,
      total: 2_319_936,
    });
  });

  it("divides evenly at 0 %, and costs nothing when the deposit is the price", () => {
    expect(estimateLoan({ price: 12_000, deposit: 0, months: 12, apr: 0 })).toMatchObject({ monthly: 100_000, interest: 0 });
    expect(estimateLoan({ price: 12_000, deposit: 12_000, months: 36, apr: 9 })).toMatchObject({ monthly: 0, total: 0 });
  });

  it("says which field is wrong", () => {
    expect(estimateLoan({ price: 10_000, deposit: 11_000, months: 12, apr: 5 })).toMatchObject({ ok: false, field: "deposit" });
    expect(estimateLoan({ price: 10_000, deposit: -1, months: 12, apr: 5 })).toMatchObject({ ok: false, field: "deposit" });
    expect(estimateLoan({ price: 10_000, deposit: NaN, months: 12, apr: 5 })).toMatchObject({ ok: false, field: "deposit" });
    expect(estimateLoan({ price: 10_000, deposit: 0, months: 0, apr: 5 })).toMatchObject({ ok: false, field: "term" });
    expect(estimateLoan({ price: 10_000, deposit: 0, months: 12, apr: 41 })).toMatchObject({ ok: false, field: "apr" });
  });

  it("reads the form's query with defaults for what is missing", () => {
    expect(loanInputFrom(new URLSearchParams(""), 10_000)).toEqual({ price: 10_000, deposit: 2_000, months: 48, apr: 7.9 });
    expect(loanInputFrom(new URLSearchParams("deposit=500&term=24&apr=3.5"), 10_000)).toEqual({
      price: 10_000,
      deposit: 500,
      months: 24,
      apr: 3.5,
    });
    expect(Number.isNaN(loanInputFrom(new URLSearchParams("deposit=lots"), 10_000).deposit)).toBe(true);
  });
});
