import { asc, eq, inArray, lte, sql } from "drizzle-orm";
import { type AppContext } from "../context";
import { outgoingEmails } from "../db/schema";
import { type EmailMessage } from "./sender";

// Attempts before a message is given up (kept with its last error); backoff doubles from a minute to 6 hours.
export const MAX_EMAIL_ATTEMPTS = 10;
const FIRST_RETRY_SECONDS = 60;
const LONGEST_RETRY_SECONDS = 6 * 3600;
// A claimed message is not picked again for this long, so two drains never send it twice.
const CLAIM_SECONDS = 5 * 60;
const PER_DRAIN = 10;

const QUEUED_FLAG = "emails-queued";

const isoIn = (ctx: AppContext, seconds: number) => new Date(ctx.now().getTime() + seconds * 1000).toISOString();

/**
 * Keeps a message to be sent after the response: the request never waits on, or fails because
 * of, the email API. The Worker drains the queue once the response is out (waitUntil).
 */
export async function queueEmail(ctx: AppContext, message: EmailMessage) {
  await ctx.db.insert(outgoingEmails).values({ ...message, nextAttemptAt: ctx.now().toISOString() });
  ctx.cache.set(QUEUED_FLAG, true);
}

/** True when this request queued mail (the Worker then drains the queue after responding). */
export const queuedEmail = (ctx: AppContext) => ctx.cache.has(QUEUED_FLAG);

/**
 * Sends the messages that are due (this request's and any earlier ones waiting for a retry).
 * Claiming them is one conditional update, so concurrent drains never send a message twice; a
 * failure is recorded and retried later with backoff. Never throws.
 */
export async function deliverDueEmails(ctx: AppContext): Promise<void> {
  try {
    const now = ctx.now().toISOString();
    const due = ctx.db
      .select({ id: outgoingEmails.id })
      .from(outgoingEmails)
      .where(lte(outgoingEmails.nextAttemptAt, now))
      .orderBy(asc(outgoingEmails.nextAttemptAt))
      .limit(PER_DRAIN);
    const claimed = await ctx.db
      .update(outgoingEmails)
      .set({ attempts: sql`${outgoingEmails.attempts} + 1`, nextAttemptAt: isoIn(ctx, CLAIM_SECONDS) })
      .where(inArray(outgoingEmails.id, due))
      .returning();
    // Query builders are thenables: the async callbacks return plain outcomes, recorded in one batch.
    const outcomes = await Promise.all(
      claimed.map(async (message) => {
        try {
          await ctx.email.send({ to: message.to, subject: message.subject, text: message.text });
          return { message, error: null };
        } catch (error) {
          console.error(
            JSON.stringify({ requestId: ctx.requestId, event: "email-failed", attempts: message.attempts, error: String(error) }),
          );
          return { message, error: String(error).slice(0, 500) };
        }
      }),
    );
    const records = outcomes.map(({ message, error }) => {
      const retryIn = Math.min(FIRST_RETRY_SECONDS * 2 ** (message.attempts - 1), LONGEST_RETRY_SECONDS);
      const outcome =
        error === null
          ? { sentAt: ctx.now().toISOString(), nextAttemptAt: null }
          : { lastError: error, nextAttemptAt: message.attempts >= MAX_EMAIL_ATTEMPTS ? null : isoIn(ctx, retryIn) };
      return ctx.db.update(outgoingEmails).set(outcome).where(eq(outgoingEmails.id, message.id));
    });
    const [first, ...rest] = records;
    if (first) await ctx.db.batch([first, ...rest]);
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "email-drain-failed", error: String(error) }));
  }
}
