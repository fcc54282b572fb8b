import { lt } from "drizzle-orm";
import { type AppContext } from "../context";
import { usedTwoFactorTickets } from "../db/schema";
import { Unauthorized } from "../errors";
import { clearCookieHeader, cookieHeader, readCookie } from "./cookies";
import { signClaims, verifyClaims } from "./signing";

// Between the password and the code, the user holds this short-lived signed ticket, not a session.
const TICKET_COOKIE = "ar_2fa";
const TICKET_SECONDS = 5 * 60;

export interface TwoFactorTicket {
  id: string;
  userId: string;
  expiresAt: string;
}

export async function twoFactorTicketHeader(ctx: AppContext, userId: string): Promise<string> {
  const token = await signClaims(ctx, "two-factor", { sub: userId, jti: crypto.randomUUID() }, TICKET_SECONDS);
  return cookieHeader(ctx, TICKET_COOKIE, token, TICKET_SECONDS);
}

export async function readTwoFactorTicket(ctx: AppContext, request: Request): Promise<TwoFactorTicket | null> {
  const claims = await verifyClaims(ctx, "two-factor", readCookie(request, TICKET_COOKIE));
  if (typeof claims?.sub !== "string" || typeof claims.jti !== "string" || typeof claims.exp !== "number") return null;
  return { id: claims.jti, userId: claims.sub, expiresAt: new Date(claims.exp * 1000).toISOString() };
}

/**
 * Uses the ticket up: it signs in once, so a copied cookie cannot sign in again. Tickets past
 * their expiry are forgotten in the same round trip (they cannot be replayed anyway).
 */
export async function spendTwoFactorTicket(ctx: AppContext, ticket: TwoFactorTicket) {
  const [, inserted] = await ctx.db.batch([
    ctx.db.delete(usedTwoFactorTickets).where(lt(usedTwoFactorTickets.expiresAt, ctx.now().toISOString())),
    ctx.db.insert(usedTwoFactorTickets).values({ id: ticket.id, expiresAt: ticket.expiresAt }).onConflictDoNothing().returning(),
  ]);
  if (inserted.length === 0) throw new Unauthorized("This sign-in step was already used. Please sign in again.");
}

export function clearTwoFactorTicketHeader(ctx: AppContext): string {
  return clearCookieHeader(ctx, TICKET_COOKIE);
}
