import * as v from "valibot";
import { changePasswordSchema, twoFactorSchema } from "./auth";

/** The account settings page's forms, told apart by their `intent`. */
export const accountSettingsSchema = v.variant("intent", [
  v.object({ intent: v.literal("resend-verification") }),
  v.object({ intent: v.literal("change-password"), ...changePasswordSchema.entries }),
  v.object({ intent: v.literal("start-two-factor") }),
  v.object({ intent: v.literal("confirm-two-factor"), ...twoFactorSchema.entries }),
  v.object({ intent: v.literal("disable-two-factor"), ...twoFactorSchema.entries }),
]);
