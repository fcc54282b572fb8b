// What a car's own page derives from its listing: price changes, words for its facts, its title
// and its schema.org description for search engines.
import { formatDate, formatMileage, formatPrice } from "../shared/format";
import { type Car, type CarDetail } from "../schemas/types";

export interface PriceChange {
  price: number;
  changedAt: string;
  /** Against the asking price before; null for the first (listing) price. */
  change: number | null;
}

/** Every asking price, oldest first, with how much each differs from the one before. */
export function priceChanges(history: CarDetail["priceHistory"]): PriceChange[] {
  return history.map((entry, index) => ({ ...entry, change: index === 0 ? null : entry.price - history[index - 1].price }));
}

/** The last change when it lowered the price (what the price box announces), else null. */
export function latestDrop(changes: PriceChange[]): PriceChange | null {
  const last = changes.at(-1);
  return last && last.change !== null && last.change < 0 ? last : null;
}

/** e.g. "Price dropped $1,200 on 2026-11-12". */
export function dropSentence(drop: PriceChange): string {
  return `Price dropped ${formatPrice(-(drop.change ?? 0))} on ${formatDate(drop.changedAt)}`;
}

/** How each fuel reads to people (forms and pages alike). */
export const FUEL_WORDS: Record<NonNullable<Car["fuel"]>, string> = {
  petrol: "Petrol",
  diesel: "Diesel",
  hybrid: "Hybrid",
  electric: "Electric",
  cng: "CNG",
  lpg: "LPG",
};

export const fuelWord = (fuel: Car["fuel"]) => (fuel ? FUEL_WORDS[fuel] : null);
export const transmissionWord = (transmission: Car["transmission"]) =>
  transmission ? transmission[0].toUpperCase() + transmission.slice(1) : null;

export const mileageWords = (km: number | null) => (km === null ? null : formatMileage(km));

/** The page's headline for search results and shares: "Toyota Corolla 2017 for $17,500 in Dhaka". */
export function carHeadline(car: Car): string {
  return `${car.productName} for ${formatPrice(car.resalePrice)} in ${car.location}${car.isPaid ? " (sold)" : ""}`;
}

/** One sentence for the meta description and Open Graph, at most 160 characters. */
export function carSummary(car: Car): string {
  const facts = [
    car.purchaseYear ? `bought ${car.purchaseYear}` : null,
    mileageWords(car.mileageKm),
    transmissionWord(car.transmission)?.toLowerCase(),
    fuelWord(car.fuel)?.toLowerCase(),
    `${car.condition.toLowerCase()} condition`,
  ].filter(Boolean);
  const sentence = car.isPaid
    ? `${car.productName}, ${facts.join(", ")}: sold on Auto Reseller.`
    : `Used ${car.productName} in ${car.location} for ${formatPrice(car.resalePrice)}: ${facts.join(", ")}. Book it on Auto Reseller.`;
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157)}...`;
}

/**
 * The schema.org Car (with its Offer) as JSON for a <script type="application/ld+json">. `<` is
 * escaped so no text from the listing can close the script element.
 */
export function carJsonLd(car: CarDetail, pageUrl: string, origin: string): string {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const data = {
    "@context": "https://schema.org",
    "@type": "Car",
    name: car.productName,
    description: car.productDescription,
    url: pageUrl,
    image: car.images.map(absolute),
    itemCondition: "https://schema.org/UsedCondition",
    ...(car.make ? { brand: { "@type": "Brand", name: car.make } } : {}),
    ...(car.model ? { model: car.model } : {}),
    ...(car.vin ? { vehicleIdentificationNumber: car.vin } : {}),
    ...(car.vinDecoded?.modelYear ? { vehicleModelDate: String(car.vinDecoded.modelYear) } : {}),
    purchaseDate: String(car.purchaseYear),
    ...(car.mileageKm === null ? {} : { mileageFromOdometer: { "@type": "QuantitativeValue", value: car.mileageKm, unitCode: "KMT" } }),
    ...(car.fuel ? { fuelType: fuelWord(car.fuel) } : {}),
    ...(car.transmission ? { vehicleTransmission: transmissionWord(car.transmission) } : {}),
    ...(car.colour ? { color: car.colour } : {}),
    offers: {
      "@type": "Offer",
      price: car.resalePrice,
      priceCurrency: "USD",
      availability: car.isPaid ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: pageUrl,
      seller: { "@type": "Person", name: car.seller },
    },
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
