import { eq, sql } from "drizzle-orm";
import { type NotificationKind } from "~/lib/notifications/notification-kinds";
import { type User } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { emailOptOuts, users, type Role } from "../../db/schema";
import { NotFound } from "../../errors";

export type UserRow = typeof users.$inferSelect;

/** The signed-in visitor as a page's rules need them (the route reads the session and passes them on). */
export type Viewer = Pick<UserRow, "id" | "role">;

export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, accountType: row.role, verify: row.sellerVerified };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

/** The role of the account with this email, or null when there is none (the API's role checks). */
export async function findRoleByEmail(ctx: AppContext, email: string): Promise<Role | null> {
  const user = await findUserByEmail(ctx, email);
  return user?.role ?? null;
}

export async function requireUserById(ctx: AppContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFound("User not found");
  return user;
}

/** Whether the account with this email has the role: asked by its owner, or an admin. */
export async function hasRole(ctx: AppContext, caller: UserRow, email: string, role: Role): Promise<boolean> {
  enforce("read:role:self-or-admin", caller, caller.email.toLowerCase() === email.toLowerCase(), "You can only ask about your own account");
  return (await findRoleByEmail(ctx, email)) === role;
}

/**
 * Whether a user opted out of a kind's email, as a column of a read of `users`: a notice's email is
 * not even written for them (the batch that writes emails checks again).
 */
const optedOut = (kind: NotificationKind) =>
  sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.userId} = ${users.id} and ${emailOptOuts.kind} = ${kind})`.mapWith(
    (value) => Number(value) === 1,
  );

/** Someone to tell of a kind of news, as notices take them: id, address and whether they opted out of its email. */
export const recipientColumns = (kind: NotificationKind) => ({ userId: users.id, email: users.email, emailOptedOut: optedOut(kind) });
