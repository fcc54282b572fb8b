import { type Product } from "~/lib/types";

/**
 * A product as the contract answers it: exactly its fields. Pages also get each photo's small copy
 * and size (`photos`); clients of the contract are not sent what it does not describe.
 */
export function productAnswer<P extends Product>({ photos: _photos, ...answer }: P): Omit<P, "photos"> {
  return answer;
}

export const productAnswers = (products: Product[]) => products.map(productAnswer);
