import * as v from "valibot";
import { nameText, requiredText } from "./fields";

export const LOCATIONS = ["Dhaka", "Chittagong", "Khulna", "Barishal", "Rangpur", "Rajshahi", "Sylhet"] as const;
export const CONDITIONS = ["Excellent", "Good", "Fair"] as const;
export const IMAGE_URL_PATTERN = /^\/images\/[A-Za-z0-9_-]{8,80}\.(jpg|png|webp|avif)$/;

function price(message: string) {
  return v.pipe(
    v.number(message),
    v.integer("Use a whole number of dollars"),
    v.minValue(1, "The price must be at least $1"),
    v.maxValue(10_000_000, "The price must be at most $10,000,000"),
  );
}

/** The car's fields, shared by the Add Product form and `POST /api/products/add`. */
export const productFields = {
  productName: nameText("Name is Required", 120),
  originalPrice: price("Original price is required"),
  resalePrice: price("Resale price is required"),
  location: v.picklist(LOCATIONS, "Choose one of the listed locations"),
  categoryId: v.pipe(v.string("Choose a category"), v.trim(), v.nonEmpty("Choose a category"), v.maxLength(64, "Choose a category")),
  condition: v.picklist(CONDITIONS, "Choose Excellent, Good or Fair"),
  mobile: v.pipe(
    requiredText("Mobile number is required", 20, "Use 6 to 20 digits, spaces, +, -, ( or )"),
    v.regex(/^[\d\s+()-]{6,20}$/, "Use 6 to 20 digits, spaces, +, -, ( or )"),
  ),
  productDescription: requiredText("Product Description is required", 2000),
  purchaseYear: v.pipe(
    v.number("Purchase's Year is required"),
    v.integer("Use a year such as 2018"),
    v.minValue(1950, "The year must be 1950 or later"),
    v.check((year) => year <= new Date().getUTCFullYear(), "The year cannot be in the future"),
  ),
};

export const productApiSchema = v.object({
  ...productFields,
  image: v.pipe(
    v.string("Photo is required"),
    v.trim(),
    v.nonEmpty("Photo is required"),
    v.regex(IMAGE_URL_PATTERN, "Upload the photo with POST /api/images and send the url it returns"),
  ),
});
export type ProductInput = v.InferOutput<typeof productApiSchema>;

/** The form sends the photo file itself; the server stores it and fills in `image`. */
export const productFormSchema = v.object({
  ...productFields,
  photo: v.pipe(
    v.file("Photo is required"),
    v.check((file) => file.size > 0, "Photo is required"),
  ),
});

export const categoryApiSchema = v.object({
  categoryName: nameText("Category Name is Required", 60),
  image: v.pipe(
    v.string("Photo is required"),
    v.trim(),
    v.nonEmpty("Photo is required"),
    v.regex(IMAGE_URL_PATTERN, "Upload the photo with POST /api/images and send the url it returns"),
  ),
});

export const categoryFormSchema = v.object({
  categoryName: nameText("Category Name is Required", 60),
  photo: v.pipe(
    v.file("Photo is required"),
    v.check((file) => file.size > 0, "Photo is required"),
  ),
});
