import { isNotificationKind, type NotificationKind } from "~/lib/notifications/notification-kinds";
import { PATHS } from "~/lib/shared/paths";
import { type AppContext } from "../context";

// One-click unsubscribe links: the user and the kind of email, signed with an HMAC over both under
// the app's secret, so a link stops only its own user's mail of its own kind and never expires
// (RFC 8058 asks that it keeps working). No session is needed to use it.

const encoder = new TextEncoder();

function hmacKey(ctx: AppContext) {
  return crypto.subtle.importKey("raw", new Uint8Array(ctx.sessionSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

// The purpose is part of what is signed, so no other signature made with the same secret fits.
const signedText = (userId: string, kind: NotificationKind) => encoder.encode(`unsubscribe:${userId}:${kind}`);

const toBase64Url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

// An HMAC-SHA-256 signature is 32 bytes: 43 base64url characters. Anything else is no signature
// (and some lengths, such as 1 character, are not base64 at all: atob would throw).
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (!SIGNATURE_PATTERN.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The public link that stops this user's emails of this kind (on APP_ORIGIN, never the request's host). */
export async function unsubscribeUrl(ctx: AppContext, userId: string, kind: NotificationKind): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(ctx), signedText(userId, kind));
  const url = new URL(PATHS.unsubscribe, ctx.publicOrigin);
  url.search = new URLSearchParams({ user: userId, kind, signature: toBase64Url(signature) }).toString();
  return url.toString();
}

/** The user and kind an unsubscribe link names, when its signature holds; else null. */
export async function readUnsubscribeLink(
  ctx: AppContext,
  params: URLSearchParams,
): Promise<{ userId: string; kind: NotificationKind } | null> {
  const userId = params.get("user");
  const kind = params.get("kind");
  const signature = fromBase64Url(params.get("signature") ?? "");
  if (!userId || !isNotificationKind(kind) || !signature) return null;
  const genuine = await crypto.subtle.verify("HMAC", await hmacKey(ctx), signature, signedText(userId, kind));
  return genuine ? { userId, kind } : null;
}
