import * as v from "valibot";

/** The body of a one-click unsubscribe (RFC 8058), from a mail client or the page's own button. */
export const oneClickUnsubscribeSchema = v.object({
  "List-Unsubscribe": v.literal("One-Click", "Use the Unsubscribe button"),
});
