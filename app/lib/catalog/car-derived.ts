// Derived values shown on car cards (spec point 3).

/** Whole years since the car was bought, never negative. */
export function yearsUsed(purchaseYear: number, now: Date = new Date()): number {
  return Math.max(0, now.getUTCFullYear() - purchaseYear);
}

const OVERVIEW_THRESHOLD = 20;
const OVERVIEW_LENGTH = 100;

/**
 * The card's overview. Descriptions longer than 20 characters are cut to their first
 * 100 characters and always end with an ellipsis (so 21–100 characters are shown whole,
 * followed by "..."); 20 characters or fewer are shown as they are. Punctuation and spaces the
 * cut text ends with go before the ellipsis, so "inside and out." never reads "inside and out....".
 */
export function overview(description: string): string {
  if (description.length <= OVERVIEW_THRESHOLD) return description;
  return `${description.slice(0, OVERVIEW_LENGTH).replace(/[\s\p{P}]+$/u, "")}...`;
}

/** The posted date: the first 10 characters of the ISO createdDate (YYYY-MM-DD). */
export function postedDate(createdDate: string): string {
  return createdDate.slice(0, 10);
}
