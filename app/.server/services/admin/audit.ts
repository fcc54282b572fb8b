import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { auditLog, users } from "../../db/schema";
import { type UserRow } from "../accounts/users";

export type AuditAction =
  | "delete-seller"
  | "delete-buyer"
  | "verify-seller"
  | "delete-item"
  | "dismiss-reports"
  | "add-category"
  | "rename-category"
  | "delete-category"
  | "remove-review"
  | "resolve-dispute"
  | "resolve-money-problem"
  | "clear-flag"
  | "dismiss-conversation-reports"
  | "close-conversation";

/** The statement that records an admin action; callers put it in the same batch as the action. */
export function auditEntry(ctx: AppContext, actor: UserRow, action: AuditAction, target: string, details = "") {
  return ctx.db
    .insert(auditLog)
    .values({ actorId: actor.id, actorEmail: actor.email, action, target, details, createdAt: ctx.now().toISOString() });
}

/**
 * The same record, written only if the statement just before it in the batch changed a row
 * (SQLite's changes()): an action that turned out to change nothing (repeated, or lost a race)
 * records nothing.
 */
export function auditEntryIfChanged(ctx: AppContext, actor: UserRow, action: AuditAction, target: string, details = "") {
  return ctx.db.run(sql`
    insert into ${auditLog} (id, actor_id, actor_email, action, target, details, created_at)
    select ${crypto.randomUUID()}, ${actor.id}, ${actor.email}, ${action}, ${target}, ${details}, ${ctx.now().toISOString()}
    where changes() > 0`);
}

export type AuditStatement = ReturnType<typeof auditEntryIfChanged>;

/** A page of the trail, newest first, with each admin's name (null once the admin's account is gone). */
export async function listAuditTrail(ctx: AppContext, admin: UserRow, page: number, pageSize = 20) {
  enforce("read:audit", admin);
  return ctx.db
    .select({ ...getTableColumns(auditLog), actorName: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}
