import { describe, expect, it } from "vitest";
import { WRANGLER_OFFLINE_ENV } from "./local-stack.ts";
import { startBanner } from "./start-banner.ts";

// `npm start`: the banner names the contract's demo sign-ins and how to change the ports, and
// wrangler is started with what keeps it off the internet (no getaddrinfo ENOTFOUND lines on an
// offline machine).

describe("npm start", () => {
  it("prints the address, the contract's five demo sign-ins with their password, and the port variables", () => {
    const banner = startBanner(3000, "http://127.0.0.1:3001");
    // The app's own origin (APP_ORIGIN), so links in emails open where the person signed in.
    expect(banner).toContain("http://127.0.0.1:3000");
    expect(banner).not.toContain("localhost");
    expect(banner).toContain("Passw0rd!");
    for (const [email, role] of [
      ["admin@autoreseller.test", "admin"],
      ["seller@autoreseller.test", "seller, verified"],
      ["seller2@autoreseller.test", "seller, not verified"],
      ["buyer@autoreseller.test", "buyer"],
      ["buyer2@autoreseller.test", "buyer"],
    ]) {
      expect(banner).toMatch(new RegExp(`^ +${email.replace(/\./g, "\\.")} +${role}$`, "m"));
    }
    expect(banner).toContain("PORT=<app> DB_PORT=<database> npm start");
  });

  it("starts wrangler without Miniflare's request.cf download or wrangler's metrics, the lookups that fail offline", () => {
    expect(WRANGLER_OFFLINE_ENV).toEqual({ CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" });
  });
});
