import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "~/lib/notifications/notification-kinds";
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

export function emailChangeConfirmationEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: "Confirm your new email for Auto Reseller",
    text: `Someone asked to move an Auto Reseller account to this email address.\n\nTo confirm, open this link within 24 hours:\n${link}\n\nIf it was not you, ignore this email: nothing changes.`,
  };
}

export function emailChangeNoticeEmail(to: string, newEmail: string): EmailMessage {
  return {
    to,
    subject: "Your Auto Reseller email address is about to change",
    text: `Someone signed in to your Auto Reseller account asked to change its email address to ${newEmail}.\n\nIt changes only when the link sent to that address is opened. If it was not you, change your password in Account settings and sign out everywhere.`,
  };
}

/**
 * A notification by email: its text, a link to what it is about, and a one-click unsubscribe from
 * its kind (the link in the text, and the List-Unsubscribe headers of RFC 2369 and RFC 8058).
 */
export function notificationEmail(
  to: string,
  notification: { kind: NotificationKind; text: string; link: string },
  unsubscribeLink: string,
): EmailMessage {
  return withUnsubscribe(
    { to, subject: notification.text, text: `${notification.text}\n\nSee it on Auto Reseller:\n${notification.link}` },
    notification.kind,
    unsubscribeLink,
  );
}

/** A saved search's new matches since its last digest, in one email (at most one an hour). */
export function matchDigestEmail(to: string, matches: { text: string; link: string }[], unsubscribeLink: string): EmailMessage {
  const subject = matches.length === 1 ? matches[0].text : `${matches.length} new matches for your saved search`;
  const list = matches.map((match) => `- ${match.text}\n  ${match.link}`).join("\n");
  return withUnsubscribe(
    { to, subject, text: `New cars matching your saved search on Auto Reseller:\n\n${list}` },
    "new_match",
    unsubscribeLink,
  );
}

/** The one-click unsubscribe from a kind of email: the link in the text, and the List-Unsubscribe headers of RFC 2369 and RFC 8058. */
function withUnsubscribe(
  message: { to: string; subject: string; text: string },
  kind: NotificationKind,
  unsubscribeLink: string,
): EmailMessage {
  return {
    ...message,
    text: `${message.text}\n\nYou get these emails for: ${NOTIFICATION_KIND_LABELS[kind].toLowerCase()}. To stop them, open:\n${unsubscribeLink}`,
    headers: { "List-Unsubscribe": `<${unsubscribeLink}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}
