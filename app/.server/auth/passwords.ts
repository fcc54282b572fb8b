// Password hashing with PBKDF2-SHA256 from WebCrypto, which workerd supports natively.
// 100,000 iterations is the most workerd allows; the stored format records the algorithm
// and parameters, so hashes can be upgraded on the next successful sign-in when that changes.

const ALGORITHM = "pbkdf2-sha256";
const ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BYTES = 32;

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, ITERATIONS);
  return [ALGORITHM, ITERATIONS, toBase64(salt), toBase64(hash)].join("$");
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = stored?.split("$") ?? [];
  if (parts.length !== 4 || parts[0] !== ALGORITHM) {
    // Spend the same time as a real check, so timing does not reveal unknown accounts.
    await derive(password, new Uint8Array(SALT_BYTES), ITERATIONS);
    return false;
  }
  const iterations = Number(parts[1]);
  const expected = fromBase64(parts[3]);
  const actual = await derive(password, fromBase64(parts[2]), iterations);
  return constantTimeEqual(actual, expected);
}

/** True when the stored hash uses older parameters than today's and should be rehashed. */
export function needsRehash(stored: string): boolean {
  const [algorithm, iterations] = stored.split("$");
  return algorithm !== ALGORITHM || Number(iterations) < ITERATIONS;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BYTES * 8);
  return new Uint8Array(bits);
}

export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index] ^ b[index];
  return difference === 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
