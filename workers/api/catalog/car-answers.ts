import { type Car } from "~/lib/schemas/types";

/**
 * A car as the contract answers it (its `Product`): exactly its fields. Pages also get each photo's small copy
 * and size (`photos`) and the seller's rating; clients of the contract are not sent what it does not describe.
 */
export function carAnswer<P extends Car>({
  photos: _photos,
  sellerRating: _sellerRating,
  ...answer
}: P): Omit<P, "photos" | "sellerRating"> {
  return answer;
}

export const carAnswers = (cars: Car[]) => cars.map(carAnswer);
