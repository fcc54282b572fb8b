import { overview } from "./product-derived";
import { type Product, type ProductPhoto } from "../shared/types";

/**
 * What a car card shows, and all that a page sends it: the page's data is written into the HTML for
 * hydration, and a whole Product (28 fields, the full description, every photo) per card made that
 * the largest part of a list page's loader data (decision record 21).
 */
export type CardProduct = Pick<
  Product,
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
  photo: ProductPhoto;
  /** The description as the card shortens it. */
  overview: string;
};

/** The car Book Now and Report are about, and all their dialogs need of it. */
export type ActionProduct = Pick<Product, "_id" | "productName" | "resalePrice">;

export function toCardProduct(product: Product): CardProduct {
  return {
    _id: product._id,
    productName: product.productName,
    resalePrice: product.resalePrice,
    originalPrice: product.originalPrice,
    priceRating: product.priceRating,
    purchaseYear: product.purchaseYear,
    mileageKm: product.mileageKm,
    location: product.location,
    condition: product.condition,
    mobile: product.mobile,
    createdDate: product.createdDate,
    seller: product.seller,
    sellerVerified: product.sellerVerified,
    sellerRating: product.sellerRating,
    make: product.make,
    model: product.model,
    photo: product.photos[0],
    overview: overview(product.productDescription),
  };
}
