import { type Product } from "~/lib/shared/types";

/**
 * A product as the contract answers it: exactly its fields. Pages also get each photo's small copy
 * and size (`photos`) and the seller's rating; clients of the contract are not sent what it does not describe.
 */
export function productAnswer<P extends Product>({
  photos: _photos,
  sellerRating: _sellerRating,
  ...answer
}: P): Omit<P, "photos" | "sellerRating"> {
  return answer;
}

export const productAnswers = (products: Product[]) => products.map(productAnswer);
