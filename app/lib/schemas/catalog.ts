import * as v from "valibot";
import { PHOTO_URL_PATTERN } from "../shared/photo";
import { vinProblem, VIN_FORMAT_MESSAGE } from "../catalog/vin";
import { idField, nameText, requiredText, optionalFreeText } from "./fields";
import { REVIEW_TEXT_LIMIT, REVIEW_TEXT_MAX } from "../catalog/reviews";

export const LOCATIONS = ["Dhaka", "Chittagong", "Khulna", "Barishal", "Rangpur", "Rajshahi", "Sylhet"] as const;
export const CONDITIONS = ["Excellent", "Good", "Fair"] as const;
export const TRANSMISSIONS = ["automatic", "manual"] as const;
export const FUELS = ["petrol", "diesel", "hybrid", "electric", "cng", "lpg"] as const;
export const REPORT_REASONS = ["scam", "wrong_info", "sold_elsewhere", "offensive", "other"] as const;
/** Why an unconfirmed seller may not list (the contract's 403 message, shown on the add page too). */
export const CONFIRM_EMAIL_TO_LIST = "Confirm your email address before listing a car";

function price(message: string) {
  return v.pipe(
    v.number(message),
    v.integer("Use a whole number of dollars"),
    v.minValue(1, "The price must be at least $1"),
    v.maxValue(10_000_000, "The price must be at most $10,000,000"),
  );
}

/** The car's fields, shared by the Add Product form and `POST /api/products/add`. */
export const carFields = {
  productName: nameText("Name is Required", 120),
  originalPrice: price("Original price is required"),
  resalePrice: price("Resale price is required"),
  location: v.picklist(LOCATIONS, "Choose one of the listed locations"),
  categoryId: idField("Choose a category"),
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

function optionalText(max: number) {
  return v.optional(requiredText(`Use 1 to ${max} characters`, max));
}

export const MAX_PHOTOS = 10;

/** Vehicle data: optional, so clients that never send it keep working; the Add Product form asks for all of it. */
function mileage(message: string) {
  return v.pipe(
    v.number(message),
    v.integer("Use a whole number of kilometres"),
    v.minValue(0, "Mileage cannot be negative"),
    v.maxValue(2_000_000, "Mileage must be at most 2,000,000 km"),
  );
}

export const vehicleFields = {
  make: optionalText(40),
  model: optionalText(60),
  mileageKm: v.optional(mileage("Mileage must be a number of kilometres")),
  transmission: v.optional(v.picklist(TRANSMISSIONS, "Choose automatic or manual")),
  fuel: v.optional(v.picklist(FUELS, "Choose petrol, diesel, hybrid, electric, CNG or LPG")),
  colour: optionalText(30),
  vin: v.optional(
    v.pipe(
      v.string(VIN_FORMAT_MESSAGE),
      v.trim(),
      v.toUpperCase(),
      v.rawCheck(({ dataset, addIssue }) => {
        const problem = dataset.typed ? vinProblem(dataset.value) : undefined;
        if (problem) addIssue({ message: problem });
      }),
    ),
  ),
};

const photoUrl = v.pipe(
  v.string("Photo is required"),
  v.trim(),
  v.nonEmpty("Photo is required"),
  v.regex(PHOTO_URL_PATTERN, "Upload the photo with POST /api/images and send the url it returns"),
);

/** 1–10 photo URLs, cover first, no photo twice. */
export const photoListField = v.pipe(
  v.array(photoUrl, "Send the photos as a list of URLs"),
  v.minLength(1, "Photo is required"),
  v.maxLength(MAX_PHOTOS, `Use at most ${MAX_PHOTOS} photos`),
  v.check((urls) => new Set(urls).size === urls.length, "Each photo can be used once"),
);

/**
 * `POST /api/products/add`: `images` replaces `image` when both are sent; with only `image`,
 * `images` is `[image]`. The answer carries `images`, cover first.
 */
export const carApiSchema = v.pipe(
  v.object({
    ...carFields,
    ...vehicleFields,
    image: v.optional(photoUrl),
    images: v.optional(photoListField),
  }),
  v.forward(
    v.partialCheck([["image"], ["images"]], (input) => input.image !== undefined || input.images !== undefined, "Photo is required"),
    ["image"],
  ),
  v.transform(({ image, images, ...rest }) => ({
    ...rest,
    images: images ?? [image!],
    // Where a photo problem found later is reported: the field the client sent.
    photosField: images ? ("images" as const) : ("image" as const),
  })),
);
export type CarInput = v.InferOutput<typeof carApiSchema>;

/** `PATCH /api/products/:id`: any of these, with the rules of creation. */
export const carUpdateSchema = v.pipe(
  v.object({
    resalePrice: v.optional(carFields.resalePrice),
    productDescription: v.optional(carFields.productDescription),
    location: v.optional(carFields.location),
    condition: v.optional(carFields.condition),
    mobile: v.optional(carFields.mobile),
    images: v.optional(photoListField),
    ...vehicleFields,
  }),
  v.check((changes) => Object.values(changes).some((value) => value !== undefined), "Send at least one field to change"),
);
export type CarUpdate = v.InferOutput<typeof carUpdateSchema>;

/**
 * The Add Product and Edit pages ask for the vehicle data the API keeps optional (all but the VIN).
 * Photos come either as `images` (uploaded from the browser, cover first) with `smallImages` (the
 * matching small copies, empty where there is none) or, without JavaScript, as one `photo` file.
 */
const listingFormFields = {
  make: requiredText("Make is required", 40),
  model: requiredText("Model is required", 60),
  mileageKm: mileage("Mileage is required"),
  transmission: v.picklist(TRANSMISSIONS, "Choose automatic or manual"),
  fuel: v.picklist(FUELS, "Choose petrol, diesel, hybrid, electric, CNG or LPG"),
  colour: requiredText("Colour is required", 30),
  vin: vehicleFields.vin,
  images: v.optional(photoListField),
  // Conform reads an empty entry as undefined, so each entry may be missing.
  smallImages: v.optional(v.array(v.optional(v.pipe(v.string(), v.regex(PHOTO_URL_PATTERN, "Upload the photo again"))))),
  photo: v.optional(
    v.pipe(
      v.file("Photo is required"),
      v.check((file) => file.size > 0, "Photo is required"),
    ),
  ),
};

/** How many photos a listing form brings: those uploaded from the browser plus the file. */
const photoCount = ({ images = [], photo }: { images?: string[]; photo?: File }) => images.length + (photo ? 1 : 0);
const PHOTO_PATHS = [["images"], ["photo"]] as const;

// One photo at least, at most MAX_PHOTOS; said under the photos (also beside other fields' errors).
export const carFormSchema = v.pipe(
  v.object({ ...carFields, ...listingFormFields }),
  v.forward(
    v.partialCheck(PHOTO_PATHS, (input) => photoCount(input) > 0, "Photo is required"),
    ["images"],
  ),
  v.forward(
    v.partialCheck(PHOTO_PATHS, (input) => photoCount(input) <= MAX_PHOTOS, `Use at most ${MAX_PHOTOS} photos`),
    ["images"],
  ),
);

/** Editing a listing: what `PATCH /api/products/:id` changes, by the same rules (name, category, original price and year stay). */
const { productName: _name, originalPrice: _original, categoryId: _category, purchaseYear: _year, ...editableFields } = carFields;
export const carEditFormSchema = v.pipe(
  v.object({ ...editableFields, ...listingFormFields }),
  v.forward(
    v.partialCheck(PHOTO_PATHS, (input) => photoCount(input) > 0, "Photo is required"),
    ["images"],
  ),
  v.forward(
    v.partialCheck(PHOTO_PATHS, (input) => photoCount(input) <= MAX_PHOTOS, `Use at most ${MAX_PHOTOS} photos`),
    ["images"],
  ),
);

/** The photos a listing form sent, in order, each with its small copy where the browser made one. */
export function photosFromForm(images: string[] = [], smallImages: (string | undefined)[] = []): { url: string; smallUrl?: string }[] {
  return images.map((url, index) => (smallImages[index] ? { url, smallUrl: smallImages[index] } : { url }));
}

export const categoryApiSchema = v.object({
  categoryName: nameText("Category Name is Required", 60),
  image: v.pipe(
    v.string("Photo is required"),
    v.trim(),
    v.nonEmpty("Photo is required"),
    v.regex(PHOTO_URL_PATTERN, "Upload the photo with POST /api/images and send the url it returns"),
  ),
});

/** `PATCH /api/categories/:id` and the admin's Rename: a category's new name. */
export const categoryRenameSchema = v.object({ categoryName: categoryApiSchema.entries.categoryName });

/** The admin categories page's row forms: rename one, delete one. */
export const categoryRowFormSchema = v.variant("intent", [
  v.object({ intent: v.literal("rename"), id: v.pipe(v.string(), v.nonEmpty()), ...categoryRenameSchema.entries }),
  v.object({ intent: v.literal("delete"), id: v.pipe(v.string(), v.nonEmpty()) }),
]);

export const categoryFormSchema = v.object({
  categoryName: nameText("Category Name is Required", 60),
  photo: v.pipe(
    v.file("Photo is required"),
    v.check((file) => file.size > 0, "Photo is required"),
  ),
});

// The seller's own tools: My Products' filter, sort and search (in the URL), and the price
// suggestion asked for while listing.

export const MY_CARS_STATUSES = ["all", "for-sale", "sold", "booked-this-week"] as const;
export type MyCarsStatus = (typeof MY_CARS_STATUSES)[number];
export const MY_CARS_SORTS = ["newest", "oldest", "name", "price-high", "price-low"] as const;
export type MyCarsSort = (typeof MY_CARS_SORTS)[number];
export const MY_CARS_PAGE_SIZE = 20;

export const STATUS_WORDS: Record<MyCarsStatus, string> = {
  all: "All cars",
  "for-sale": "For sale",
  sold: "Sold",
  "booked-this-week": "Booked this week",
};
export const SORT_WORDS: Record<MyCarsSort, string> = {
  newest: "Newest first",
  oldest: "Oldest first",
  name: "Name (A–Z)",
  "price-high": "Price, highest first",
  "price-low": "Price, lowest first",
};

const DEFAULTS = { status: "all", sort: "newest", q: "", page: 1 } as const;

export const myCarsQuerySchema = v.object({
  status: v.optional(v.picklist(MY_CARS_STATUSES, "Choose a status from the list"), DEFAULTS.status),
  sort: v.optional(v.picklist(MY_CARS_SORTS, "Choose an order from the list"), DEFAULTS.sort),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(60, "Search at most 60 characters")), DEFAULTS.q),
  page: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,6}$/, "Page must be a whole number"), v.transform(Number), v.minValue(1, "Page must be 1 or more")),
    "1",
  ),
});
export type MyCarsQuery = v.InferOutput<typeof myCarsQuerySchema>;

/** My Products' state from its URL; a value that is not one falls back to its default (a page never fails on it). */
export function parseMyCarsQuery(params: URLSearchParams): MyCarsQuery {
  const query: Record<string, unknown> = { ...DEFAULTS };
  for (const key of Object.keys(DEFAULTS) as (keyof typeof DEFAULTS)[]) {
    const value = params.get(key);
    if (value === null) continue;
    const parsed = v.safeParse(myCarsQuerySchema, { [key]: value });
    if (parsed.success) query[key] = parsed.output[key];
  }
  return query as MyCarsQuery;
}

/** The make, model, year and mileage a price suggestion is made from (the query of its page); an empty mileage is none. */
export const priceSuggestionSchema = v.object({
  make: requiredText("Make is required", 40),
  model: requiredText("Model is required", 60),
  purchaseYear: v.pipe(
    v.string("Purchase's Year is required"),
    v.nonEmpty("Purchase's Year is required"),
    v.regex(/^\d{4}$/, "Purchase year must be a year such as 2018"),
    v.transform(Number),
    v.minValue(1950, "Purchase year must be 1950 or later"),
  ),
  mileageKm: v.optional(
    v.union(
      [
        v.pipe(
          v.literal(""),
          v.transform(() => undefined),
        ),
        v.pipe(v.string(), v.regex(/^\d{1,7}$/, "Mileage must be a whole number of km"), v.transform(Number)),
      ],
      "Mileage must be a whole number of km",
    ),
    "",
  ),
});
export type PriceSuggestionQuery = v.InferOutput<typeof priceSuggestionSchema>;

// Reviews of sellers by their buyers (../shared/api-contract.md "Reviews"): the API and the pages'
// forms validate with these.

const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";
const TOO_LONG = `Use at most ${REVIEW_TEXT_LIMIT}`;

const bookingId = v.pipe(
  v.string("bookingId is required"),
  v.trim(),
  v.nonEmpty("bookingId is required"),
  v.maxLength(64, "bookingId is required"),
);

/** `POST /api/reviews` and My Orders' "Rate the seller": a whole number of stars and optional words. */
export const reviewSchema = v.object({
  bookingId,
  rating: v.pipe(v.number(RATING_MESSAGE), v.integer(RATING_MESSAGE), v.minValue(1, RATING_MESSAGE), v.maxValue(5, RATING_MESSAGE)),
  text: optionalFreeText("Write the review as text", REVIEW_TEXT_MAX, TOO_LONG),
});
export type ReviewInput = v.InferOutput<typeof reviewSchema>;

/** The seller's one answer to a review. */
export const reviewAnswerSchema = v.object({ text: requiredText("Write your answer", REVIEW_TEXT_MAX, TOO_LONG) });

/** A review named in a path. */
export const reviewIdParam = v.object({
  id: v.pipe(v.string("Name a review"), v.nonEmpty("Name a review"), v.maxLength(64, "Name a review")),
});

/** My Orders' "Rate the seller" form: the review, named as one of the page's actions. */
export const rateSellerFormSchema = v.object({ intent: v.literal("rate"), ...reviewSchema.entries });

/** The seller page's forms: the seller's answer to a review, an admin's removal of one. */
export const answerReviewFormSchema = v.object({
  intent: v.literal("answer", "Unknown action"),
  id: reviewIdParam.entries.id,
  ...reviewAnswerSchema.entries,
});
export const removeReviewFormSchema = v.object({ intent: v.literal("remove", "Unknown action"), id: reviewIdParam.entries.id });
