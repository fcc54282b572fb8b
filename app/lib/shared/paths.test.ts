import { describe, expect, it } from "vitest";
import { below, PATHS, pathTo, prefixOf } from "./paths";

describe("page paths", () => {
  it("fills in parameters, escaped", () => {
    expect(pathTo(PATHS.payment, { id: "a/b c" })).toBe("/dashboard/payment/a%2Fb%20c");
    expect(pathTo(PATHS.oauthCallback, { provider: "github" })).toBe("/auth/github/callback");
  });

  it("gives route paths relative to their parent, and refuses a path outside it", () => {
    expect(below(PATHS.dashboard, PATHS.myOrders)).toBe("myorders");
    expect(below("/", PATHS.resetPassword)).toBe("reset-password/:token");
    expect(() => below(PATHS.dashboard, PATHS.blog)).toThrow();
    expect(prefixOf(PATHS.payment)).toBe("/dashboard/payment/");
  });
});
