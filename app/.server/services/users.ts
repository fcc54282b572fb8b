import { eq, sql } from "drizzle-orm";
import { type SignUpInput } from "~/lib/schemas/auth";
import { type User } from "~/lib/types";
import { hashPassword } from "../auth/passwords";
import { consumeLimit, LIMITS } from "../auth/rate-limits";
import { type AppContext } from "../context";
import { users, type Role } from "../db/schema";
import { Conflict, NotFound } from "../errors";
import { sendEmailVerification } from "./email-links";

export type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return { _id: row.id, name: row.name, email: row.email, accountType: row.role, verify: row.verified };
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const [row] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).limit(1);
  return row;
}

export function isUniqueViolation(error: unknown): boolean {
  const text = `${(error as Error)?.message ?? ""} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/.test(text);
}

/** Creates a buyer or seller account (never an admin) and sends the email verification link. */
export async function registerUser(ctx: AppContext, input: SignUpInput): Promise<UserRow> {
  await consumeLimit(ctx, LIMITS.registrationIp, ctx.clientIp);
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    [user] = await ctx.db
      .insert(users)
      .values({ name: input.name, email: input.email.toLowerCase(), passwordHash, role: input.accountType })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("An account with this email already exists");
    throw error;
  }
  await sendEmailVerification(ctx, user);
  return user;
}

/** Role flags by email, as the spec's role checks read them. */
export async function roleOf(ctx: AppContext, email: string): Promise<Role | null> {
  const user = await findUserByEmail(ctx, email);
  return user?.role ?? null;
}

export async function requireUserById(ctx: AppContext, id: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!user) throw new NotFound("User not found");
  return user;
}
