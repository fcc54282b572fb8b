// The payment form's card fields: shaped as people type them, and read back on the server when the
// form is posted without JavaScript.

const digitsOf = (text: string) => text.replace(/\D/g, "");

/** The card number in groups of four as typed: "42424242" → "4242 4242" (at most 19 digits). */
export function spaceCardNumber(typed: string): string {
  return digitsOf(typed)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** The expiry with its "/" put in once the year begins: "1230" → "12/30", "123" → "12/3", "12" → "12". */
export function slashExpiry(typed: string): string {
  const digits = digitsOf(typed).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * Month and year of an expiry written MM/YY, MMYY or MM/YYYY (spaces around the "/" allowed);
 * null when it is none of these. Whether the month exists or the card has expired is the card
 * check's to say.
 */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  return match ? { month: Number(match[1]), year: Number(match[2]) } : null;
}
