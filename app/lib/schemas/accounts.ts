import * as v from "valibot";
import { SIGN_UP_ROLES } from "../accounts/roles";
import { emailField, nameText, newPasswordField, passwordField } from "./fields";
import { NOTIFICATION_KIND_LIST, type NotificationKind } from "../notifications/notification-kinds";

export const signInSchema = v.object({
  email: emailField,
  password: passwordField,
  redirectTo: v.optional(v.string()),
});

export const signUpSchema = v.object({
  name: nameText("Name is Required", 80),
  email: emailField,
  password: newPasswordField,
  accountType: v.optional(v.picklist(SIGN_UP_ROLES, "Choose buyer or seller"), "buyer"),
});
export type SignUpInput = v.InferOutput<typeof signUpSchema>;

export const tokenRequestSchema = v.object({
  email: emailField,
  password: passwordField,
  code: v.optional(v.pipe(v.string("Enter the code from your authenticator app"), v.trim(), v.maxLength(20))),
});

export const twoFactorSchema = v.object({
  code: v.pipe(
    v.string("Enter the code from your authenticator app"),
    v.trim(),
    v.nonEmpty("Enter the code from your authenticator app"),
    v.maxLength(20, "That code is too long"),
  ),
});

export const forgotPasswordSchema = v.object({ email: emailField });

export const resetPasswordSchema = v.object({ password: newPasswordField });

export const changePasswordSchema = v.object({
  currentPassword: v.pipe(v.string("Password is required"), v.nonEmpty("Password is required")),
  password: newPasswordField,
});

/** The email choices' checkbox for a kind of notification: checked means "email me". */
export const emailChoiceField = (kind: NotificationKind) => `email-${kind}` as const;
const checkbox = v.optional(v.literal("on", "Unknown choice"));
const emailChoiceEntries = Object.fromEntries(NOTIFICATION_KIND_LIST.map((kind) => [emailChoiceField(kind), checkbox])) as Record<
  ReturnType<typeof emailChoiceField>,
  typeof checkbox
>;

const checkedBox = v.optional(v.picklist(["on", "true"], "Unknown choice"));

/** `POST /api/me/email`: the new address, the current password, and whether following the link signs out everywhere. */
export const changeEmailSchema = v.object({
  email: emailField,
  password: passwordField,
  signOutOthers: v.optional(v.boolean("signOutOthers is true or false")),
});

/** `DELETE /api/me`: the password, or for an account without one "DELETE" soon after signing in. */
export const closeAccountSchema = v.object({
  password: v.optional(v.pipe(v.string("Password is required"), v.maxLength(128, "Use at most 128 characters"))),
  confirm: v.optional(v.pipe(v.string('Type "DELETE"'), v.maxLength(20, 'Type "DELETE"'))),
});

/** The account settings page's forms, told apart by their `intent`. */
export const accountSettingsSchema = v.variant("intent", [
  v.object({ intent: v.literal("resend-verification") }),
  v.object({ intent: v.literal("change-password"), ...changePasswordSchema.entries }),
  v.object({ intent: v.literal("start-two-factor") }),
  v.object({ intent: v.literal("confirm-two-factor"), ...twoFactorSchema.entries }),
  v.object({ intent: v.literal("disable-two-factor"), ...twoFactorSchema.entries }),
  v.object({ intent: v.literal("email-choices"), ...emailChoiceEntries }),
  v.object({
    intent: v.literal("change-email"),
    email: emailField,
    password: passwordField,
    signOutOthers: checkedBox,
  }),
  v.object({ intent: v.literal("sign-out-device"), session: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)) }),
  v.object({ intent: v.literal("sign-out-everywhere") }),
  v.object({ intent: v.literal("close-account"), ...closeAccountSchema.entries }),
]);

/** `GET /api/dev/mail?to=E` (development and tests only). */
export const devMailQuerySchema = v.object({ to: emailField });
