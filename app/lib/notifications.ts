import { type NotificationKind } from "~/.server/db/schema";

// The kinds of notification (app/.server/db/schema.ts) in words: the account settings' email
// choices, the unsubscribe page and each email's unsubscribe line name them so.

export const NOTIFICATION_KIND_LABELS = {
  price_drop: "Price drops on cars you saved",
  new_match: "New cars matching your saved searches",
  message: "New messages",
  booking: "Bookings of your cars",
  sold: "Sales of cars you booked",
  sale: "Payments for your cars",
  payout: "Money sent to your payout account",
  booking_declined: "Bookings a seller declined",
} as const satisfies Record<NotificationKind, string>;

/** Every kind, in the order settings list them. */
export const NOTIFICATION_KIND_LIST = Object.keys(NOTIFICATION_KIND_LABELS) as NotificationKind[];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === "string" && Object.hasOwn(NOTIFICATION_KIND_LABELS, value);

export type { NotificationKind };
