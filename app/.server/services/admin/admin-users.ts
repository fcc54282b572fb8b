import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { listQuerySchema, type ListQuery, totalPages } from "~/lib/shared/list-query";
import { type PagedList, type User } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { users } from "../../db/schema";
import { Forbidden, Invalid, NotFound } from "../../errors";
import { auditEntry, auditEntryIfChanged } from "./audit";
import { closeAccountNow } from "../accounts/close-account";
import { toUser, type UserRow } from "../users/users";

export type UserSort = "name" | "email";

/** How the sellers and buyers lists may be paged and sorted (page and API alike). */
export const usersListQuery = listQuerySchema(["name", "email"] as const, "name");

/** One page of sellers or buyers, sorted by name or email ignoring letter case; one round trip. */
export async function listUsersByRole(
  ctx: AppContext,
  admin: UserRow,
  role: "seller" | "buyer",
  query: ListQuery<UserSort>,
): Promise<PagedList<User>> {
  enforce("manage:users", admin);
  const column = query.sort === "name" ? sql`lower(${users.name})` : users.email;
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(users)
      .where(eq(users.role, role))
      .orderBy(direction(column), direction(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(users).where(eq(users.role, role)),
  ]);
  return { data: rows.map(toUser), total, currentPage: query.page, totalPages: totalPages(total, query.limit) };
}

async function targetUser(ctx: AppContext, admin: UserRow, id: string, role: "seller" | "buyer") {
  enforce("manage:users", admin);
  if (id === admin.id) throw new Forbidden("You cannot delete your own account here");
  const [user] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (user?.role === "admin") throw new Forbidden("Admins cannot be deleted here");
  if (!user || user.role !== role) throw new NotFound(`No ${role} with this id`);
  return user;
}

/**
 * Removes a seller or buyer as closing the account does (services/accounts/close-account.ts), without
 * the password, with the admin's audit entry in the same batch. Refused while money is held, disputed
 * or due for them.
 */
async function deletePerson(ctx: AppContext, admin: UserRow, id: string, role: "seller" | "buyer"): Promise<number> {
  const person = await targetUser(ctx, admin, id, role);
  return closeAccountNow(ctx, person, {
    roleGuard: role,
    extra: [auditEntry(ctx, admin, `delete-${role}`, id, personInWords(person))],
  });
}

export const deleteSeller = (ctx: AppContext, admin: UserRow, id: string) => deletePerson(ctx, admin, id, "seller");
export const deleteBuyer = (ctx: AppContext, admin: UserRow, id: string) => deletePerson(ctx, admin, id, "buyer");

/** Gives a seller the verified badge (on all their cards at once); false, and nothing recorded, when already verified. */
export async function verifySeller(ctx: AppContext, admin: UserRow, id: string): Promise<boolean> {
  enforce("manage:users", admin);
  const [seller] = await ctx.db
    .select({ role: users.role, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  if (seller?.role !== "seller") throw new NotFound("No seller with this id");
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ sellerVerified: true })
      .where(and(eq(users.id, id), eq(users.sellerVerified, false)))
      .returning({ id: users.id }),
    auditEntryIfChanged(ctx, admin, "verify-seller", id, personInWords(seller)),
  ]);
  return updated.length > 0;
}

/** A row action on the sellers or buyers list: delete either, verify sellers only. */
export async function actOnListedUser(
  ctx: AppContext,
  admin: UserRow,
  role: "seller" | "buyer",
  intent: "delete" | "verify",
  id: string,
): Promise<void> {
  if (intent === "verify") {
    if (role !== "seller") throw new Invalid("Only sellers can be verified");
    await verifySeller(ctx, admin, id);
    return;
  }
  await (role === "seller" ? deleteSeller : deleteBuyer)(ctx, admin, id);
}

/** How the audit trail names a person: "Rahim Motors (seller@autoreseller.test)". */
function personInWords(user: { name: string; email: string }): string {
  return `${user.name} (${user.email})`;
}
