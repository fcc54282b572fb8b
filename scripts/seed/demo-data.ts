// The demo market of the contract ("Demo data"): the five contract accounts, more sellers and
// buyers, and 120 cars with vehicle data, photos, price history, sales, bookings and reports.
// Everything is generated from a fixed PRNG seed, so every run produces the same market; only
// the dates move with the time of seeding (they are kept relative to it).

import { vinCheckDigit } from "../../app/lib/catalog/vin.ts";
import { rng } from "./car-shapes.ts";
import { type Angle, type CarBody } from "./photos.ts";

export const DEMO_PASSWORD = "Passw0rd!";

type Location = "Dhaka" | "Chittagong" | "Khulna" | "Barishal" | "Rangpur" | "Rajshahi" | "Sylhet";
type Condition = "Excellent" | "Good" | "Fair";
type Fuel = "petrol" | "diesel" | "hybrid" | "electric" | "cng" | "lpg";
type Transmission = "automatic" | "manual";
type Role = "admin" | "seller" | "buyer";

const DAY = 86_400_000;

export interface DemoUser {
  name: string;
  email: string;
  role: Role;
  sellerVerified: boolean;
  /** Days before seeding the account was opened (the seller's "member since"). */
  memberForDays: number;
  /** Where a seller's cars usually are. */
  home: Location;
  phone: string;
}

// The first five are the contract's accounts and must stay exactly as they are.
export const DEMO_USERS: DemoUser[] = [
  { name: "Site Admin", email: "admin@autoreseller.test", role: "admin", sellerVerified: false, memberForDays: 1460, home: "Dhaka", phone: "+880 1700-000001" },
  { name: "Rahim Motors", email: "seller@autoreseller.test", role: "seller", sellerVerified: true, memberForDays: 1190, home: "Dhaka", phone: "+880 1711-482913" },
  { name: "Karim Uddin", email: "seller2@autoreseller.test", role: "seller", sellerVerified: false, memberForDays: 240, home: "Chittagong", phone: "+880 1819-306472" },
  { name: "Nadia Islam", email: "buyer@autoreseller.test", role: "buyer", sellerVerified: false, memberForDays: 410, home: "Dhaka", phone: "+880 1755-210384" },
  { name: "Tanvir Ahmed", email: "buyer2@autoreseller.test", role: "buyer", sellerVerified: false, memberForDays: 95, home: "Sylhet", phone: "+880 1912-774051" },
  { name: "Dhaka Auto Hub", email: "autohub@autoreseller.test", role: "seller", sellerVerified: true, memberForDays: 1640, home: "Dhaka", phone: "+880 1713-905527" },
  { name: "Farhana Akter", email: "farhana@autoreseller.test", role: "seller", sellerVerified: true, memberForDays: 720, home: "Rajshahi", phone: "+880 1552-619308" },
  { name: "Port City Cars", email: "portcity@autoreseller.test", role: "seller", sellerVerified: true, memberForDays: 980, home: "Chittagong", phone: "+880 1818-447260" },
  { name: "Sabbir Hossain", email: "sabbir@autoreseller.test", role: "seller", sellerVerified: false, memberForDays: 61, home: "Khulna", phone: "+880 1675-338190" },
  { name: "Sylhet Wheels", email: "sylhetwheels@autoreseller.test", role: "seller", sellerVerified: true, memberForDays: 530, home: "Sylhet", phone: "+880 1714-582036" },
  { name: "Mizanur Rahman", email: "mizan@autoreseller.test", role: "seller", sellerVerified: false, memberForDays: 150, home: "Rangpur", phone: "+880 1923-160745" },
  { name: "Shila Das", email: "shila@autoreseller.test", role: "buyer", sellerVerified: false, memberForDays: 300, home: "Khulna", phone: "+880 1731-905662" },
  { name: "Arif Chowdhury", email: "arif@autoreseller.test", role: "buyer", sellerVerified: false, memberForDays: 44, home: "Chittagong", phone: "+880 1817-223094" },
  { name: "Mehedi Hasan", email: "mehedi@autoreseller.test", role: "buyer", sellerVerified: false, memberForDays: 12, home: "Barishal", phone: "+880 1998-406117" },
]; // prettier-ignore

export const DEMO_CATEGORIES: { name: string; body: CarBody; color: string; cars: number }[] = [
  { name: "Sedan", body: "sedan", color: "#1d4ed8", cars: 28 },
  { name: "SUV", body: "suv", color: "#15803d", cars: 24 },
  { name: "Hatchback", body: "hatchback", color: "#b91c1c", cars: 20 },
  { name: "Pickup", body: "pickup", color: "#a16207", cars: 14 },
  { name: "Microbus", body: "van", color: "#0f766e", cars: 13 },
  { name: "Electric", body: "hatchback", color: "#0891b2", cars: 12 },
  { name: "Coupe & Sports", body: "coupe", color: "#7c3aed", cars: 9 },
];

interface Model {
  make: string;
  model: string;
  category: string;
  body: CarBody;
  /** Roughly what it cost new, in dollars. */
  price: number;
  years: [number, number];
  fuels: Fuel[];
  /** Share of manual gearboxes. */
  manual: number;
  /** World manufacturer identifier and a fixed vehicle descriptor section (VIN characters 4–8). */
  wmi: string;
  vds: string;
  /** How often it turns up on the market. */
  weight: number;
  features: string[];
}

const MODELS: Model[] = [
  // Sedans
  { make: "Toyota", model: "Corolla Axio", category: "Sedan", body: "sedan", price: 21000, years: [2012, 2020], fuels: ["petrol", "hybrid", "cng"], manual: 0, wmi: "JTD", vds: "NZE16", weight: 6, features: ["push start", "reverse camera", "fog lamps"] },
  { make: "Toyota", model: "Premio", category: "Sedan", body: "sedan", price: 27000, years: [2012, 2021], fuels: ["petrol"], manual: 0, wmi: "JTD", vds: "NZT26", weight: 5, features: ["power seats", "alloy wheels", "navigation screen"] },
  { make: "Toyota", model: "Allion", category: "Sedan", body: "sedan", price: 26000, years: [2012, 2020], fuels: ["petrol", "cng"], manual: 0, wmi: "JTD", vds: "ZRT26", weight: 3, features: ["cruise control", "alloy wheels"] },
  { make: "Honda", model: "Civic", category: "Sedan", body: "sedan", price: 28000, years: [2016, 2023], fuels: ["petrol"], manual: 0.15, wmi: "JHM", vds: "FC1A5", weight: 4, features: ["turbo engine", "lane watch camera", "sunroof"] },
  { make: "Honda", model: "Grace", category: "Sedan", body: "sedan", price: 22000, years: [2015, 2020], fuels: ["hybrid"], manual: 0, wmi: "JHM", vds: "GM4H2", weight: 2, features: ["hybrid battery in good health", "reverse camera"] },
  { make: "Nissan", model: "Sunny", category: "Sedan", body: "sedan", price: 17000, years: [2013, 2020], fuels: ["petrol", "cng"], manual: 0.4, wmi: "JN1", vds: "BN17A", weight: 2, features: ["roomy back seat", "keyless entry"] },
  { make: "Hyundai", model: "Elantra", category: "Sedan", body: "sedan", price: 24000, years: [2016, 2023], fuels: ["petrol"], manual: 0.2, wmi: "KMH", vds: "D341D", weight: 2, features: ["Apple CarPlay", "heated seats"] },
  { make: "Mercedes-Benz", model: "C 200", category: "Sedan", body: "sedan", price: 52000, years: [2015, 2022], fuels: ["petrol"], manual: 0, wmi: "WDD", vds: "20504", weight: 2, features: ["leather seats", "ambient lighting", "panoramic roof"] },
  { make: "BMW", model: "320i", category: "Sedan", body: "sedan", price: 50000, years: [2016, 2022], fuels: ["petrol"], manual: 0, wmi: "WBA", vds: "8E110", weight: 2, features: ["M Sport package", "parking sensors"] },
  { make: "Volkswagen", model: "Passat", category: "Sedan", body: "sedan", price: 36000, years: [2015, 2021], fuels: ["petrol", "diesel"], manual: 0.1, wmi: "WVW", vds: "ZZZ3C", weight: 1, features: ["adaptive cruise control", "large boot"] },
  // SUVs
  { make: "Toyota", model: "Land Cruiser Prado", category: "SUV", body: "suv", price: 80000, years: [2012, 2022], fuels: ["diesel", "petrol"], manual: 0, wmi: "JTE", vds: "BH3FJ", weight: 4, features: ["seven seats", "four-wheel drive", "sunroof"] },
  { make: "Toyota", model: "RAV4", category: "SUV", body: "suv", price: 38000, years: [2014, 2023], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JTM", vds: "RFREV", weight: 3, features: ["all-wheel drive", "power tailgate"] },
  { make: "Toyota", model: "Harrier", category: "SUV", body: "suv", price: 45000, years: [2014, 2022], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JTE", vds: "AA5FA", weight: 2, features: ["JBL sound system", "panoramic view monitor"] },
  { make: "Honda", model: "Vezel", category: "SUV", body: "suv", price: 26000, years: [2014, 2022], fuels: ["hybrid", "petrol"], manual: 0, wmi: "JHL", vds: "RU3H5", weight: 4, features: ["magic rear seats", "lane keeping assist"] },
  { make: "Honda", model: "CR-V", category: "SUV", body: "suv", price: 38000, years: [2015, 2023], fuels: ["petrol"], manual: 0, wmi: "5J6", vds: "RW2H8", weight: 2, features: ["all-wheel drive", "heated seats"] },
  { make: "Nissan", model: "X-Trail", category: "SUV", body: "suv", price: 34000, years: [2014, 2022], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JN8", vds: "AT32B", weight: 3, features: ["around view monitor", "roof rails"] },
  { make: "Mitsubishi", model: "Pajero Sport", category: "SUV", body: "suv", price: 42000, years: [2016, 2023], fuels: ["diesel"], manual: 0.2, wmi: "JA4", vds: "AZ2AW", weight: 2, features: ["four-wheel drive with low range", "seven seats"] },
  { make: "Hyundai", model: "Tucson", category: "SUV", body: "suv", price: 30000, years: [2016, 2023], fuels: ["petrol", "diesel"], manual: 0.1, wmi: "KM8", vds: "J3CA4", weight: 2, features: ["panoramic roof", "wireless charging"] },
  { make: "Kia", model: "Sportage", category: "SUV", body: "suv", price: 29000, years: [2016, 2023], fuels: ["petrol", "diesel"], manual: 0.1, wmi: "KND", vds: "PM3AC", weight: 2, features: ["blind spot monitor", "ventilated seats"] },
  { make: "Ford", model: "Explorer", category: "SUV", body: "suv", price: 46000, years: [2015, 2021], fuels: ["petrol"], manual: 0, wmi: "1FM", vds: "5K8GH", weight: 1, features: ["third-row seats", "towing package"] },
  { make: "BMW", model: "X5", category: "SUV", body: "suv", price: 78000, years: [2014, 2021], fuels: ["petrol", "diesel"], manual: 0, wmi: "5UX", vds: "CR6C5", weight: 1, features: ["air suspension", "head-up display"] },
  // Hatchbacks
  { make: "Toyota", model: "Aqua", category: "Hatchback", body: "hatchback", price: 19000, years: [2012, 2020], fuels: ["hybrid"], manual: 0, wmi: "JTD", vds: "KP10H", weight: 6, features: ["excellent fuel economy", "push start"] },
  { make: "Toyota", model: "Vitz", category: "Hatchback", body: "hatchback", price: 15000, years: [2012, 2020], fuels: ["petrol"], manual: 0.1, wmi: "JTD", vds: "KSP13", weight: 3, features: ["parking sensors", "low running costs"] },
  { make: "Honda", model: "Fit", category: "Hatchback", body: "hatchback", price: 16500, years: [2013, 2021], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JHM", vds: "GP5H1", weight: 4, features: ["magic seats", "paddle shifters"] },
  { make: "Suzuki", model: "Swift", category: "Hatchback", body: "hatchback", price: 14500, years: [2014, 2023], fuels: ["petrol"], manual: 0.5, wmi: "JS2", vds: "ZC83S", weight: 3, features: ["lively 1.2 engine", "touchscreen"] },
  { make: "Volkswagen", model: "Golf", category: "Hatchback", body: "hatchback", price: 27000, years: [2014, 2021], fuels: ["petrol", "diesel"], manual: 0.3, wmi: "WVW", vds: "ZZZAU", weight: 2, features: ["DSG gearbox", "digital cockpit"] },
  { make: "Nissan", model: "Note", category: "Hatchback", body: "hatchback", price: 15500, years: [2013, 2021], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JN1", vds: "E12NB", weight: 2, features: ["e-Power drive", "large boot for its size"] },
  { make: "Mazda", model: "Demio", category: "Hatchback", body: "hatchback", price: 16000, years: [2014, 2021], fuels: ["petrol", "diesel"], manual: 0.2, wmi: "JM1", vds: "DJ3FS", weight: 2, features: ["head-up display", "sporty handling"] },
  // Pickups
  { make: "Toyota", model: "Hilux", category: "Pickup", body: "pickup", price: 38000, years: [2012, 2023], fuels: ["diesel"], manual: 0.5, wmi: "JTF", vds: "GN126", weight: 4, features: ["double cabin", "tow bar", "bed liner"] },
  { make: "Nissan", model: "Navara", category: "Pickup", body: "pickup", price: 35000, years: [2015, 2023], fuels: ["diesel"], manual: 0.4, wmi: "JN6", vds: "CD23A", weight: 2, features: ["double cabin", "rear diff lock"] },
  { make: "Mitsubishi", model: "L200", category: "Pickup", body: "pickup", price: 30000, years: [2012, 2022], fuels: ["diesel"], manual: 0.7, wmi: "JA4", vds: "KB4TB", weight: 2, features: ["single cabin with a long bed", "load cover"] },
  { make: "Isuzu", model: "D-Max", category: "Pickup", body: "pickup", price: 32000, years: [2014, 2023], fuels: ["diesel"], manual: 0.6, wmi: "JAA", vds: "TFR86", weight: 2, features: ["economical 1.9 diesel", "hard top canopy"] },
  { make: "Ford", model: "Ranger", category: "Pickup", body: "pickup", price: 38000, years: [2019, 2023], fuels: ["diesel", "petrol"], manual: 0.3, wmi: "1FT", vds: "ER4FH", weight: 1, features: ["4x4", "roller shutter on the bed"] },
  // Microbuses and vans
  { make: "Toyota", model: "Noah", category: "Microbus", body: "van", price: 30000, years: [2014, 2022], fuels: ["petrol", "hybrid"], manual: 0, wmi: "JTN", vds: "ZRR80", weight: 4, features: ["eight seats", "two sliding doors"] },
  { make: "Toyota", model: "Hiace", category: "Microbus", body: "van", price: 36000, years: [2012, 2022], fuels: ["diesel", "petrol"], manual: 0.6, wmi: "JTF", vds: "KDH22", weight: 3, features: ["fourteen seats", "rear air conditioning"] },
  { make: "Nissan", model: "Serena", category: "Microbus", body: "van", price: 28000, years: [2014, 2022], fuels: ["hybrid", "petrol"], manual: 0, wmi: "JN1", vds: "C27GF", weight: 2, features: ["ProPilot assist", "hands-free sliding door"] },
  { make: "Hyundai", model: "H-1", category: "Microbus", body: "van", price: 33000, years: [2014, 2021], fuels: ["diesel"], manual: 0.5, wmi: "KMH", vds: "WH81K", weight: 1, features: ["twelve seats", "strong diesel"] },
  { make: "Kia", model: "Carnival", category: "Microbus", body: "van", price: 42000, years: [2016, 2023], fuels: ["diesel", "petrol"], manual: 0, wmi: "KND", vds: "MB5C2", weight: 1, features: ["captain chairs", "rear entertainment screens"] },
  { make: "Volkswagen", model: "Transporter", category: "Microbus", body: "van", price: 45000, years: [2014, 2022], fuels: ["diesel"], manual: 0.5, wmi: "WV2", vds: "ZZZ7H", weight: 1, features: ["nine seats", "long wheelbase"] },
  // Electric
  { make: "Nissan", model: "Leaf", category: "Electric", body: "hatchback", price: 32000, years: [2013, 2023], fuels: ["electric"], manual: 0, wmi: "JN1", vds: "AZ1CP", weight: 4, features: ["home charging cable included", "e-Pedal"] },
  { make: "Tesla", model: "Model 3", category: "Electric", body: "sedan", price: 45000, years: [2018, 2024], fuels: ["electric"], manual: 0, wmi: "5YJ", vds: "3E1EA", weight: 2, features: ["Autopilot", "glass roof"] },
  { make: "Hyundai", model: "Kona Electric", category: "Electric", body: "suv", price: 38000, years: [2019, 2024], fuels: ["electric"], manual: 0, wmi: "KMH", vds: "K381H", weight: 2, features: ["64 kWh battery", "heat pump"] },
  { make: "BMW", model: "i3", category: "Electric", body: "hatchback", price: 44000, years: [2014, 2021], fuels: ["electric"], manual: 0, wmi: "WBY", vds: "1Z2C5", weight: 1, features: ["carbon fibre body", "fast charging"] },
  { make: "Kia", model: "EV6", category: "Electric", body: "suv", price: 52000, years: [2022, 2024], fuels: ["electric"], manual: 0, wmi: "KNA", vds: "C3A1E", weight: 1, features: ["800 V fast charging", "vehicle-to-load socket"] },
  // Coupes and sports cars
  { make: "Ford", model: "Mustang", category: "Coupe & Sports", body: "coupe", price: 42000, years: [2015, 2023], fuels: ["petrol"], manual: 0.3, wmi: "1FA", vds: "6P8TH", weight: 2, features: ["5.0 V8", "performance exhaust"] },
  { make: "Chevrolet", model: "Camaro", category: "Coupe & Sports", body: "coupe", price: 40000, years: [2016, 2022], fuels: ["petrol"], manual: 0.3, wmi: "1G1", vds: "FB1RX", weight: 1, features: ["2.0 turbo", "Brembo brakes"] },
  { make: "BMW", model: "430i Coupe", category: "Coupe & Sports", body: "coupe", price: 58000, years: [2017, 2022], fuels: ["petrol"], manual: 0, wmi: "WBA", vds: "4W310", weight: 1, features: ["M Sport package", "adaptive suspension"] },
  { make: "Mercedes-Benz", model: "C 300 Coupe", category: "Coupe & Sports", body: "coupe", price: 56000, years: [2016, 2022], fuels: ["petrol"], manual: 0, wmi: "WDD", vds: "WJ4JB", weight: 1, features: ["Burmester sound", "AMG line"] },
  { make: "Nissan", model: "Fairlady Z", category: "Coupe & Sports", body: "coupe", price: 38000, years: [2012, 2020], fuels: ["petrol"], manual: 0.5, wmi: "JN1", vds: "AZ34D", weight: 1, features: ["3.7 V6", "limited-slip differential"] },
  { make: "Mazda", model: "MX-5", category: "Coupe & Sports", body: "coupe", price: 30000, years: [2016, 2023], fuels: ["petrol"], manual: 0.7, wmi: "JM1", vds: "ND6EL", weight: 1, features: ["soft top", "sport seats"] },
]; // prettier-ignore

export const PAINTS: { name: string; hex: string; weight: number }[] = [
  { name: "White", hex: "#f2f4f5", weight: 28 },
  { name: "Silver", hex: "#b9c0c8", weight: 16 },
  { name: "Black", hex: "#23262b", weight: 14 },
  { name: "Grey", hex: "#6f7780", weight: 12 },
  { name: "Red", hex: "#b3262b", weight: 8 },
  { name: "Blue", hex: "#1e5bb8", weight: 8 },
  { name: "Dark Blue", hex: "#1f2f57", weight: 6 },
  { name: "Green", hex: "#2e6b4f", weight: 4 },
  { name: "Brown", hex: "#6d4c35", weight: 4 },
];

export const TRIMS = ["#2b2d31", "#c9b48f", "#8a8f96"] as const;
const PREMIUM = new Set(["Mercedes-Benz", "BMW", "Tesla"]);

/** A photo the seed renders once and every car showing it shares. */
export interface PhotoSpec {
  key: string;
  angle: Angle;
  body: CarBody;
  color: string;
}

export interface DemoCar {
  name: string;
  make: string;
  model: string;
  category: string;
  year: number;
  mileageKm: number;
  transmission: Transmission;
  fuel: Fuel;
  colour: string;
  vin: string;
  condition: Condition;
  location: Location;
  seller: string;
  mobile: string;
  originalPrice: number;
  /** Every asking price, the listing price first (at createdAt); the last is the current price. */
  prices: { price: number; at: number }[];
  createdAt: number;
  advertised: boolean;
  description: string;
  photos: PhotoSpec[];
  /** Sold: who bought it, when they booked and when they paid. */
  sale?: { buyer: string; bookedAt: number; paidAt: number };
}

export interface DemoBooking {
  car: number;
  buyer: string;
  createdAt: number;
  meetingLocation: string;
}

export interface DemoReport {
  car: number;
  reporter: string;
  reason: "scam" | "wrong_info" | "sold_elsewhere" | "offensive" | "other";
  note: string;
  createdAt: number;
}

/** A buyer's review of the seller of a car they bought (the car's sale names the buyer). */
export interface DemoReview {
  car: number;
  rating: number;
  text: string;
  createdAt: number;
  answer?: { text: string; at: number };
}

export interface DemoMarket {
  cars: DemoCar[];
  bookings: DemoBooking[];
  reports: DemoReport[];
  reviews: DemoReview[];
}

/** The year the ages (and so the mileages and prices) are worked out against: fixed, for stable data. */
export const MARKET_YEAR = 2026;
const MODEL_YEAR_CODES = "ABCDEFGHJKLMNPRSTVWXY123456789";

function weighted<T>(rand: () => number, items: readonly T[], weight: (item: T) => number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let x = rand() * total;
  for (const item of items) {
    x -= weight(item);
    if (x < 0) return item;
  }
  return items[items.length - 1];
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)];
const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** A VIN for the model: its WMI and descriptor, a valid check digit, the model year and a serial. */
export function demoVin(model: { wmi: string; vds: string }, year: number, plant: string, serial: number): string {
  const yearCode = MODEL_YEAR_CODES[(year - 2010) % 30];
  const draft = `${model.wmi}${model.vds}0${yearCode}${plant}${String(serial).padStart(6, "0")}`;
  return draft.slice(0, 8) + vinCheckDigit(draft) + draft.slice(9);
}

const OPENINGS = {
  single: ["Single owner since new.", "One careful owner from the first registration.", "Bought new by me and never left the family."],
  second: [
    "Second owner; I bought it with full papers in {y}.",
    "Two owners so far, both in {home}.",
    "Second hand from a family friend in {y}.",
  ],
  dealer: [
    "Imported and checked by our own workshop before listing.",
    "Part exchange taken in by us, inspected on a lift.",
    "Sourced from auction with a verified grade report.",
  ],
};
const HISTORY = [
  "Serviced every 5,000 km with receipts kept.",
  "Full service history at the authorised dealer.",
  "Engine oil, filters and spark plugs changed last month.",
  "Timing and suspension checked at {km} km.",
  "Service book stamped up to date.",
];
const CONDITION_NOTES: Record<Condition, string[]> = {
  Excellent: [
    "Not a scratch on the body; paint is original.",
    "Interior smells new and the seats are spotless.",
    "Never been in an accident, never flooded.",
  ],
  Good: [
    "A small scratch on the rear bumper, otherwise clean.",
    "Minor stone chips on the bonnet from highway driving.",
    "Light wear on the driver's seat, nothing torn.",
  ],
  Fair: [
    "Honest wear for its age: some dents and faded paint on the roof.",
    "The AC could use a regas and the brake pads are due.",
    "A few dents from city traffic; mechanically sound.",
  ],
};
const FUEL_NOTES: Partial<Record<Fuel, string[]>> = {
  hybrid: ["Hybrid battery tested healthy at the last service.", "Very economical in Dhaka traffic thanks to the hybrid system."],
  electric: ["Battery health above 85 percent on the last check.", "Charges overnight from a normal socket; fast charging supported."],
  diesel: ["Pulls strongly with a full load; no smoke from the exhaust.", "Injectors cleaned recently."],
  cng: ["Converted to CNG with a certified kit; cylinder test is current.", "Runs on CNG and petrol, papers show the conversion."],
};
const PAPERS = [
  "Tax token and fitness valid until next year.",
  "All papers clear; registration in my name.",
  "Insurance renewed this month.",
  "Ready for name transfer at BRTA the same day.",
];
const CLOSINGS = [
  "Price is slightly negotiable after a test drive.",
  "Serious buyers only, please call rather than text.",
  "Inspection by your own mechanic is welcome.",
  "Fixed price, no exchange offers.",
  "Can show it any evening after 6 pm.",
];
const MEETING_PLACES: Record<Location, string[]> = {
  Dhaka: ["Gulshan 2 circle", "Dhanmondi 27", "Uttara sector 7", "Banani road 11"],
  Chittagong: ["GEC circle", "Agrabad commercial area"],
  Khulna: ["Shib Bari more", "Sonadanga bus stand"],
  Barishal: ["Band road", "Nathullabad"],
  Rangpur: ["Jahaj company more", "Modern more"],
  Rajshahi: ["Shaheb Bazar", "Laxmipur more"],
  Sylhet: ["Zindabazar", "Amberkhana point"],
};

function writeDescription(
  rand: () => number,
  car: Omit<DemoCar, "description" | "photos" | "prices" | "createdAt" | "advertised" | "mobile">,
  model: Model,
  seller: DemoUser,
): string {
  const fill = (text: string) =>
    text
      .replace("{y}", String(Math.min(MARKET_YEAR - 1, car.year + 1 + Math.floor(rand() * 3))))
      .replace("{home}", seller.home)
      .replace("{km}", (Math.max(1, Math.floor(car.mileageKm / 10000)) * 10000).toLocaleString("en-US"));
  const dealer =
    seller.name.includes("Motors") || seller.name.includes("Hub") || seller.name.includes("Cars") || seller.name.includes("Wheels");
  const parts = [fill(pick(rand, dealer ? OPENINGS.dealer : rand() < 0.5 ? OPENINGS.single : OPENINGS.second))];
  const feature = pick(rand, model.features);
  const extra = rand() < 0.5 ? pick(rand, model.features.filter((f) => f !== feature).concat(["a fresh battery"])) : undefined;
  parts.push(`${car.colour}, ${car.transmission}, with ${feature}${extra ? ` and ${extra}` : ""}.`);
  if (rand() < 0.7) parts.push(fill(pick(rand, HISTORY)));
  parts.push(pick(rand, CONDITION_NOTES[car.condition]));
  const fuelNotes = FUEL_NOTES[car.fuel];
  if (fuelNotes && rand() < 0.8) parts.push(pick(rand, fuelNotes));
  if (rand() < 0.6) parts.push(pick(rand, PAPERS));
  if (rand() < 0.7) parts.push(pick(rand, CLOSINGS));
  return parts.join(" ");
}

function photoSpecs(rand: () => number, body: CarBody, paint: string, trim: string): PhotoSpec[] {
  const spec = (angle: Angle, color: string): PhotoSpec => ({ key: `${angle}-${body}-${color}`, angle, body, color });
  const side = spec("side", paint);
  const front = spec("front", paint);
  const rear = spec("rear", paint);
  const interior: PhotoSpec = { key: `interior-${trim}`, angle: "interior", body, color: trim };
  const n = 2 + Math.floor(rand() * 3);
  if (n === 2) return rand() < 0.7 ? [side, front] : [side, interior];
  if (n === 3) return rand() < 0.6 ? [side, front, rear] : [side, front, interior];
  return [side, front, rear, interior];
}

const CONTRACT_SELLERS = ["seller@autoreseller.test", "seller2@autoreseller.test"];

/**
 * The whole market, its times in milliseconds relative to `now` (the moment of seeding).
 * Deterministic: the same `now` always gives the same market.
 */
export function buildDemoMarket(now: number): DemoMarket {
  const rand = rng(20261123);
  const sellers = DEMO_USERS.filter((user) => user.role === "seller");
  const sellerWeight: Record<string, number> = {
    "autohub@autoreseller.test": 24,
    "farhana@autoreseller.test": 9,
    "portcity@autoreseller.test": 20,
    "sabbir@autoreseller.test": 6,
    "sylhetwheels@autoreseller.test": 14,
    "mizan@autoreseller.test": 8,
  };
  // Categories in a shuffled order, each as often as it has cars.
  const slots = DEMO_CATEGORIES.flatMap((category) => Array.from({ length: category.cars }, () => category));
  for (let i = slots.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }

  const cars: DemoCar[] = slots.map((category, index) => {
    const model = weighted(
      rand,
      MODELS.filter((candidate) => candidate.category === category.name),
      (candidate) => candidate.weight,
    );
    // The contract sellers take every eighth and every seventh car, so theirs cover the categories.
    const seller =
      index % 8 === 0
        ? sellers[0]
        : index % 7 === 3
          ? sellers[1]
          : weighted(
              rand,
              sellers.filter((candidate) => !CONTRACT_SELLERS.includes(candidate.email)),
              (candidate) => sellerWeight[candidate.email],
            );
    const year = model.years[0] + Math.floor(rand() * (Math.min(model.years[1], MARKET_YEAR - 1) - model.years[0] + 1));
    const age = Math.max(0.5, MARKET_YEAR - year - 0.5);
    const yearlyKm = (model.fuels[0] === "electric" ? 5500 : 7000) + rand() * 8000;
    const mileageKm = Math.max(1200, roundTo(age * yearlyKm * (0.8 + rand() * 0.4), 100));
    const condition: Condition = weighted(rand, ["Excellent", "Good", "Fair"] as const, (c) =>
      c === "Excellent" ? Math.max(1, 9 - age) : c === "Good" ? 6 : Math.max(0.5, age - 5),
    );
    const paint = weighted(rand, PAINTS, (p) => p.weight);
    const trim = PREMIUM.has(model.make)
      ? pick(rand, ["#2b2d31", "#c9b48f", "#c9b48f"])
      : pick(rand, ["#2b2d31", "#2b2d31", "#8a8f96", "#c9b48f"]);
    const fuel = pick(rand, model.fuels);
    const transmission: Transmission = rand() < model.manual ? "manual" : "automatic";
    const location =
      rand() < 0.7 ? seller.home : pick(rand, ["Dhaka", "Chittagong", "Khulna", "Barishal", "Rangpur", "Rajshahi", "Sylhet"] as const);

    // What it is worth: the new price, about 6.5% off a year (import duties keep used cars dear),
    // more or less for the mileage and the condition.
    const expectedKm = age * 11000;
    const mileageFactor = Math.min(1.08, Math.max(0.82, 1 - 0.15 * (mileageKm / expectedKm - 1)));
    const conditionFactor = condition === "Excellent" ? 1.05 : condition === "Good" ? 1 : 0.86;
    const value = model.price * 0.935 ** age * mileageFactor * conditionFactor * (0.95 + rand() * 0.1);
    const originalPrice = roundTo(model.price * (0.96 + rand() * 0.1), 500);
    const listingPrice = roundTo(value * 1.03, 100);

    const createdAt = now - Math.round((0.3 + rand() * 89) * DAY);
    const vin = demoVin(model, year, pick(rand, ["A", "B", "C", "U", "Z", "1", "7"]), 100000 + Math.floor(rand() * 800000) + index);
    const base = {
      name: `${model.make} ${model.model} ${year}`,
      make: model.make,
      model: model.model,
      category: category.name,
      year,
      mileageKm,
      transmission,
      fuel,
      colour: paint.name,
      vin,
      condition,
      location,
      seller: seller.email,
      originalPrice: Math.max(originalPrice, listingPrice + 500),
    };
    return {
      ...base,
      mobile: seller.phone,
      prices: [{ price: listingPrice, at: createdAt }],
      createdAt,
      advertised: false,
      description: writeDescription(rand, base, model, seller),
      photos: photoSpecs(rand, model.body, paint.hex, trim),
    };
  });

  // About a fifth of the cars have come down in price once or twice; a few went up. Only cars
  // listed at least four days ago, picked in a shuffled order.
  const changeable = cars.filter((car) => now - car.createdAt >= 4 * DAY);
  for (let i = changeable.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [changeable[i], changeable[j]] = [changeable[j], changeable[i]];
  }
  changeable.slice(0, 25).forEach((car, i) => {
    let at = car.createdAt;
    for (let drop = 0; drop < (i % 3 === 0 ? 2 : 1); drop++) {
      at += Math.round((0.2 + rand() * 0.35) * (now - at));
      const last = car.prices[car.prices.length - 1].price;
      car.prices.push({ price: roundTo(last * (0.93 + rand() * 0.04), 100), at });
    }
  });
  for (const car of changeable.slice(25, 30)) {
    const last = car.prices[0].price;
    car.prices.push({
      price: roundTo(last * (1.02 + rand() * 0.03), 100),
      at: car.createdAt + Math.round((0.1 + rand() * 0.4) * (now - car.createdAt)),
    });
  }

  // Sold cars: two each from the contract sellers, three from others; buyer@ bought one of seller@'s.
  const carsOf = (email: string) => cars.map((car, index) => ({ car, index })).filter(({ car }) => car.seller === email);
  const olderThan =
    (days: number) =>
    ({ car }: { car: DemoCar }) =>
      now - car.createdAt > days * DAY;
  const soldPicks: { index: number; buyer: string }[] = [];
  const seller1 = carsOf("seller@autoreseller.test").filter(olderThan(20));
  const seller2 = carsOf("seller2@autoreseller.test").filter(olderThan(20));
  const others = cars
    .map((car, index) => ({ car, index }))
    .filter((entry) => !CONTRACT_SELLERS.includes(entry.car.seller))
    .filter(olderThan(20));
  soldPicks.push({ index: seller1[0].index, buyer: "buyer@autoreseller.test" });
  soldPicks.push({ index: seller1[3].index, buyer: "shila@autoreseller.test" });
  soldPicks.push({ index: seller2[1].index, buyer: "buyer2@autoreseller.test" });
  soldPicks.push({ index: seller2[2].index, buyer: "arif@autoreseller.test" });
  for (const [offset, buyer] of [
    [2, "mehedi@autoreseller.test"],
    [9, "buyer@autoreseller.test"],
    [17, "shila@autoreseller.test"],
  ] as const)
    soldPicks.push({ index: others[offset].index, buyer });
  for (const { index, buyer } of soldPicks) {
    const car = cars[index];
    const lastChange = car.prices[car.prices.length - 1].at;
    const bookedAt = lastChange + Math.round((0.3 + rand() * 0.4) * (now - lastChange));
    car.sale = { buyer, bookedAt, paidAt: bookedAt + Math.round((0.1 + rand() * 0.3) * (now - bookedAt)) };
  }

  // Advertised: a few unsold cars of each contract seller and some of the dealers'.
  const unsoldOf = (email: string) => carsOf(email).filter(({ car }) => !car.sale);
  for (const [email, count] of [
    ["seller@autoreseller.test", 3],
    ["seller2@autoreseller.test", 2],
    ["autohub@autoreseller.test", 2],
    ["portcity@autoreseller.test", 1],
  ] as const) {
    for (const { car } of unsoldOf(email).slice(1, 1 + count)) car.advertised = true;
  }

  // Open bookings by the demo buyers, several on seller@'s cars (My Products shows who booked).
  const bookings: DemoBooking[] = [];
  const book = (index: number, buyer: string) => {
    const car = cars[index];
    const createdAt = car.createdAt + Math.round((0.3 + rand() * 0.6) * (now - car.createdAt));
    bookings.push({ car: index, buyer, createdAt, meetingLocation: pick(rand, MEETING_PLACES[car.location]) });
  };
  const open1 = unsoldOf("seller@autoreseller.test");
  const open2 = unsoldOf("seller2@autoreseller.test");
  const openOthers = cars
    .map((car, index) => ({ car, index }))
    .filter((entry) => !entry.car.sale && !CONTRACT_SELLERS.includes(entry.car.seller));
  book(open1[1].index, "buyer@autoreseller.test");
  book(open1[4].index, "buyer@autoreseller.test");
  book(open1[1].index, "buyer2@autoreseller.test");
  book(open1[6].index, "mehedi@autoreseller.test");
  book(open2[0].index, "buyer2@autoreseller.test");
  book(open2[3].index, "shila@autoreseller.test");
  book(openOthers[5].index, "buyer@autoreseller.test");
  book(openOthers[12].index, "arif@autoreseller.test");
  book(openOthers[20].index, "buyer2@autoreseller.test");

  // Reports with reasons and notes, for the admin's list.
  const notes: { reason: DemoReport["reason"]; note: string }[] = [
    { reason: "scam", note: "The seller asked for an advance by bKash before showing the car." },
    { reason: "wrong_info", note: "The registration papers say a different year than the advert." },
    { reason: "sold_elsewhere", note: "Called the number: they said the car was sold last week." },
    { reason: "wrong_info", note: "The mileage looks too low for the wear on the pedals and the seats." },
    { reason: "offensive", note: "Rude and abusive on the phone when I asked about the price." },
    { reason: "other", note: "The same car seems to be listed twice with different prices." },
    { reason: "scam", note: "The photos look copied; the seller would not send any others." },
    { reason: "other", note: "" },
  ];
  const reporters = [
    "buyer@autoreseller.test",
    "buyer2@autoreseller.test",
    "shila@autoreseller.test",
    "arif@autoreseller.test",
    "mehedi@autoreseller.test",
  ];
  const reports: DemoReport[] = notes.map(({ reason, note }, i) => {
    const { index, car } = i % 3 === 0 ? open2[(i + 5) % open2.length] : openOthers[(i * 7 + 3) % openOthers.length];
    return {
      car: index,
      reporter: reporters[i % reporters.length],
      reason,
      note,
      createdAt: car.createdAt + Math.round((0.2 + rand() * 0.7) * (now - car.createdAt)),
    };
  });

  // Reviews by the buyers of the sold cars (the first, buyer@'s, left for the demo to rate), the
  // one of seller@ answered. Drawn last, so the rest of the market stays as it was.
  const words: Omit<DemoReview, "car" | "createdAt">[] = [
    {
      rating: 5,
      text: "Exactly as described, papers ready on the day. He even had the AC regassed before handing it over.",
      answer: { text: "Thank you! Enjoy the car, and call me if you need the service workshop's number.", at: 0 },
    },
    { rating: 4, text: "Fair price and an honest seller. The handover took a while, but everything was in order." },
    { rating: 5, text: "Smooth from the first call to the transfer. Would buy from them again." },
    { rating: 3, text: "The car is fine, but a scratch on the rear bumper was not in the photos." },
    { rating: 4, text: "" },
    { rating: 5, text: "Very helpful: they came with me to the BRTA office for the ownership transfer." },
  ];
  const reviews: DemoReview[] = soldPicks.slice(1).map(({ index }, i) => {
    const { paidAt } = cars[index].sale!;
    const createdAt = paidAt + Math.round((0.2 + rand() * 0.5) * (now - paidAt));
    const { answer, ...review } = words[i];
    return {
      car: index,
      ...review,
      createdAt,
      ...(answer ? { answer: { text: answer.text, at: createdAt + Math.round(rand() * (now - createdAt)) } } : {}),
    };
  });
  return { cars, bookings, reports, reviews };
}

const DAY_MS = 86_400_000;

/**
 * A car's page views on each of the last 30 days since it was listed (its seller's statistics
 * page): a level of its own, more at weekends, fewer as the listing ages. The same on every seed.
 */
export function demoCarViews(carIndex: number, listedAt: number, now: number): { day: string; views: number }[] {
  const rand = rng(7919 * (carIndex + 1));
  const level = 4 + Math.floor(rand() * 20);
  const days: { day: string; views: number }[] = [];
  for (let back = 29; back >= 0; back--) {
    const at = now - back * DAY_MS;
    if (at < listedAt) continue;
    const weekend = [0, 6].includes(new Date(at).getUTCDay()) ? 1.6 : 1;
    const freshness = Math.max(0.4, 1 - (at - listedAt) / (90 * DAY_MS));
    days.push({ day: new Date(at).toISOString().slice(0, 10), views: Math.round(level * weekend * freshness * (0.6 + rand() * 0.8)) });
  }
  return days;
}
