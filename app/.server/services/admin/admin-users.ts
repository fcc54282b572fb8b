import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { listQuerySchema, type ListQuery, totalPages } from "~/lib/list-query";
import { type PagedList, type User } from "~/lib/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, payments, products, users } from "../../db/schema";
import { Conflict, Forbidden, Invalid, NotFound } from "../../errors";
import { DELETED_USER } from "~/lib/roles";
import { hasOpenMoney, OPEN_DEALS } from "../deals/open-money";
import { auditEntry, auditEntryIfChanged } from "./audit";
import { enqueuePriceRatings } from "../catalog/price-ratings";
import { toUser, type UserRow } from "../accounts/users";

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
 * Removes a seller: their unsold cars go (with those cars' bookings and reports; bookings with payment
 * history stay with their receipts), sold cars and every payment and ledger row stay for the records
 * under "Deleted user", and their sessions end with the account. One batch. Refused while money is
 * held, disputed or due for their cars.
 */
export async function deleteSeller(ctx: AppContext, admin: UserRow, id: string): Promise<number> {
  const seller = await targetUser(ctx, admin, id, "seller");
  if (await hasOpenMoney(ctx, id)) throw new Conflict(OPEN_DEALS);
  const [removedCars, , deleted] = await ctx.db.batch([
    ctx.db
      .delete(products)
      .where(and(eq(products.sellerId, id), eq(products.isPaid, false)))
      .returning({ make: products.make }),
    ctx.db.update(products).set({ sellerName: DELETED_USER, sellerEmail: "", mobile: "" }).where(eq(products.sellerId, id)),
    ctx.db
      .delete(users)
      .where(and(eq(users.id, id), eq(users.role, "seller")))
      .returning({ id: users.id }),
    auditEntry(ctx, admin, "delete-seller", id, personInWords(seller)),
  ]);
  await enqueuePriceRatings(
    ctx,
    removedCars.map((car) => car.make),
  );
  return deleted.length;
}

/**
 * Removes a buyer: unpaid bookings without payment history go; orders and payments stay for the
 * records under "Deleted user". One batch. Refused while money they paid is held or disputed.
 */
export async function deleteBuyer(ctx: AppContext, admin: UserRow, id: string): Promise<number> {
  const buyer = await targetUser(ctx, admin, id, "buyer");
  if (await hasOpenMoney(ctx, id)) throw new Conflict(OPEN_DEALS);
  const onRecord = sql`exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id})`;
  const [, , , deleted] = await ctx.db.batch([
    ctx.db.delete(bookings).where(and(eq(bookings.buyerId, id), eq(bookings.paid, false), sql`not ${onRecord}`)),
    ctx.db
      .update(payments)
      .set({ buyerEmail: "" })
      .where(sql`${payments.bookingId} in (select ${bookings.id} from ${bookings} where ${bookings.buyerId} = ${id})`),
    ctx.db.update(bookings).set({ buyerName: DELETED_USER, buyerEmail: "", phone: "" }).where(eq(bookings.buyerId, id)),
    ctx.db
      .delete(users)
      .where(and(eq(users.id, id), eq(users.role, "buyer")))
      .returning({ id: users.id }),
    auditEntry(ctx, admin, "delete-buyer", id, personInWords(buyer)),
  ]);
  return deleted.length;
}

/** Gives a seller the verified badge (on all their cards at once); 0, and nothing recorded, when already verified. */
export async function verifySeller(ctx: AppContext, admin: UserRow, id: string): Promise<number> {
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
  return updated.length;
}

/** A row action on the sellers or buyers list: delete either, verify sellers only. */
export async function actOnListedUser(
  ctx: AppContext,
  admin: UserRow,
  role: "seller" | "buyer",
  intent: "delete" | "verify",
  id: string,
): Promise<number> {
  if (intent === "verify") {
    if (role !== "seller") throw new Invalid("Only sellers can be verified");
    return verifySeller(ctx, admin, id);
  }
  return (role === "seller" ? deleteSeller : deleteBuyer)(ctx, admin, id);
}

/** How the audit trail names a person: "Rahim Motors (seller@autoreseller.test)". */
function personInWords(user: { name: string; email: string }): string {
  return `${user.name} (${user.email})`;
}
