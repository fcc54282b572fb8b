import { PRICE_RATINGS } from "../catalog/price-rating";
import * as v from "valibot";
import { NOTIFICATION_KIND_LIST } from "../notifications/notification-kinds";
import { ROLES } from "../accounts/roles";
import { FUELS, REPORT_REASONS, TRANSMISSIONS } from "./catalog";
import { MONEY_PROBLEM_KINDS, OFFER_STATUS_LIST } from "./deals";

// The contract's answers ("Shapes", "Write responses", "Paged lists" in ../shared/api-contract.md),
// declared once: app/lib/schemas/types.ts infers the types pages use from them, and the OpenAPI document
// describes each success answer with them (a `ref` makes a named schema in the document).

const named = <S extends v.GenericSchema>(ref: string, schema: S) => v.pipe(schema, v.metadata({ ref }));
const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const userShape = named(
  "User",
  v.object({ _id: v.string(), name: v.string(), email: v.string(), accountType: v.picklist(ROLES), verify: v.boolean() }),
);

export const categoryShape = named("Category", v.object({ _id: v.string(), categoryName: v.string(), image: v.string() }));

export const carShape = named(
  "Product",
  v.object({
    _id: v.string(),
    productName: v.string(),
    originalPrice: v.number(),
    resalePrice: v.number(),
    location: v.string(),
    categoryId: v.string(),
    condition: v.string(),
    mobile: v.string(),
    productDescription: v.string(),
    purchaseYear: v.number(),
    image: v.string(),
    createdDate: isoDate,
    seller: v.string(),
    email: v.string(),
    isAdvertised: v.boolean(),
    isPaid: v.boolean(),
    sellerVerified: v.boolean(),
    // The contract's "Product, extended" fields: always present, null when unknown.
    sellerId: v.nullable(v.string()),
    images: v.array(v.string()),
    make: v.nullable(v.string()),
    model: v.nullable(v.string()),
    mileageKm: v.nullable(v.number()),
    transmission: v.nullable(v.picklist(TRANSMISSIONS)),
    fuel: v.nullable(v.picklist(FUELS)),
    colour: v.nullable(v.string()),
    vin: v.nullable(v.string()),
    priceRating: v.nullable(v.picklist(PRICE_RATINGS)),
    updatedAt: isoDate,
  }),
);

/** A photo as pages use it: its small copy (for srcset) and its size (for layout). Not in API answers. */
export const carPhotoShape = v.object({
  url: v.string(),
  smallUrl: v.nullable(v.string()),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
});

export const priceChangeShape = v.object({ price: v.number(), changedAt: isoDate });
export const vinDecodedShape = v.object({
  manufacturer: v.nullable(v.string()),
  region: v.nullable(v.string()),
  modelYear: v.nullable(v.number()),
});

/** `GET /api/products/:id`: the car (sold ones too) with its asking prices and its VIN's decode. */
export const carDetailShape = named(
  "ProductDetail",
  v.object({ ...carShape.entries, priceHistory: v.array(priceChangeShape), vinDecoded: v.nullable(vinDecodedShape) }),
);

/** `GET /api/products/:id/price-analysis`: the rating with the cars it came from. */
export const priceAnalysisShape = named(
  "PriceAnalysis",
  v.object({
    rating: v.picklist(["great", "good", "fair", "high", "unknown"]),
    estimate: v.nullable(v.number()),
    comparables: v.array(carShape),
    basis: v.string(),
  }),
);

/** `GET /api/products/price-suggestion`: the estimate for a car about to be listed, with its comparables. */
export const priceSuggestionShape = named(
  "PriceSuggestion",
  v.object({ estimate: v.nullable(v.number()), comparables: v.array(carShape), basis: v.string() }),
);

/** `GET /api/products/:id/statistics`: the car's last 30 days, for its seller. */
export const carStatisticsShape = named(
  "CarStatistics",
  v.object({
    product: v.object({ _id: v.string(), productName: v.string(), isPaid: v.boolean() }),
    since: v.string(),
    days: v.array(v.object({ day: v.string(), views: v.number() })),
    views: v.number(),
    saves: v.number(),
    messages: v.number(),
    bookings: v.number(),
  }),
);

export const sellerProfileShape = named(
  "SellerProfile",
  v.object({
    _id: v.string(),
    name: v.string(),
    verify: v.boolean(),
    memberSince: isoDate,
    forSale: v.number(),
    sold: v.number(),
    rating: v.object({ average: v.nullable(v.number()), count: v.number() }),
  }),
);

/** A paid booking's money, amounts in cents. */
export const dealPaymentShape = named(
  "BookingPayment",
  v.object({
    status: v.picklist(["held", "disputed", "released", "refunded"]),
    amount: v.number(),
    fee: v.number(),
    sellerAmount: v.number(),
    paidAt: isoDate,
    releaseAt: isoDate,
    releasedAt: v.nullable(isoDate),
    refundedAt: v.nullable(isoDate),
    refundedAmount: v.number(),
  }),
);

/** A paid booking's receipt: what was paid (cents), to whom, the transaction, when, and the deal's state. */
export const receiptShape = named(
  "Receipt",
  v.object({
    bookingId: v.string(),
    productId: v.string(),
    productName: v.string(),
    image: v.string(),
    sellerId: v.nullable(v.string()),
    sellerName: v.string(),
    buyerName: v.string(),
    meetingLocation: v.string(),
    transactionId: v.string(),
    amount: v.number(),
    paidAt: isoDate,
    payment: v.nullable(dealPaymentShape),
  }),
);

const bookingFields = v.object({
  _id: v.string(),
  productName: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  meetingLocation: v.string(),
  image: v.string(),
  resalePrice: v.number(),
  product_id: v.string(),
  paid: v.boolean(),
  transactionId: v.nullable(v.string()),
  createdAt: isoDate,
  payment: v.nullable(dealPaymentShape),
  agreedPrice: v.nullable(v.number()),
  agreedUntil: v.nullable(isoDate),
});
export const bookingShape = named("Booking", bookingFields);

/** A booking of one of the caller's cars, as its seller sees it. */
export const receivedBookingShape = named("ReceivedBooking", v.object({ ...bookingFields.entries, buyerName: v.string() }));

export const ledgerEntryShape = named(
  "LedgerEntry",
  v.object({
    _id: v.string(),
    bookingId: v.nullable(v.string()),
    kind: v.picklist(["charge", "refund", "fee", "transfer", "transfer_reversal", "fee_refund"]),
    amount: v.number(),
    providerId: v.string(),
    createdAt: isoDate,
  }),
);

export const payoutAccountShape = named(
  "PayoutAccount",
  v.object({ status: v.picklist(["none", "pending", "ready"]), payoutsEnabled: v.boolean() }),
);

export const disputeShape = named(
  "Dispute",
  v.object({
    _id: v.string(),
    bookingId: v.string(),
    productName: v.string(),
    buyerName: v.string(),
    sellerName: v.string(),
    amount: v.number(),
    reason: v.picklist(["not_handed_over", "not_as_described", "other"]),
    note: v.string(),
    createdAt: isoDate,
    resolution: v.nullable(v.picklist(["refund", "release"])),
  }),
);

export const reportShape = named(
  "Report",
  v.object({
    _id: v.string(),
    product_id: v.string(),
    productName: v.string(),
    seller: v.string(),
    reason: v.picklist(REPORT_REASONS),
    note: v.string(),
    createdAt: isoDate,
  }),
);

/** A paged list's answer around the rows' shape. */
export const pagedShape = <S extends v.GenericSchema>(row: S) =>
  v.object({ data: v.array(row), total: v.number(), currentPage: v.number(), totalPages: v.number() });

export const payoutsShape = named(
  "Payouts",
  v.object({
    held: v.number(),
    disputed: v.number(),
    due: v.number(),
    paidOut: v.number(),
    ...pagedShape(ledgerEntryShape).entries,
  }),
);
export const ledgerPageShape = named(
  "LedgerPage",
  v.object({
    ...pagedShape(ledgerEntryShape).entries,
    totals: v.object({
      charged: v.number(),
      refunded: v.number(),
      fees: v.number(),
      transferred: v.number(),
      reversed: v.number(),
      held: v.number(),
      due: v.number(),
      owed: v.number(),
    }),
  }),
);
export const receivedBookingPageShape = named("ReceivedBookingPage", pagedShape(receivedBookingShape));
export const disputePageShape = named("DisputePage", pagedShape(disputeShape));
export const moneyProblemShape = named(
  "MoneyProblem",
  v.object({
    _id: v.string(),
    kind: v.picklist(MONEY_PROBLEM_KINDS),
    bookingId: v.nullable(v.string()),
    amount: v.number(),
    detail: v.string(),
    createdAt: isoDate,
    resolvedAt: v.nullable(isoDate),
  }),
);
export const moneyProblemPageShape = named("MoneyProblemPage", pagedShape(moneyProblemShape));
export const reconcileShape = named("Reconciliation", v.object({ checked: v.number(), problems: v.number() }));
export const payoutLinkShape = v.object({ url: v.string() });

export const offerShape = named(
  "Offer",
  v.object({
    _id: v.string(),
    productId: v.string(),
    productName: v.string(),
    buyerName: v.string(),
    sellerName: v.string(),
    amount: v.number(),
    counterAmount: v.nullable(v.number()),
    status: v.picklist(OFFER_STATUS_LIST),
    message: v.string(),
    createdAt: isoDate,
    expiresAt: isoDate,
    respondedAt: v.nullable(isoDate),
    bookingId: v.nullable(v.string()),
  }),
);
export const offerPageShape = named("OfferPage", pagedShape(offerShape));

export const createdShape = named("Created", v.object({ acknowledged: v.literal(true), insertedId: v.string() }));
export const updatedShape = named("Updated", v.object({ acknowledged: v.literal(true), modifiedCount: v.number() }));
export const deletedShape = named("Deleted", v.object({ acknowledged: v.literal(true), deletedCount: v.number() }));

export const reviewShape = named(
  "Review",
  v.object({
    _id: v.string(),
    rating: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(5)),
    text: v.string(),
    buyerName: v.string(),
    productName: v.string(),
    createdAt: isoDate,
  }),
);
export const reviewPageShape = named("ReviewPage", pagedShape(reviewShape));

export const savedSearchShape = named("SavedSearch", v.object({ _id: v.string(), query: v.string(), createdAt: isoDate }));

export const notificationShape = named(
  "Notification",
  v.object({
    _id: v.string(),
    kind: v.picklist(NOTIFICATION_KIND_LIST),
    text: v.string(),
    link: v.string(),
    createdAt: isoDate,
    read: v.boolean(),
  }),
);
/** A row of `GET /api/conversations`: the car (null once deleted), the other person, the last message and the caller's unread count. */
export const conversationShape = named(
  "Conversation",
  v.object({
    _id: v.string(),
    product: v.nullable(v.object({ _id: v.string(), productName: v.string(), image: v.string() })),
    withName: v.string(),
    lastMessage: v.object({ text: v.string(), createdAt: isoDate }),
    unread: v.number(),
  }),
);
export const messageShape = named("Message", v.object({ _id: v.string(), mine: v.boolean(), text: v.string(), createdAt: isoDate }));

/** `GET /api/notifications`: a page of them, newest first, with how many are unread in all. */
export const notificationPageShape = named("NotificationPage", v.object({ ...pagedShape(notificationShape).entries, unread: v.number() }));

export const accessTokenShape = v.object({ accessToken: v.string() });
export const roleFlagShape = (flag: "isAdmin" | "isBuyer" | "isSeller") => v.object({ [flag]: v.boolean() });
export const healthShape = v.object({ ok: v.literal(true) });
export const uploadedShape = v.object({ success: v.literal(true), data: v.object({ url: v.string() }) });
export const clientSecretShape = v.object({ clientSecret: v.string() });
export const simulatedPaymentShape = v.object({
  id: v.string(),
  status: v.string(),
  amount: v.number(),
  error: v.optional(v.object({ message: v.string() })),
});

/** `POST /api/images/uploads`: where and how to send the photo's bytes (see ../shared/api-contract.md). */
export const directUploadShape = named(
  "DirectUpload",
  v.object({
    key: v.string(),
    uploadUrl: v.string(),
    method: v.literal("PUT"),
    headers: v.record(v.string(), v.string()),
    expiresAt: isoDate,
  }),
);

const facetShape = v.array(v.object({ value: v.string(), count: v.number() }));

/** `GET /api/products`: a page of the search with, per facet, the counts of the alternatives. */
export const searchResultShape = named(
  "SearchResult",
  v.object({
    ...pagedShape(carShape).entries,
    facets: v.object({ make: facetShape, location: facetShape, condition: facetShape, categoryId: facetShape }),
    // The page is always current; `total` and `facets` may lag writes by at most 60 s (decision record 28).
    facetsAsOf: v.pipe(
      isoDate,
      v.description("When `total` and `facets` were counted (ISO date): never more than 60 seconds before the answer"),
    ),
    // Deep pages by key (decision record 22): send one back as `after` or `before` with the same query.
    nextCursor: v.nullable(v.string()),
    previousCursor: v.nullable(v.string()),
  }),
);

/** `GET /api/dev/mail`: the mail sent to an address, newest first (development and tests only). */
export const devMailShape = v.array(
  named("DevMail", v.object({ subject: v.string(), text: v.string(), links: v.array(v.string()), createdAt: isoDate })),
);
