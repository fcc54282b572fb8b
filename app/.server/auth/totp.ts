import { HOTP, Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

const ISSUER = "Auto Reseller";
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = "SHA1";
const RECOVERY_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"; // no 0/o, 1/l/i
const RECOVERY_COUNT = 10;

/** A new random 160-bit secret, base32-encoded (what authenticator apps expect). */
export function createTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, accountEmail: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountEmail,
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
  }).toString();
}

/**
 * The QR code of `uri` as an inline `<svg role="img" aria-label="…">` element.
 * It has a viewBox but no width/height, so it scales to its container: size it with CSS.
 */
export function totpQrSvg(uri: string): string {
  // Medium error correction and a 4-module quiet zone make phone cameras scan it reliably.
  const svg = renderSVG(uri, { ecc: "M", border: 4 });
  return svg.replace(/^<svg /, '<svg role="img" aria-label="QR code to scan with your authenticator app" ');
}

function timeStep(now: Date): number {
  return Math.floor(now.getTime() / 1000 / PERIOD);
}

export function generateTotp(secret: string, now: Date): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    counter: timeStep(now),
  });
}

/**
 * Returns the time step the code belongs to (current step ±1 for clock drift), or null.
 * Steps at or before `lastUsedStep` are refused so each code works only once; the caller
 * stores the returned step as the new `lastUsedStep`.
 */
export function verifyTotp(secret: string, code: string, lastUsedStep: number | null, now: Date): number | null {
  const token = code.replace(/\s+/g, "");
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(token)) return null;
  const key = Secret.fromBase32(secret);
  const current = timeStep(now);
  for (const step of [current - 1, current, current + 1]) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    // window 0: compare against exactly this step (constant-time inside otpauth).
    const delta = HOTP.validate({ token, secret: key, algorithm: ALGORITHM, digits: DIGITS, counter: step, window: 0 });
    if (delta !== null) return step;
  }
  return null;
}

function randomRecoveryChars(length: number): string {
  let out = "";
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 31).
  const limit = 256 - (256 % RECOVERY_ALPHABET.length);
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < limit && out.length < length) out += RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length];
    }
  }
  return out;
}

/** Ten one-time codes like `abcde-fghij` (shown once to the user; store only their hashes). */
export function generateRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_COUNT) {
    const raw = randomRecoveryChars(10);
    codes.add(`${raw.slice(0, 5)}-${raw.slice(5)}`);
  }
  return [...codes];
}

/** Lower-case with dashes and whitespace removed, so `ABCDE-FGHIJ` and `abcdefghij` match. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

/**
 * SHA-256 hex of the normalised code. A fast unsalted hash suffices: the codes are random
 * (~49 bits) and whoever reads the stored hashes can read the TOTP secret beside them.
 */
export async function hashRecoveryCode(code: string): Promise<string> {
  const bytes = new TextEncoder().encode(normaliseRecoveryCode(code));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}
