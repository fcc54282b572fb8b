import { describe, expect, it } from "vitest";
import { startFileStack } from "../support/file-stack";

// A malformed money setting stops the Worker with a message naming it: it never serves (or moves
// money) on a silent default.

const app = await startFileStack("simulator", { PLATFORM_FEE_BPS: "5%", RELEASE_AFTER_HOURS: "-1" });

describe("configuration checked at start", () => {
  it("answers every request 503 with what is wrong, for pages and the API alike", async () => {
    for (const path of ["/", "/api/products", "/api/health"]) {
      const response = await app.request(path);
      expect(response.status).toBe(503);
      const text = await response.text();
      expect(text).toContain("PLATFORM_FEE_BPS must be the platform's fee in basis points (500 = 5 %), a whole number from 0 to 10000");
      expect(text).toContain("RELEASE_AFTER_HOURS must be");
    }
  });
});
