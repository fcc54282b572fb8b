import { type CarBody } from "./photos.ts";

// The demo catalogue of the contract ("Demo data"): every account's password is Passw0rd!.
export const DEMO_PASSWORD = "Passw0rd!";

export const DEMO_USERS = [
  { name: "Site Admin", email: "admin@autoreseller.test", role: "admin", sellerVerified: false },
  { name: "Rahim Motors", email: "seller@autoreseller.test", role: "seller", sellerVerified: true },
  { name: "Karim Uddin", email: "seller2@autoreseller.test", role: "seller", sellerVerified: false },
  { name: "Nadia Islam", email: "buyer@autoreseller.test", role: "buyer", sellerVerified: false },
  { name: "Tanvir Ahmed", email: "buyer2@autoreseller.test", role: "buyer", sellerVerified: false },
] as const;

export const DEMO_CATEGORIES: { name: string; body: CarBody; color: string }[] = [
  { name: "Sedan", body: "sedan", color: "#1d4ed8" },
  { name: "SUV", body: "suv", color: "#15803d" },
  { name: "Hatchback", body: "hatchback", color: "#b91c1c" },
  { name: "Pickup", body: "pickup", color: "#a16207" },
];

type DemoProduct = {
  name: string;
  category: string;
  seller: "seller@autoreseller.test" | "seller2@autoreseller.test";
  originalPrice: number;
  resalePrice: number;
  location: "Dhaka" | "Chittagong" | "Khulna" | "Barishal" | "Rangpur" | "Rajshahi" | "Sylhet";
  condition: "Excellent" | "Good" | "Fair";
  purchaseYear: number;
  color: string;
  advertised: boolean;
  description: string;
};

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: "Toyota Corolla Axio 2017",
    category: "Sedan",
    seller: "seller@autoreseller.test",
    originalPrice: 24000,
    resalePrice: 17500,
    location: "Dhaka",
    condition: "Excellent",
    purchaseYear: 2017,
    color: "#e5e7eb",
    advertised: true,
    description:
      "Single owner, full service history at the authorised dealer, never in an accident. New tyres fitted last spring and the air conditioning is ice cold.",
  },
  {
    name: "Honda Civic 2019",
    category: "Sedan",
    seller: "seller2@autoreseller.test",
    originalPrice: 30000,
    resalePrice: 23800,
    location: "Chittagong",
    condition: "Good",
    purchaseYear: 2019,
    color: "#1f2937",
    advertised: true,
    description: "Turbo 1.5 with the sport package. Minor scratch on the rear bumper, otherwise clean inside and out.",
  },
  {
    name: "Toyota Premio 2016",
    category: "Sedan",
    seller: "seller@autoreseller.test",
    originalPrice: 27000,
    resalePrice: 18900,
    location: "Sylhet",
    condition: "Good",
    purchaseYear: 2016,
    color: "#7f1d1d",
    advertised: false,
    description: "Comfortable family sedan, papers up to date, fuel efficient.",
  },
  {
    name: "Toyota Land Cruiser Prado 2015",
    category: "SUV",
    seller: "seller@autoreseller.test",
    originalPrice: 78000,
    resalePrice: 52000,
    location: "Dhaka",
    condition: "Excellent",
    purchaseYear: 2015,
    color: "#f8fafc",
    advertised: true,
    description: "Seven seats, four-wheel drive, sunroof and leather interior. Serviced every 5,000 km with records.",
  },
  {
    name: "Mitsubishi Pajero Sport 2018",
    category: "SUV",
    seller: "seller2@autoreseller.test",
    originalPrice: 45000,
    resalePrice: 34500,
    location: "Rajshahi",
    condition: "Good",
    purchaseYear: 2018,
    color: "#0f766e",
    advertised: true,
    description: "Diesel, strong engine, handles rough roads easily. Second owner.",
  },
  {
    name: "Nissan X-Trail 2017",
    category: "SUV",
    seller: "seller@autoreseller.test",
    originalPrice: 38000,
    resalePrice: 26000,
    location: "Khulna",
    condition: "Fair",
    purchaseYear: 2017,
    color: "#475569",
    advertised: false,
    description: "Hybrid model with good mileage. Needs a new battery for the remote key; the car itself runs well.",
  },
  {
    name: "Toyota Aqua 2018",
    category: "Hatchback",
    seller: "seller2@autoreseller.test",
    originalPrice: 19000,
    resalePrice: 13200,
    location: "Dhaka",
    condition: "Excellent",
    purchaseYear: 2018,
    color: "#0284c7",
    advertised: false,
    description: "Hybrid city car, 30 km per litre, push start, reverse camera.",
  },
  {
    name: "Honda Fit 2016",
    category: "Hatchback",
    seller: "seller@autoreseller.test",
    originalPrice: 16000,
    resalePrice: 10400,
    location: "Barishal",
    condition: "Good",
    purchaseYear: 2016,
    color: "#ca8a04",
    advertised: false,
    description: "Practical and roomy with magic seats. Small dent on the left door.",
  },
  {
    name: "Suzuki Swift 2020",
    category: "Hatchback",
    seller: "seller2@autoreseller.test",
    originalPrice: 15000,
    resalePrice: 12100,
    location: "Rangpur",
    condition: "Excellent",
    purchaseYear: 2020,
    color: "#dc2626",
    advertised: false,
    description: "Like new.",
  },
  {
    name: "Toyota Hilux 2016",
    category: "Pickup",
    seller: "seller@autoreseller.test",
    originalPrice: 36000,
    resalePrice: 24500,
    location: "Chittagong",
    condition: "Good",
    purchaseYear: 2016,
    color: "#e2e8f0",
    advertised: false,
    description: "Double cabin, used for light farm work, mechanically sound with a fresh clutch.",
  },
  {
    name: "Nissan Navara 2019",
    category: "Pickup",
    seller: "seller2@autoreseller.test",
    originalPrice: 41000,
    resalePrice: 31000,
    location: "Sylhet",
    condition: "Excellent",
    purchaseYear: 2019,
    color: "#334155",
    advertised: false,
    description: "Automatic, tow bar, bed liner, low mileage for its age.",
  },
  {
    name: "Mitsubishi L200 2014",
    category: "Pickup",
    seller: "seller@autoreseller.test",
    originalPrice: 29000,
    resalePrice: 15800,
    location: "Khulna",
    condition: "Fair",
    purchaseYear: 2014,
    color: "#9a3412",
    advertised: false,
    description: "Work truck with honest wear. Starts every morning; priced to sell quickly.",
  },
];
