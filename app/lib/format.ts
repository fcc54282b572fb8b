const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 0 });

/** Whole-dollar prices with the $ prefix, e.g. $15,500. */
export function formatPrice(amount: number): string {
  return dollars.format(amount);
}
