import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { type Role } from "~/lib/accounts/roles";
import { enforce } from "../auth/enforce";
import { type AppContext } from "../context";
import { type EmailJob } from "../queue-jobs";
import { emailAttempts, outgoingEmails } from "../db/schema";
import { storedHeaders, type EmailMessage } from "./sender";

/** The body of a message on the email queue: which `outgoing_emails` row to send. */

// Attempts before a message is given up into the dead-letter record (`dead_at`). Retries wait 30 s,
// doubling, at most an hour: the eighth and last attempt comes about an hour after the first.
// wrangler.toml's max_retries is higher, so the consumer, not the platform, decides when to give up.
export const MAX_EMAIL_ATTEMPTS = 8;
const LONGEST_RETRY_SECONDS = 3600;
// A claimed message is not claimed again for this long, so two deliveries never both send it.
const CLAIM_SECONDS = 5 * 60;
// The Cron Trigger enqueues mail that has been due this long: its enqueue failed, or its consumer died.
const SWEEP_AFTER_SECONDS = 5 * 60;
const PER_SWEEP = 50;

const isoIn = (ctx: AppContext, seconds: number) => new Date(ctx.now().getTime() + seconds * 1000).toISOString();

/**
 * The insert for one message, to run in the same database batch as the change that causes it;
 * enqueue its id with `enqueueEmails` once the batch has succeeded.
 */
export function emailInsert(ctx: AppContext, message: EmailMessage) {
  const id = crypto.randomUUID();
  const { headers, ...fields } = message;
  const insert = ctx.db
    .insert(outgoingEmails)
    .values({ id, ...fields, headers: storedHeaders(headers), nextAttemptAt: ctx.now().toISOString() });
  return { id, insert };
}

/**
 * Hands written messages to the email queue. Never throws: a message whose enqueue failed stays
 * due in `outgoing_emails`, and the Cron Trigger's sweep enqueues it.
 */
export async function enqueueEmails(ctx: AppContext, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  try {
    await ctx.emailQueue.sendBatch(ids.map((emailId) => ({ body: { emailId } satisfies EmailJob })));
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "email-enqueue-failed", count: ids.length, error: String(error) }));
  }
}

/** Writes one message and enqueues it: the request never waits on, or fails because of, the email API. */
export async function queueEmail(ctx: AppContext, message: EmailMessage): Promise<void> {
  const { id, insert } = emailInsert(ctx, message);
  await insert;
  await enqueueEmails(ctx, [id]);
}

/** What the queue consumer does with a message: drop it (done, or not ours to send) or retry it later. */
export type DeliveryOutcome = { retryInSeconds: number } | null;

/**
 * Sends one message at most once. Claiming the row is one conditional update, so a message
 * delivered twice (or by the queue and the sweep at once) is sent by one delivery only; the others
 * find it sent, dead or claimed and are dropped. Each attempt is recorded in `email_attempts`.
 */
export async function deliverEmail(ctx: AppContext, emailId: string): Promise<DeliveryOutcome> {
  const now = ctx.now().toISOString();
  const [message] = await ctx.db
    .update(outgoingEmails)
    .set({ attempts: sql`${outgoingEmails.attempts} + 1`, nextAttemptAt: isoIn(ctx, CLAIM_SECONDS) })
    .where(
      and(
        eq(outgoingEmails.id, emailId),
        isNull(outgoingEmails.sentAt),
        isNull(outgoingEmails.deadAt),
        lte(outgoingEmails.nextAttemptAt, now),
      ),
    )
    .returning();
  if (!message) return null;
  let error: string | null = null;
  try {
    const headers = message.headers ? (JSON.parse(message.headers) as Record<string, string>) : undefined;
    await ctx.email.send({ to: message.to, subject: message.subject, text: message.text, headers });
  } catch (failure) {
    error = String(failure).slice(0, 500);
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "email-failed", emailId, attempts: message.attempts, error }));
  }
  const attempt = ctx.db.insert(emailAttempts).values({ emailId, attemptedAt: now, error });
  const retryInSeconds = Math.min(ctx.config.emailFirstRetrySeconds * 2 ** (message.attempts - 1), LONGEST_RETRY_SECONDS);
  const retry = error !== null && message.attempts < MAX_EMAIL_ATTEMPTS;
  const outcome =
    error === null
      ? { sentAt: ctx.now().toISOString(), nextAttemptAt: null, lastError: null }
      : retry
        ? { lastError: error, nextAttemptAt: isoIn(ctx, retryInSeconds) }
        : { lastError: error, nextAttemptAt: null, deadAt: ctx.now().toISOString() };
  await ctx.db.batch([attempt, ctx.db.update(outgoingEmails).set(outcome).where(eq(outgoingEmails.id, emailId))]);
  return retry ? { retryInSeconds } : null;
}

/**
 * The safety net, run by the Cron Trigger: enqueues (a bounded number of) messages that have been
 * due for a while, because their enqueue failed or their delivery died half-way. Returns how many.
 */
export async function enqueueOverdueEmails(ctx: AppContext): Promise<number> {
  const overdue = isoIn(ctx, -SWEEP_AFTER_SECONDS);
  const due = ctx.db
    .select({ id: outgoingEmails.id })
    .from(outgoingEmails)
    .where(lte(outgoingEmails.nextAttemptAt, overdue))
    .orderBy(asc(outgoingEmails.nextAttemptAt))
    .limit(PER_SWEEP);
  // Made due from now, so the next sweep leaves them to the queue for a while.
  const swept = await ctx.db
    .update(outgoingEmails)
    .set({ nextAttemptAt: ctx.now().toISOString() })
    .where(and(inArray(outgoingEmails.id, due), lte(outgoingEmails.nextAttemptAt, overdue)))
    .returning({ id: outgoingEmails.id });
  await enqueueEmails(
    ctx,
    swept.map((row) => row.id),
  );
  return swept.length;
}

export interface DeadEmail {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  deadAt: string;
}

/** Mail given up after the last attempt, newest first (the admin's email problems page). */
export async function listDeadEmails(ctx: AppContext, admin: { role: Role }, page: number, limit: number): Promise<DeadEmail[]> {
  enforce("read:email-problems", admin);
  const rows = await ctx.db
    .select({
      id: outgoingEmails.id,
      to: outgoingEmails.to,
      subject: outgoingEmails.subject,
      attempts: outgoingEmails.attempts,
      lastError: outgoingEmails.lastError,
      deadAt: outgoingEmails.deadAt,
    })
    .from(outgoingEmails)
    .where(isNotNull(outgoingEmails.deadAt))
    .orderBy(desc(outgoingEmails.deadAt))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({ ...row, deadAt: row.deadAt ?? "" }));
}
