// What a car's own page derives from its listing: price changes, words for its facts, its title
// and its schema.org description for search engines.
import { formatDate, formatMileage, formatPrice } from "../shared/format";
import { type Product, type ProductDetail } from "../shared/types";

export interface PriceChange {
  price: number;
  changedAt: string;
  /** Against the asking price before; null for the first (listing) price. */
  change: number | null;
}

/** Every asking price, oldest first, with how much each differs from the one before. */
export function priceChanges(history: ProductDetail["priceHistory"]): PriceChange[] {
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
export const FUEL_WORDS: Record<NonNullable<Product["fuel"]>, string> = {
  petrol: "Petrol",
  diesel: "Diesel",
  hybrid: "Hybrid",
  electric: "Electric",
  cng: "CNG",
  lpg: "LPG",
};

export const fuelWord = (fuel: Product["fuel"]) => (fuel ? FUEL_WORDS[fuel] : null);
export const transmissionWord = (transmission: Product["transmission"]) =>
  transmission ? transmission[0].toUpperCase() + transmission.slice(1) : null;

export const mileageWords = (km: number | null) => (km === null ? null : formatMileage(km));

/** The page's headline for search results and shares: "Toyota Corolla 2017 for $17,500 in Dhaka". */
export function carHeadline(product: Product): string {
  return `${product.productName} for ${formatPrice(product.resalePrice)} in ${product.location}${product.isPaid ? " (sold)" : ""}`;
}

/** One sentence for the meta description and Open Graph, at most 160 characters. */
export function carSummary(product: Product): string {
  const facts = [
    product.purchaseYear ? `bought ${product.purchaseYear}` : null,
    mileageWords(product.mileageKm),
    transmissionWord(product.transmission)?.toLowerCase(),
    fuelWord(product.fuel)?.toLowerCase(),
    `${product.condition.toLowerCase()} condition`,
  ].filter(Boolean);
  const sentence = product.isPaid
    ? `${product.productName}, ${facts.join(", ")}: sold on Auto Reseller.`
    : `Used ${product.productName} in ${product.location} for ${formatPrice(product.resalePrice)}: ${facts.join(", ")}. Book it on Auto Reseller.`;
  return sentence.length <= 160 ? sentence : `${sentence.slice(0, 157)}...`;
}

/**
 * The schema.org Car (with its Offer) as JSON for a <script type="application/ld+json">. `<` is
 * escaped so no text from the listing can close the script element.
 */
export function carJsonLd(product: ProductDetail, pageUrl: string, origin: string): string {
  const absolute = (url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);
  const data = {
    "@context": "https://schema.org",
    "@type": "Car",
    name: product.productName,
    description: product.productDescription,
    url: pageUrl,
    image: product.images.map(absolute),
    itemCondition: "https://schema.org/UsedCondition",
    ...(product.make ? { brand: { "@type": "Brand", name: product.make } } : {}),
    ...(product.model ? { model: product.model } : {}),
    ...(product.vin ? { vehicleIdentificationNumber: product.vin } : {}),
    ...(product.vinDecoded?.modelYear ? { vehicleModelDate: String(product.vinDecoded.modelYear) } : {}),
    purchaseDate: String(product.purchaseYear),
    ...(product.mileageKm === null
      ? {}
      : { mileageFromOdometer: { "@type": "QuantitativeValue", value: product.mileageKm, unitCode: "KMT" } }),
    ...(product.fuel ? { fuelType: fuelWord(product.fuel) } : {}),
    ...(product.transmission ? { vehicleTransmission: transmissionWord(product.transmission) } : {}),
    ...(product.colour ? { color: product.colour } : {}),
    offers: {
      "@type": "Offer",
      price: product.resalePrice,
      priceCurrency: "USD",
      availability: product.isPaid ? "https://schema.org/SoldOut" : "https://schema.org/InStock",
      url: pageUrl,
      seller: { "@type": "Person", name: product.seller },
    },
  };
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
