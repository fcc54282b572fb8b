import * as v from "valibot";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "../notifications";
import { changePasswordSchema, twoFactorSchema } from "./auth";
import { emailField } from "./fields";

/** The email choices' checkbox for a kind of notification: checked means "email me". */
export const emailChoiceField = (kind: NotificationKind) => `email-${kind}` as const;
const checkbox = v.optional(v.literal("on", "Unknown choice"));
const emailChoiceEntries = Object.fromEntries(NOTIFICATION_KIND_LIST.map((kind) => [emailChoiceField(kind), checkbox])) as Record<
  ReturnType<typeof emailChoiceField>,
  typeof checkbox
>;

/** The account settings page's forms, told apart by their `intent`. */
export const accountSettingsSchema = v.variant("intent", [
  v.object({ intent: v.literal("resend-verification") }),
  v.object({ intent: v.literal("change-password"), ...changePasswordSchema.entries }),
  v.object({ intent: v.literal("start-two-factor") }),
  v.object({ intent: v.literal("confirm-two-factor"), ...twoFactorSchema.entries }),
  v.object({ intent: v.literal("disable-two-factor"), ...twoFactorSchema.entries }),
  v.object({ intent: v.literal("email-choices"), ...emailChoiceEntries }),
]);

/** `GET /api/dev/mail?to=E` (development and tests only). */
export const devMailQuerySchema = v.object({ to: emailField });
