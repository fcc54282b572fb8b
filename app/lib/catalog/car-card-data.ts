import { overview } from "./car-derived";
import { type Car, type CarPhoto } from "../schemas/types";

/**
 * What a car card shows, and all that a page sends it: the page's data is written into the HTML for
 * hydration, and a whole Product (28 fields, the full description, every photo) per card made that
 * the largest part of a list page's loader data (decision record 21).
 */
export type CarCardData = Pick<
  Car,
  | "_id"
  | "productName"
  | "resalePrice"
  | "originalPrice"
  | "priceRating"
  | "purchaseYear"
  | "mileageKm"
  | "location"
  | "condition"
  | "mobile"
  | "createdDate"
  | "seller"
  | "sellerVerified"
  | "sellerRating"
  | "make"
  | "model"
> & {
  /** The cover. */
  photo: CarPhoto;
  /** The description as the card shortens it. */
  overview: string;
};

/** The car Book Now and Report are about, and all their dialogs need of it. */
export type CarForActions = Pick<Car, "_id" | "productName" | "resalePrice">;

export function toCarCardData(car: Car): CarCardData {
  return {
    _id: car._id,
    productName: car.productName,
    resalePrice: car.resalePrice,
    originalPrice: car.originalPrice,
    priceRating: car.priceRating,
    purchaseYear: car.purchaseYear,
    mileageKm: car.mileageKm,
    location: car.location,
    condition: car.condition,
    mobile: car.mobile,
    createdDate: car.createdDate,
    seller: car.seller,
    sellerVerified: car.sellerVerified,
    sellerRating: car.sellerRating,
    make: car.make,
    model: car.model,
    photo: car.photos[0],
    overview: overview(car.productDescription),
  };
}
