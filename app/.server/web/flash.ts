import { TOAST_TYPES, type ToastMessage } from "~/lib/shared/toast";
import { clearCookieHeader, cookieHeader, readCookie } from "../auth/cookies";
import { type AppContext } from "../context";

const FLASH_COOKIE = "ar_flash";

/** A toast that survives the redirect after a form post (shown once by the next page). */
export function flashHeader(ctx: AppContext, toast: ToastMessage): string {
  return cookieHeader(ctx, FLASH_COOKIE, JSON.stringify(toast), 60);
}

/** The pending toast, if any, and the header that clears it. */
export function readFlash(ctx: AppContext, request: Request): { toast: ToastMessage | null; clear?: string } {
  const raw = readCookie(request, FLASH_COOKIE);
  if (!raw) return { toast: null };
  return { toast: parseToast(raw), clear: clearCookieHeader(ctx, FLASH_COOKIE) };
}

function parseToast(raw: string): ToastMessage | null {
  try {
    const value = JSON.parse(raw);
    if (TOAST_TYPES.includes(value?.type) && typeof value?.message === "string") {
      return { type: value.type, message: value.message.slice(0, 200) };
    }
  } catch {
    // A mangled cookie is simply ignored.
  }
  return null;
}
