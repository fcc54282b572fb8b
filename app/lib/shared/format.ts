// How every screen writes money and dates: one formatter each, so no two pages differ.

const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole-dollar prices with the $ prefix, e.g. $15,500. */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}

const cents = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** An amount in cents as dollars and cents, e.g. $14,725.00 (the deal's money: fees make cents). */
export function formatCents(amount: number): string {
  return cents.format(amount / 100);
}

// Built once per isolate: `toLocaleString("en-US")` builds a formatter on every call (tens of µs in the Worker).
const counts = new Intl.NumberFormat("en-US");

/** A whole number with thousands separators, e.g. 12,400 (counts of cars, reviews, users). */
export function formatCount(count: number): string {
  return counts.format(count);
}

/** How many of a thing, e.g. 1 report, 12,400 reports (`many` for irregular plurals). */
export function formatQuantity(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** How many cars, e.g. 1 car, 12,400 cars (result counts, categories, sellers, dashboards). */
export function formatCars(count: number): string {
  return formatQuantity(count, "car");
}

/** A car's mileage, e.g. 85,000 km (here so cards need not load the car page's helpers). */
export function formatMileage(km: number): string {
  return `${formatCount(km)} km`;
}

/**
 * A day, as the spec's posted date reads (the first 10 characters of an ISO timestamp): 2026-11-23,
 * in UTC. Every date on every screen is written this way.
 */
export function formatDate(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

const monthYear = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** A month in words, e.g. March 2025 (member since): a month is not a day, so it is not written as one. */
export function formatMonth(iso: string): string {
  return monthYear.format(new Date(iso));
}

/** A moment: its day as formatDate writes it and the UTC time to the minute, e.g. 2026-11-23 14:05. */
export function formatDateTime(iso: string): string {
  const utc = new Date(iso).toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)}`;
}

/** A moment's UTC time to the second, e.g. 14:05:07 (how old a search's counts are, at most a minute). */
export function formatTimeOfDay(iso: string): string {
  return new Date(iso).toISOString().slice(11, 19);
}
