import { desc, eq } from "drizzle-orm";
import { type AppContext } from "../../context";
import { outgoingEmails } from "../../db/schema";
import { readOutbox } from "../../email/sender";
import { NotFound } from "../../errors";

const MAIL_LIMIT = 50;
const ABSOLUTE_URL = /https?:\/\/[^\s<>"')]+/g;

/** Development and test mode only: in production the dev tools do not exist (404). */
export function requireDevelopmentMode(ctx: AppContext): void {
  if (ctx.appEnv === "production") throw new NotFound();
}

/**
 * The mail sent to one address, newest first, with the links in each (development and tests only:
 * how a test, or someone trying the app, follows a confirmation link). Production has no such thing.
 */
export async function listMailTo(ctx: AppContext, to: string) {
  requireDevelopmentMode(ctx);
  const rows = await ctx.db
    .select({ subject: outgoingEmails.subject, text: outgoingEmails.text, createdAt: outgoingEmails.createdAt })
    .from(outgoingEmails)
    .where(eq(outgoingEmails.to, to))
    .orderBy(desc(outgoingEmails.createdAt), desc(outgoingEmails.id))
    .limit(MAIL_LIMIT);
  return rows.map((row) => ({ ...row, links: [...new Set(row.text.match(ABSOLUTE_URL) ?? [])] }));
}

/** Everything in the local outbox, newest first (the development outbox page). */
export async function listOutbox(ctx: AppContext) {
  requireDevelopmentMode(ctx);
  return readOutbox(ctx.db, { limit: MAIL_LIMIT });
}
