import { describe, expect, it } from "vitest";
import { readConfig } from "../../config";
import { type AppContext } from "../../context";
import { dealTerms, ledgerBalances } from "./deals";

// The deal's arithmetic and settings: the fee in whole cents, rounded half up; the release date;
// configuration that falls back to the contract's defaults rather than to NaN money.

const contextWith = (env: Partial<Env>) => ({ config: readConfig({ APP_ENV: "test", ...env } as Env) }) as AppContext;
const PAID_AT = new Date("2026-11-27T10:00:00.000Z");

describe("dealTerms", () => {
  it("takes 5 % and holds for 168 hours by default", () => {
    expect(dealTerms(contextWith({}), 1_800_000, PAID_AT)).toEqual({
      fee: 90_000,
      sellerAmount: 1_710_000,
      releaseAt: "2026-12-04T10:00:00.000Z",
    });
  });

  it("rounds the fee half up to whole cents, and the seller gets the rest", () => {
    const ctx = contextWith({ PLATFORM_FEE_BPS: "250" });
    expect(dealTerms(ctx, 1_002, PAID_AT)).toMatchObject({ fee: 25, sellerAmount: 977 }); // 25.05
    expect(dealTerms(ctx, 1_010, PAID_AT)).toMatchObject({ fee: 25, sellerAmount: 985 }); // 25.25
    expect(dealTerms(ctx, 1_020, PAID_AT)).toMatchObject({ fee: 26, sellerAmount: 994 }); // 25.5
  });

  it("reads the settings, and falls back to the defaults for malformed ones", () => {
    expect(dealTerms(contextWith({ PLATFORM_FEE_BPS: "0", RELEASE_AFTER_HOURS: "1" }), 10_000, PAID_AT)).toEqual({
      fee: 0,
      sellerAmount: 10_000,
      releaseAt: "2026-11-27T11:00:00.000Z",
    });
    for (const malformed of ["abc", "-5", "2.5", "", "10001", "1e3"]) {
      expect(dealTerms(contextWith({ PLATFORM_FEE_BPS: malformed, RELEASE_AFTER_HOURS: malformed }), 10_000, PAID_AT)).toEqual({
        fee: 500,
        sellerAmount: 9_500,
        releaseAt: "2026-12-04T10:00:00.000Z",
      });
    }
  });
});

describe("ledgerBalances", () => {
  it("holds when every cent charged is refunded, a fee, transferred, held or due", () => {
    expect(ledgerBalances({ charged: 300, refunded: 100, fees: 10, transferred: 90, held: 60, due: 40 })).toBe(true);
    expect(ledgerBalances({ charged: 300, refunded: 100, fees: 10, transferred: 90, held: 60, due: 39 })).toBe(false);
  });
});
