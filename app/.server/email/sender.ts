import { type AppEnvironment, type EmailApiSettings } from "../config";
import { type Database } from "../db/client";
import { desc, eq } from "drizzle-orm";
import { outbox } from "../db/schema";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  /** Extra headers, e.g. List-Unsubscribe (the email API takes them as a JSON object). */
  headers?: Record<string, string>;
}

/** A message's extra headers as `outgoing_emails` and the outbox keep them: JSON, or null for none. */
export const storedHeaders = (headers: EmailMessage["headers"]) => (headers ? JSON.stringify(headers) : null);

export interface EmailSender {
  send(message: EmailMessage): Promise<void>;
}

/**
 * An HTTP email API when its key is configured (Resend-compatible JSON), else the local outbox
 * in development and tests. Production without an API cannot send mail and says so.
 */
export function createEmailSender(env: EmailApiSettings, appEnv: AppEnvironment, db: Database): EmailSender {
  if (env.EMAIL_API_KEY && env.EMAIL_API_URL) return httpEmailSender(env.EMAIL_API_URL, env.EMAIL_API_KEY, env.EMAIL_FROM);
  if (appEnv !== "production") return outboxSender(db);
  return {
    async send() {
      throw new Error("No email API is configured (EMAIL_API_URL, EMAIL_API_KEY)");
    },
  };
}

function httpEmailSender(url: string, key: string, from: string | undefined): EmailSender {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ from, to: [message.to], subject: message.subject, text: message.text, headers: message.headers }),
      });
      if (!response.ok) throw new Error(`The email API answered ${response.status}`);
    },
  };
}

function outboxSender(db: Database): EmailSender {
  return {
    async send(message) {
      const { headers, ...rest } = message;
      await db.insert(outbox).values({ ...rest, headers: storedHeaders(headers) });
    },
  };
}

/** The local outbox's mail (development and tests), newest first: to one address, or to anyone. */
export async function readOutbox(db: Database, options: { to?: string; limit: number }) {
  const query = db.select().from(outbox);
  return (options.to ? query.where(eq(outbox.to, options.to)) : query).orderBy(desc(outbox.createdAt)).limit(options.limit);
}
