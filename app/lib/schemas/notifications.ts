import * as v from "valibot";

/** Notification ids are UUIDs; anything else names no notification. */
const notificationId = v.pipe(v.string("ids must be notification ids"), v.maxLength(64, "ids must be notification ids"));

/**
 * `POST /api/notifications/read` and the notifications page's forms: the ids to mark read (at most
 * a page's worth), or none for all. An empty list is refused rather than read as "all".
 */
export const markReadSchema = v.object({
  ids: v.optional(
    v.pipe(
      v.array(notificationId, "ids must be a list of notification ids"),
      v.minLength(1, "ids must list at least one notification (leave ids out to mark all)"),
      v.maxLength(50, "ids may list at most 50 notifications"),
    ),
  ),
});

/** The notifications page's forms: mark one read, or all of them. */
export const notificationsPageActionSchema = v.variant(
  "intent",
  [
    v.object({ intent: v.literal("read"), id: v.pipe(notificationId, v.nonEmpty("Missing notification")) }),
    v.object({ intent: v.literal("read-all") }),
  ],
  "Unknown action",
);

/** The body of a one-click unsubscribe (RFC 8058), from a mail client or the page's own button. */
export const oneClickUnsubscribeSchema = v.object({
  "List-Unsubscribe": v.literal("One-Click", "Use the Unsubscribe button"),
});
