import { describe, expect, it } from "vitest";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("Passw0rd!");
    expect(await verifyPassword("Passw0rd!", stored)).toBe(true);
    expect(await verifyPassword("Passw0rd?", stored)).toBe(false);
  });

  it("records algorithm and parameters, with a fresh salt each time", async () => {
    const first = await hashPassword("same");
    const second = await hashPassword("same");
    expect(first).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
    expect(needsRehash("pbkdf2-sha256$1000$AAAA$AAAA")).toBe(true);
  });

  it("refuses missing or malformed hashes", async () => {
    expect(await verifyPassword("x", null)).toBe(false);
    expect(await verifyPassword("x", "plain-text")).toBe(false);
  });
});
