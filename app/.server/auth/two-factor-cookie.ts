import { type AppContext } from "../context";
import { clearCookieHeader, cookieHeader, readCookie } from "./cookies";
import { signClaims, verifyClaims } from "./signing";

// Between the password and the code, the user holds this short-lived signed ticket, not a session.
const TICKET_COOKIE = "ar_2fa";
const TICKET_SECONDS = 5 * 60;

export async function twoFactorTicketHeader(ctx: AppContext, userId: string): Promise<string> {
  const token = await signClaims(ctx, "two-factor", { sub: userId }, TICKET_SECONDS);
  return cookieHeader(ctx, TICKET_COOKIE, token, TICKET_SECONDS);
}

export async function readTwoFactorTicket(ctx: AppContext, request: Request): Promise<string | null> {
  const claims = await verifyClaims(ctx, "two-factor", readCookie(request, TICKET_COOKIE));
  return typeof claims?.sub === "string" ? claims.sub : null;
}

export function clearTwoFactorTicketHeader(ctx: AppContext): string {
  return clearCookieHeader(ctx, TICKET_COOKIE);
}
