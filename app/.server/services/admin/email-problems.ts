import { desc, isNotNull } from "drizzle-orm";
import { type Role } from "~/lib/accounts/roles";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { outgoingEmails } from "../../db/schema";

/** An email the queue gave up on after its last attempt (app/.server/email/outgoing.ts sends them). */
export interface EmailProblem {
  id: string;
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
  deadAt: string;
}

/** A page of undelivered mail, newest first, for the admin's email problems page; one row past the page says whether there are more. */
export async function listEmailProblems(
  ctx: AppContext,
  admin: { role: Role },
  page: number,
  pageSize: number,
): Promise<{ emails: EmailProblem[]; hasMore: boolean }> {
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
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    emails: rows.slice(0, pageSize).map((row) => ({ ...row, deadAt: row.deadAt ?? "" })),
    hasMore: rows.length > pageSize,
  };
}
