import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { totalPages } from "~/lib/shared/list-query";
import { type MoneyProblemKind } from "~/lib/schemas/deals";
import { type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { moneyProblems } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { batchItemsOf } from "../events";
import { type UserRow } from "../users/users";

// Money problems: what reconciliation found different between the ledger and the provider, and what
// the money code could not settle by itself. Admins see them (a page and a count) and close them
// with a note once they have acted.

export interface MoneyProblem {
  _id: string;
  kind: MoneyProblemKind;
  bookingId: string | null;
  amount: number;
  detail: string;
  createdAt: string;
  resolvedAt: string | null;
}

export interface NewMoneyProblem {
  kind: MoneyProblemKind;
  /** What the problem is about (a provider object or a payment's step): reported once while open. */
  key: string;
  paymentId?: string | null;
  bookingId?: string | null;
  amount: number;
  detail: string;
}

/** Records a problem unless the same one is open already. True if it is new. */
export async function reportMoneyProblem(ctx: AppContext, problem: NewMoneyProblem): Promise<boolean> {
  const inserted = await ctx.db
    .insert(moneyProblems)
    .values({ ...problem, createdAt: ctx.now().toISOString() })
    .onConflictDoNothing()
    .returning({ id: moneyProblems.id });
  if (inserted.length > 0) console.error(JSON.stringify({ requestId: ctx.requestId, event: "money-problem", ...problem }));
  return inserted.length > 0;
}

const isOpen = sql`${moneyProblems.resolvedAt} is null`;

export async function countOpenMoneyProblems(ctx: AppContext): Promise<number> {
  const [{ open }] = await ctx.db.select({ open: count() }).from(moneyProblems).where(isOpen);
  return open;
}

/** GET /api/admin/money-problems: open or resolved problems, newest first. */
export async function listMoneyProblems(
  ctx: AppContext,
  admin: UserRow,
  status: "open" | "resolved",
  page: number,
  limit: number,
): Promise<PagedList<MoneyProblem>> {
  enforce("read:ledger", admin);
  const which = status === "open" ? isOpen : sql`${moneyProblems.resolvedAt} is not null`;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(moneyProblems)
      .where(which)
      .orderBy(desc(sql`${moneyProblems.resolvedAt} is null`), desc(moneyProblems.createdAt), desc(moneyProblems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(moneyProblems).where(which),
  ]);
  return {
    data: rows.map((row) => ({
      _id: row.id,
      kind: row.kind,
      bookingId: row.bookingId,
      amount: row.amount,
      detail: row.detail,
      createdAt: row.createdAt,
      resolvedAt: row.resolvedAt,
    })),
    total,
    currentPage: page,
    totalPages: totalPages(total, limit),
  };
}

/** POST /api/admin/money-problems/:id/resolve: an admin says what was done; recorded in the audit trail. */
export async function resolveMoneyProblem(ctx: AppContext, admin: UserRow, id: string, note: string): Promise<void> {
  enforce("resolve:money-problems", admin);
  const [resolved] = await ctx.db.batch([
    ctx.db
      .update(moneyProblems)
      .set({ resolvedAt: ctx.now().toISOString(), resolvedBy: admin.id, note })
      .where(and(eq(moneyProblems.id, id), isNull(moneyProblems.resolvedAt)))
      .returning({ id: moneyProblems.id }),
    ...(await batchItemsOf(ctx, [
      { type: "admin_acted", actor: admin, action: "resolve-money-problem", target: id, details: note, onlyIfChanged: true },
    ])),
  ]);
  if (resolved.length === 1) return;
  const [row] = await ctx.db.select({ id: moneyProblems.id }).from(moneyProblems).where(eq(moneyProblems.id, id)).limit(1);
  if (!row) throw new NotFound("Money problem not found");
  throw new Conflict("This money problem is already resolved");
}
