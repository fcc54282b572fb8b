import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { type Actor, type AuditAction, type Effect, type EventOf } from "../events";
import { auditLog, users } from "../../db/schema";
import { type UserRow } from "../users/users";

/**
 * An admin's act, kept in the trail: written in the act's own batch. With `onlyIfChanged`, written
 * only if the statement just before it changed a row (SQLite's changes()): an act that turned out to
 * change nothing (repeated, or lost a race) records nothing. Other domains say "admin_acted".
 */
export function recordAdminAct(ctx: AppContext, event: EventOf<"admin_acted">): Effect {
  const { actor, action, target, details = "" } = event;
  return {
    statements: [
      sql`insert into ${auditLog} (id, actor_id, actor_email, action, target, details, created_at)
          select ${crypto.randomUUID()}, ${actor.id}, ${actor.email}, ${action}, ${target}, ${details}, ${ctx.now().toISOString()}
          where ${event.onlyIfChanged ? sql`changes() > 0` : sql`1`}`,
    ],
  };
}

/** The admin domain's own acts, as a statement for their batch. */
export function auditEntry(ctx: AppContext, actor: Actor, action: AuditAction, target: string, details = "", onlyIfChanged = false) {
  const [statement] = recordAdminAct(ctx, { type: "admin_acted", actor, action, target, details, onlyIfChanged }).statements!;
  return ctx.db.run(statement);
}

/** The same, written only if the statement just before it in the batch changed a row. */
export const auditEntryIfChanged = (ctx: AppContext, actor: Actor, action: AuditAction, target: string, details = "") =>
  auditEntry(ctx, actor, action, target, details, true);

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
