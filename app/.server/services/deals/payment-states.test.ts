import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "../../config";
import { type AppContext } from "../../context";
import { ledgerBalances } from "./ledger";
import { dealTerms } from "./payment-states";

// The deal's arithmetic and settings: the fee in whole cents, rounded half up; the release date;
// configuration that is the contract's default when unset and refused when malformed.

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

  it("reads the settings; unset or empty is the default", () => {
    expect(dealTerms(contextWith({ PLATFORM_FEE_BPS: "0", RELEASE_AFTER_HOURS: "1" }), 10_000, PAID_AT)).toEqual({
      fee: 0,
      sellerAmount: 10_000,
      releaseAt: "2026-11-27T11:00:00.000Z",
    });
    expect(dealTerms(contextWith({ PLATFORM_FEE_BPS: "", RELEASE_AFTER_HOURS: " " }), 10_000, PAID_AT)).toMatchObject({ fee: 500 });
  });

  it("refuses a malformed money setting with a message naming it, never a silent default", () => {
    for (const malformed of ["abc", "-5", "2.5", "10001", "1e3"]) {
      expect(() => contextWith({ PLATFORM_FEE_BPS: malformed })).toThrow(ConfigError);
      expect(() => contextWith({ PLATFORM_FEE_BPS: malformed })).toThrow(/PLATFORM_FEE_BPS must be the platform's fee in basis points/);
    }
    expect(() => contextWith({ RELEASE_AFTER_HOURS: "0" })).toThrow(/RELEASE_AFTER_HOURS must be/);
  });
});

describe("ledgerBalances", () => {
  const balanced = { charged: 300, refunded: 100, fees: 10, transferred: 90, reversed: 20, held: 60, due: 80, owed: 20 };
  it("holds when every cent charged is refunded, a fee, paid out less taken back, held, due or owed back", () => {
    expect(ledgerBalances(balanced)).toBe(true);
    expect(ledgerBalances({ ...balanced, due: 79 })).toBe(false);
    expect(ledgerBalances({ ...balanced, reversed: 0 })).toBe(false);
  });
});
