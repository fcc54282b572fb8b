import * as v from "valibot";
import { SIGN_UP_ROLES } from "../accounts/roles";
import { emailField, nameText, newPasswordField, passwordField } from "./fields";

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
