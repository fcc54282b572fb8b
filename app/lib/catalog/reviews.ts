// Kept apart from the schemas (app/lib/schemas/catalog.ts), so pages can say the limit without
// loading the validation library.

/** The most characters a review or a seller's answer may have, once trimmed. */
export const REVIEW_TEXT_MAX = 1000;
/** The same limit in words, as forms and error messages say it. */
export const REVIEW_TEXT_LIMIT = "1,000 characters";

/**
 * How a review names its buyer in public: the first name and the initial of the last ("Rahim K."),
 * a one-word name as it is.
 */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/);
  if (words.length < 2) return words[0] ?? "";
  const [initial] = Array.from(words[words.length - 1]);
  return `${words[0]} ${initial.toUpperCase()}.`;
}

/** A review as pages show it: the contract's fields plus the seller's answer (null until given). */
export interface SellerReview {
  _id: string;
  rating: number;
  text: string;
  buyerName: string;
  productName: string;
  createdAt: string;
  answer: string | null;
  answeredAt: string | null;
}
