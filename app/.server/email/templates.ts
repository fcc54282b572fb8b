import { type EmailMessage } from "./sender";

export function passwordResetEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: "Reset your Auto Reseller password",
    text: `Someone asked to reset the password of your Auto Reseller account.\n\nTo choose a new password, open this link within 1 hour:\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
  };
}

export function verificationEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: "Confirm your email for Auto Reseller",
    text: `Welcome to Auto Reseller!\n\nPlease confirm your email address by opening this link within 24 hours:\n${link}`,
  };
}
