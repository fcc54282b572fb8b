import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, pageContentSecurityPolicy } from "./content-security-policy";

// The hashes a page's CSP allows are those of exactly the inline scripts in its HTML, computed as
// the browser does: over the script's text, byte for byte (tests/e2e/page-cache.test.ts runs a page in Chromium).

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text once, whatever its attributes, and no script with a src", async () => {
    const context = 'window.__ctx = {"name":"Ünïcode \\u003c/script>"};';
    const html = [
      "<!DOCTYPE html><html><head>",
      '<link rel="modulepreload" href="/assets/entry.js"/>',
      '<script type="module" src="/assets/other.js"></script>',
      "</head><body><p>&lt;script&gt;not a script&lt;/script&gt;</p>",
      `<script>${context}</script>`,
      '<script type="module" async="">import "/assets/manifest.js";</script>',
      `<SCRIPT>${context}</SCRIPT>`,
      '<script type="application/ld+json">{"@type":"Car"}</script>',
      "<script></script>",
      "</body></html>",
    ].join("\n");
    expect(await inlineScriptHashes(html)).toEqual([
      sha256(context),
      sha256('import "/assets/manifest.js";'),
      sha256('{"@type":"Car"}'),
      sha256(""),
    ]);
  });

  it("finds none in a page without inline scripts", async () => {
    expect(await inlineScriptHashes('<html><body><script src="/a.js"></script></body></html>')).toEqual([]);
  });
});

describe("pageContentSecurityPolicy", () => {
  it("allows the given hashes and what they load, no inline script else, and Stripe on the payment page only", () => {
    const policy = pageContentSecurityPolicy(["'sha256-abc='"], "https://cars.example/cars/1", { r2Api: null });
    expect(policy).toContain("script-src 'self' 'sha256-abc=' 'strict-dynamic';");
    expect(policy).not.toMatch(/unsafe-inline[^;]*;[^;]*script-src|script-src[^;]*unsafe-inline|nonce/);
    expect(policy).toContain("upgrade-insecure-requests");
    expect(policy).not.toContain("stripe.com");
    expect(pageContentSecurityPolicy([], "http://localhost/dashboard/payment/b1", { r2Api: null })).toMatch(
      /script-src [^;]*https:\/\/js\.stripe\.com/,
    );
  });

  it("lets the Payouts page's form, and no other, be redirected to Stripe's onboarding", () => {
    expect(pageContentSecurityPolicy([], "https://cars.example/dashboard/payouts", { r2Api: null })).toContain(
      "form-action 'self' https://connect.stripe.com;",
    );
    expect(pageContentSecurityPolicy([], "https://cars.example/dashboard/myorders", { r2Api: null })).toContain("form-action 'self';");
  });
});
