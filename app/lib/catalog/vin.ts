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

export interface VinMaker {
  /** The name decodeVin gives. */
  name: string;
  /** World manufacturer identifiers: 3 characters, or 2 where every code under them is this maker's. */
  wmis: readonly string[];
  /** Other names a seller may enter for the same make (brands it sells under, short forms). */
  aliases?: readonly string[];
}

/**
 * Makers by their common WMIs (the VIN's first 3 characters; a 3-character code wins over a
 * 2-character one, so JTH is Lexus while the rest of JT is Toyota). Codes shared by several
 * brands of one group (1C4: Chrysler, Dodge, Jeep and Ram) belong to the group, with its brands as
 * aliases. A code missing here decodes to no maker rather than a guess.
 */
// prettier-ignore
export const VIN_MAKERS: readonly VinMaker[] = [
  // Toyota group
  { name: "Toyota", wmis: [
    "JT", "1NX", "2T1", "2T3", "3TM", "4T1", "4T3", "4T4", "5TB", "5TD", "5TE", "5TF", "5YF", "7MU",
    "AHT", "MBJ", "MR0", "NMT", "SB1", "VNK", "6T1", "8AJ", "9BR",
  ], aliases: ["Scion"] },
  { name: "Lexus", wmis: ["JTH", "JTJ", "2T2", "58A"] },
  { name: "Daihatsu", wmis: ["JDA"] },
  { name: "Perodua", wmis: ["PM2"] },
  // Volkswagen group
  { name: "Volkswagen", wmis: ["WVW", "WV1", "WV2", "WV3", "WVG", "1VW", "1V2", "3VW", "3VV", "AAV", "8AW", "9BW"], aliases: ["VW"] },
  { name: "Audi", wmis: ["WAU", "WA1", "WUA", "TRU"] },
  { name: "Škoda", wmis: ["TMB"] },
  { name: "SEAT", wmis: ["VSS"], aliases: ["Cupra"] },
  { name: "Porsche", wmis: ["WP0", "WP1"] },
  { name: "Bentley", wmis: ["SCB"] },
  { name: "Lamborghini", wmis: ["ZHW"] },
  // Hyundai Motor Group
  { name: "Hyundai", wmis: ["KMH", "KM8", "5NM", "5NP", "MAL", "NLH", "TMA"] },
  { name: "Genesis", wmis: ["KMT"] },
  { name: "Kia", wmis: ["KNA", "KND", "KNE", "3KP", "5XX", "5XY", "U5Y", "U6Y"] },
  // General Motors
  { name: "Chevrolet", wmis: [
    "1G1", "1GB", "1GC", "1GN", "2G1", "2GC", "2GN", "3G1", "3GC", "3GN", "KL1", "KL7", "KL8",
    "8AG", "9BG",
  ], aliases: ["Chevy"] },
  { name: "Cadillac", wmis: ["1G6", "1GY"] },
  { name: "GMC", wmis: ["1GD", "1GK", "1GT", "2GK", "2GT", "3GK", "3GT"] },
  { name: "Buick", wmis: ["1G4", "2G4", "5GA", "KL4", "LRB"] },
  { name: "Pontiac", wmis: ["1G2", "2G2", "5Y2"] },
  { name: "Oldsmobile", wmis: ["1G3"] },
  { name: "Saturn", wmis: ["1G8"] },
  { name: "Hummer", wmis: ["5GR"] },
  { name: "Holden", wmis: ["6G1"] },
  { name: "Daewoo", wmis: ["KLA"] },
  // Ford
  { name: "Ford", wmis: [
    "1FA", "1FB", "1FD", "1FM", "1FT", "1ZV", "2FA", "2FM", "2FT", "3FA", "3FM", "3FT", "AFA",
    "LVS", "MAJ", "MNB", "NM0", "SFA", "VS6", "WF0", "6FP", "8AF", "9BF",
  ] },
  { name: "Lincoln", wmis: ["1LN", "2LM", "3LN", "5LM"] },
  { name: "Mercury", wmis: ["1ME", "2ME", "4M2"] },
  // Honda
  { name: "Honda", wmis: ["JHL", "JHM", "1HG", "19X", "2HG", "2HK", "3CZ", "3HG", "5FN", "5J6", "7FA", "LHG", "MAK", "MRH", "SHH", "SHS"] },
  { name: "Acura", wmis: ["JH4", "19U", "2HN", "5J8"] },
  // Nissan
  { name: "Nissan", wmis: ["JN", "1N4", "1N6", "3N1", "3N6", "5N1", "MDH", "MNT", "SJN", "VSK", "94D"], aliases: ["Datsun"] },
  { name: "Infiniti", wmis: ["JNK", "JNR", "3PC", "5N3"] },
  // Stellantis
  { name: "Peugeot", wmis: ["VF3", "VR3", "8AD"] },
  { name: "Citroën", wmis: ["VF7", "VR7", "8BC", "935"] },
  { name: "DS", wmis: ["VR1"], aliases: ["DS Automobiles"] },
  { name: "Opel", wmis: ["W0L", "W0V", "VXK"], aliases: ["Vauxhall"] },
  { name: "Fiat", wmis: ["ZFA", "3C3", "NM4", "SUF", "8AP", "9BD"] },
  { name: "Alfa Romeo", wmis: ["ZAR", "ZAS"], aliases: ["Alfa"] },
  { name: "Lancia", wmis: ["ZLA"] },
  { name: "Maserati", wmis: ["ZAM"] },
  { name: "Jeep", wmis: ["1J4", "1J8", "ZAC"] },
  { name: "Chrysler", wmis: ["1A8", "2A4", "2A8", "3A4", "3A8"] },
  { name: "Dodge", wmis: ["1B3", "1B4", "1B7", "1D3", "1D4", "1D7", "1D8", "2B3", "2D4", "3D7"] },
  { name: "Ram", wmis: ["3C6", "3C7"], aliases: ["Dodge Ram", "Ram Trucks"] },
  { name: "FCA US", wmis: ["1C3", "1C4", "1C6", "2C3", "2C4", "3C4"], aliases: ["Chrysler", "Dodge", "Jeep", "Ram", "FCA", "Stellantis"] },
  // BMW group
  { name: "BMW", wmis: ["WBA", "WBS", "WBX", "WBY", "4US", "5UX", "5YM", "LBV"] },
  { name: "Mini", wmis: ["WMW", "WMZ"] },
  { name: "Rolls-Royce", wmis: ["SCA"] },
  // Mercedes-Benz group
  { name: "Mercedes-Benz", wmis: [
    "WDB", "WDC", "WDD", "WDF", "W1K", "W1N", "W1V", "4JG", "55S",
  ], aliases: ["Mercedes", "Benz", "Mercedes-AMG", "Maybach"] },
  { name: "Smart", wmis: ["WME"] },
  // Renault group
  { name: "Renault", wmis: ["VF1", "KNM", "MEE", "X7L", "8A1", "93Y"], aliases: ["Renault Samsung", "Renault Korea"] },
  { name: "Dacia", wmis: ["UU1"] },
  // Japan
  { name: "Suzuki", wmis: ["JS", "2S3", "KL5", "TSM"] },
  { name: "Maruti Suzuki", wmis: ["MA3"], aliases: ["Maruti", "Suzuki"] },
  { name: "Mazda", wmis: ["JM1", "JM3", "JMZ", "1YV", "3MV", "3MZ", "4F2", "4F4", "7MM"] },
  { name: "Subaru", wmis: ["JF", "4S3", "4S4"] },
  { name: "Mitsubishi", wmis: ["JA3", "JA4", "JMB", "JMY", "4A3", "4A4", "ML3", "MMB", "6MM"] },
  { name: "Isuzu", wmis: ["JAA", "JAB", "JAC", "JAE", "JAL", "4S1", "4S2", "MPA"] },
  // United States
  { name: "Tesla", wmis: ["5YJ", "7SA", "LRW", "XP7"] },
  // Volvo and Geely
  { name: "Volvo", wmis: ["YV", "7JR", "LYV"] },
  { name: "Polestar", wmis: ["LPS"] },
  { name: "Geely", wmis: ["L6T"] },
  // China
  { name: "BYD", wmis: ["LC0", "LGX"] },
  { name: "Chery", wmis: ["LVV"] },
  { name: "Great Wall", wmis: ["LGW"], aliases: ["GWM", "Great Wall Motors", "Haval"] },
  { name: "MG", wmis: ["LSJ"], aliases: ["MG Motor", "SAIC", "SAIC Motor", "Roewe"] },
  { name: "Changan", wmis: ["LS5"] },
  // India
  { name: "Tata", wmis: ["MAT"], aliases: ["Tata Motors"] },
  { name: "Mahindra", wmis: ["MA1"], aliases: ["Mahindra & Mahindra"] },
  // United Kingdom
  { name: "Land Rover", wmis: ["SAL"], aliases: ["Range Rover"] },
  { name: "Jaguar", wmis: ["SAJ", "SAD"] },
  { name: "Rover", wmis: ["SAR"] },
  { name: "Aston Martin", wmis: ["SCF"] },
  { name: "Lotus", wmis: ["SCC"] },
  // Others
  { name: "Ferrari", wmis: ["ZFF"] },
  { name: "SsangYong", wmis: ["KPT"], aliases: ["KGM"] },
  { name: "Proton", wmis: ["PL1"] },
  { name: "Lada", wmis: ["XTA"], aliases: ["AvtoVAZ", "VAZ"] },
];

const MAKER_BY_WMI = new Map<string, VinMaker>();
for (const maker of VIN_MAKERS) for (const wmi of maker.wmis) MAKER_BY_WMI.set(wmi, maker);

const MAKER_BY_NAME = new Map(VIN_MAKERS.map((maker) => [normalizeMake(maker.name), maker]));

/**
 * A make as compared: lower case, without accents, spaces or punctuation ("Mercedes-Benz" →
 * "mercedesbenz"). NFD splits an accented letter into the letter and a mark, and the mark goes
 * with the punctuation ("Škoda" → "skoda").
 */
function normalizeMake(make: string): string {
  return make
    .normalize("NFD")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/** The maker a VIN's WMI names: its 3-character code, or else its first 2 characters. */
function manufacturerOf(vin: string): string | null {
  return (MAKER_BY_WMI.get(vin.slice(0, 3)) ?? MAKER_BY_WMI.get(vin.slice(0, 2)))?.name ?? null;
}

/** Where a VIN's maker registered it, by the first character (0 is not assigned). */
function regionOf(vin: string): string | null {
  const first = vin[0];
  if (first >= "A" && first <= "H") return "Africa";
  if (first >= "J" && first <= "R") return "Asia";
  if (first >= "S" && first <= "Z") return "Europe";
  if (first >= "1" && first <= "5") return "North America";
  if (first === "6" || first === "7") return "Oceania";
  if (first === "8" || first === "9") return "South America";
  return null;
}

/** Model-year codes in order from 1980; the cycle repeats every 30 years (A is 1980 and 2010). */
const YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";
const FIRST_MODEL_YEAR = 1980;

/**
 * The model year the 10th character stands for. North American VINs say which 30-year cycle: a
 * digit in position 7 for 1980–2009, a letter for 2010–2039. Elsewhere the latest year of the
 * cycle not later than next year (cars of next year's model are sold this year).
 */
function modelYearOf(vin: string, now: Date): number | null {
  const index = YEAR_CODES.indexOf(vin[9]);
  if (index < 0) return null;
  const year = FIRST_MODEL_YEAR + index;
  if (hasCheckDigit(vin)) return /\d/.test(vin[6]) ? year : year + YEAR_CODES.length;
  const cycles = Math.max(0, Math.floor((now.getFullYear() + 1 - year) / YEAR_CODES.length));
  return year + cycles * YEAR_CODES.length;
}

/** What a valid VIN says offline: its maker (by WMI), its region (first character) and its model year (10th). */
export function decodeVin(vin: string, now: Date = new Date()): VinDecode | null {
  if (!VIN_PATTERN.test(vin)) return null;
  return { manufacturer: manufacturerOf(vin), region: regionOf(vin), modelYear: modelYearOf(vin, now) };
}

/**
 * Whether the make a seller entered is the maker a VIN decoded to, or one of its brands or other
 * names (VIN_MAKERS), ignoring case, accents and punctuation. A maker's sister brands do not count:
 * a Lexus VIN is not a Toyota.
 */
export function sameMaker(decodedManufacturer: string, make: string): boolean {
  const entered = normalizeMake(make);
  if (!entered) return false;
  const decoded = normalizeMake(decodedManufacturer);
  if (entered === decoded) return true;
  const maker = MAKER_BY_NAME.get(decoded);
  return maker?.aliases?.some((alias) => normalizeMake(alias) === entered) ?? false;
}

/**
 * The listing form's note (it never blocks) when a valid VIN decodes to a maker other than the
 * make entered; undefined when they agree, or when either is missing, invalid or not decodable.
 */
export function vinMakerNote(vin: string | undefined, make: string | undefined): string | undefined {
  const code = vin?.trim().toUpperCase() ?? "";
  if (!make?.trim() || vinProblem(code)) return undefined;
  const maker = decodeVin(code)?.manufacturer;
  if (!maker || sameMaker(maker, make)) return undefined;
  return `This VIN belongs to ${/^[AEIOU]/i.test(maker) ? "an" : "a"} ${maker}; check the make or the VIN`;
}

/**
 * What a valid VIN fills in on the listing form when the seller left those fields empty: its maker
 * (by the WMI table above, so only common makers) and its model year as the purchase year, never
 * later than `latestYear` (a car of next year's model is bought this year at the earliest).
 */
export function vinFill(vin: string | undefined, latestYear: number): { make?: string; purchaseYear?: number } {
  const code = vin?.trim().toUpperCase() ?? "";
  if (vinProblem(code)) return {};
  const decoded = decodeVin(code, new Date(Date.UTC(latestYear, 6, 1)));
  return {
    ...(decoded?.manufacturer ? { make: decoded.manufacturer } : {}),
    ...(decoded?.modelYear ? { purchaseYear: Math.min(decoded.modelYear, latestYear) } : {}),
  };
}

/**
 * The same, for a listing form sent without JavaScript: the empty fields among `fields` are set on
 * the form data from its VIN before it is read.
 */
export function fillFromVin(formData: FormData, latestYear: number, fields: readonly ("make" | "purchaseYear")[]): void {
  const fill = vinFill(String(formData.get("vin") ?? ""), latestYear);
  for (const field of fields) {
    const value = fill[field];
    if (value !== undefined && !String(formData.get(field) ?? "").trim()) formData.set(field, String(value));
  }
}
