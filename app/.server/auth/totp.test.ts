import { Secret } from "otpauth";
import { describe, expect, it } from "vitest";
import {
  createTotpSecret,
  generateRecoveryCodes,
  generateTotp,
  hashRecoveryCode,
  normaliseRecoveryCode,
  totpQrSvg,
  totpUri,
  verifyTotp,
} from "./totp";

const now = new Date("2025-03-01T12:00:10Z");
const step = Math.floor(now.getTime() / 1000 / 30);
const at = (s: number) => new Date(s * 30_000 + 5_000);

describe("totp", () => {
  it("matches the RFC 6238 SHA1 test vector (T=59s → 94287082, 6 digits 287082)", () => {
    const secret = Secret.fromLatin1("12345678901234567890").base32;
    expect(generateTotp(secret, new Date(59_000))).toBe("287082");
    expect(verifyTotp(secret, "287082", null, new Date(59_000))).toBe(1);
    expect(verifyTotp(secret, "287083", null, new Date(59_000))).toBeNull();
  });

  it("creates 160-bit base32 secrets that verify their own codes", () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
    const code = generateTotp(secret, now);
    expect(code).toMatch(/^\d{6}$/);
    expect(verifyTotp(secret, code, null, now)).toBe(step);
    expect(verifyTotp(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, null, now)).toBe(step);
  });

  it("accepts one step of drift either way and refuses two", () => {
    const secret = createTotpSecret();
    expect(verifyTotp(secret, generateTotp(secret, at(step - 1)), null, now)).toBe(step - 1);
    expect(verifyTotp(secret, generateTotp(secret, at(step + 1)), null, now)).toBe(step + 1);
    const twoBack = generateTotp(secret, at(step - 2));
    const twoAhead = generateTotp(secret, at(step + 2));
    // Guard against a coincidental match with a code inside the window (1 in ~330k).
    const inWindow = [step - 1, step, step + 1].map((s) => generateTotp(secret, at(s)));
    if (!inWindow.includes(twoBack)) expect(verifyTotp(secret, twoBack, null, now)).toBeNull();
    if (!inWindow.includes(twoAhead)) expect(verifyTotp(secret, twoAhead, null, now)).toBeNull();
  });

  it("refuses a replayed code but accepts it after an older step", () => {
    const secret = createTotpSecret();
    const code = generateTotp(secret, now);
    expect(verifyTotp(secret, code, step, now)).toBeNull();
    expect(verifyTotp(secret, code, step + 1, now)).toBeNull();
    expect(verifyTotp(secret, code, step - 1, now)).toBe(step);
  });

  it("returns null for garbage without throwing", () => {
    const secret = createTotpSecret();
    for (const bad of ["", "abcdef", "1234567", "12345", "12 34a6", "١٢٣٤٥٦"]) {
      expect(verifyTotp(secret, bad, null, now)).toBeNull();
    }
  });

  it("builds an otpauth URI with issuer, SHA1, 6 digits and 30 s period", () => {
    const secret = createTotpSecret();
    const uri = totpUri(secret, "dealer@example.com");
    expect(uri.startsWith("otpauth://totp/Auto%20Reseller:dealer%40example.com?")).toBe(true);
    for (const part of [`secret=${secret}`, "issuer=Auto%20Reseller", "algorithm=SHA1", "digits=6", "period=30"]) {
      expect(uri).toContain(part);
    }
  });

  it("renders the QR code as an accessible inline svg", () => {
    const svg = totpQrSvg(totpUri(createTotpSecret(), "dealer@example.com"));
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/aria-label="[^"]+"/);
    expect(svg.endsWith("</svg>")).toBe(true);
  });
});

describe("recovery codes", () => {
  it("generates ten unique codes like abcde-fghij from an unambiguous alphabet", () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
    expect(generateRecoveryCodes()).not.toEqual(codes);
  });

  it("normalises case, dashes and spaces", () => {
    expect(normaliseRecoveryCode(" ABCDE-FGHIJ ")).toBe("abcdefghij");
    expect(normaliseRecoveryCode("abcde fghij")).toBe("abcdefghij");
  });

  it("hashes to stable 64-char hex regardless of formatting", async () => {
    const hash = await hashRecoveryCode("ABCDE-FGHIJ");
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashRecoveryCode("abcdefghij")).toBe(hash);
    expect(await hashRecoveryCode("abcde-fghik")).not.toBe(hash);
    // SHA-256("abcdefghij"), so the stored format cannot drift unnoticed.
    expect(hash).toBe("72399361da6a7754fec986dca5b7cbaf1c810a28ded4abaf56b2106d06cb78b0");
  });
});
