// Vehicle Identification Numbers (ISO 3779; the check digit is the North American rule, 49 CFR 565).

/** 17 letters and digits; I, O and Q are never used (they look like 1 and 0). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const POSITION_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (the 9th character) a VIN's other characters call for: 0–9 or X for 10. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const char = vin[i];
    sum += (/\d/.test(char) ? Number(char) : LETTER_VALUES[char]) * POSITION_WEIGHTS[i];
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** North American VINs (first character 1–5) carry a check digit; others need not. */
export function hasCheckDigit(vin: string): boolean {
  return /^[1-5]/.test(vin);
}

export const VIN_FORMAT_MESSAGE = "VIN must be 17 letters and digits, without I, O or Q";
export const VIN_CHECK_DIGIT_MESSAGE = "VIN check digit does not match";

/** What is wrong with an upper-cased VIN, or undefined when nothing is. */
export function vinProblem(vin: string): string | undefined {
  if (!VIN_PATTERN.test(vin)) return VIN_FORMAT_MESSAGE;
  if (hasCheckDigit(vin) && vin[8] !== vinCheckDigit(vin)) return VIN_CHECK_DIGIT_MESSAGE;
  return undefined;
}

export interface VinDecode {
  manufacturer: string | null;
  region: string | null;
  modelYear: number | null;
}

/** What a valid VIN says offline: its maker (by WMI), its region (first character) and its model year (10th). */
export function decodeVin(vin: string): VinDecode | null {
  // Being written: the WMI table, regions and model years.
  return VIN_PATTERN.test(vin) ? { manufacturer: null, region: null, modelYear: null } : null;
}
