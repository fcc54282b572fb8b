// The kinds of notification (the contract's `kind`; the database refuses any other) and how the
// account settings' email choices, the unsubscribe page and each email's unsubscribe line name them.

export const NOTIFICATION_KINDS = [
  "price_drop",
  "new_match",
  "message",
  "booking",
  "sold",
  "sale",
  "payout",
  "booking_declined",
  "dispute_opened",
  "dispute_resolved",
  "refunded",
  "offer",
  "offer_answered",
  "offer_expired",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS = {
  price_drop: "Price drops on cars you saved",
  new_match: "New cars matching your saved searches",
  message: "New messages",
  booking: "Bookings of your cars",
  sold: "Sales of cars you booked",
  sale: "Payments for your cars",
  payout: "Money sent to your payout account",
  booking_declined: "Bookings a seller declined",
  dispute_opened: "Problems reported with a sale",
  dispute_resolved: "Decisions on reported problems",
  refunded: "Refunds",
  offer: "Offers on your cars",
  offer_answered: "Answers to your offers",
  offer_expired: "Offers that expired",
} as const satisfies Record<NotificationKind, string>;

/** Every kind, in the order settings list them. */
export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KIND_LABELS) as NotificationKind[];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && Object.hasOwn(NOTIFICATION_KIND_LABELS, value);
