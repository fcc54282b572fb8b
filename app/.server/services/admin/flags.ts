import { and, count, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { formatDate, formatPrice } from "~/lib/shared/format";
import { totalPages } from "~/lib/shared/list-query";
import { type PagedList } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { publish } from "../events";
import { type FlagReason } from "~/lib/admin/flags";
import { flags, cars, reports, users } from "../../db/schema";
import { NotFound } from "../../errors";
import { auditEntryIfChanged } from "./audit";
import { analyseCarPrice } from "../catalog/price-analysis";
import { findCar } from "../catalog/cars";
import { type UserRow } from "../users/users";

// Listings that look wrong are flagged for the admins, never blocked: a real bargain, a car sold and
// listed again, or a new dealer's first day all look like this too, and a person decides.

/** Under this share of its fair-price estimate, a listing is flagged. */
const UNDER_PRICED_SHARE = 0.6;
/** A VIN another seller listed this recently is flagged. */
const VIN_REUSE_DAYS = 90;
/** More listings than this in an account's first day are flagged (each one past it). */
const FIRST_DAY_LISTINGS = 5;
const DAY_MS = 24 * 3600_000;

/**
 * Looks at a new listing (on the listings queue, after it is live) and flags what an admin should
 * see; flagging twice makes one flag per car and reason. Returns the reasons flagged.
 */
export async function flagNewListing(ctx: AppContext, carId: string): Promise<FlagReason[]> {
  const car = await findCar(ctx, carId).catch((error: unknown) => {
    if (error instanceof NotFound) return null;
    throw error;
  });
  if (!car || car.isPaid || !car.sellerId) return [];
  const [[seller], [reused]] = await ctx.db.batch([
    ctx.db
      .select({
        createdAt: users.createdAt,
        // The seller's listings in their first day, up to this one (so the sixth is flagged, not the fifth).
        firstDayListings: sql<number>`(select count(*) from ${cars} p where p.seller_id = ${car.sellerId} and p.created_at <= ${car.createdDate} and p.created_at < strftime('%Y-%m-%dT%H:%M:%fZ', ${users.createdAt}, '+1 day'))`,
      })
      .from(users)
      .where(eq(users.id, car.sellerId)),
    ctx.db
      .select({ createdAt: cars.createdAt, sellerName: cars.sellerName })
      .from(cars)
      .where(
        and(
          eq(cars.vin, car.vin ?? ""),
          ne(cars.id, car._id),
          sql`${cars.sellerId} is not ${car.sellerId}`,
          gt(cars.createdAt, new Date(ctx.now().getTime() - VIN_REUSE_DAYS * DAY_MS).toISOString()),
        ),
      )
      .orderBy(desc(cars.createdAt))
      .limit(1),
  ]);
  const found: { reason: FlagReason; details: string }[] = [];
  if (reused) {
    found.push({ reason: "vin_reused", details: `VIN ${car.vin} was listed by ${reused.sellerName} on ${formatDate(reused.createdAt)}` });
  }
  const listedOnFirstDay = seller && new Date(car.createdDate).getTime() - new Date(seller.createdAt).getTime() < DAY_MS;
  if (listedOnFirstDay && seller.firstDayListings > FIRST_DAY_LISTINGS) {
    found.push({ reason: "new_account_burst", details: `${seller.firstDayListings} cars listed in the account's first day` });
  }
  const { estimate } = await analyseCarPrice(ctx, car);
  if (estimate !== null && car.resalePrice < estimate * UNDER_PRICED_SHARE) {
    const share = Math.round((car.resalePrice / estimate) * 100);
    found.push({
      reason: "under_priced",
      details: `${formatPrice(car.resalePrice)}, ${share} % of the ${formatPrice(estimate)} estimate`,
    });
  }
  if (found.length > 0) {
    // Only while the car is still there (it may be deleted meanwhile).
    const rows = found.map((flag) => ({ ...flag, id: crypto.randomUUID() }));
    await ctx.db.run(sql`
      insert into ${flags} (id, product_id, reason, details, created_at)
      select j.value ->> 'id', ${carId}, j.value ->> 'reason', j.value ->> 'details', ${ctx.now().toISOString()}
      from json_each(${JSON.stringify(rows)}) j
      where exists (select 1 from ${cars} where ${cars.id} = ${carId})
      on conflict do nothing`);
    // A flagged car stops counting as a comparable: its make's ratings are worked out again.
    await publish(ctx, [{ type: "comparables_changed", makes: [car.make] }]);
  }
  return found.map((flag) => flag.reason);
}

export interface OpenFlag {
  _id: string;
  reason: FlagReason;
  details: string;
  productId: string;
  productName: string;
  sellerName: string;
  createdAt: string;
}

/** The open flags, newest first, paged in SQL (flags_open_idx). */
export async function listOpenFlags(ctx: AppContext, admin: UserRow, page: number, limit: number): Promise<PagedList<OpenFlag>> {
  enforce("moderate:reports", admin);
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({
        _id: flags.id,
        reason: flags.reason,
        details: flags.details,
        productId: flags.productId,
        productName: cars.name,
        sellerName: cars.sellerName,
        createdAt: flags.createdAt,
      })
      .from(flags)
      .innerJoin(cars, eq(cars.id, flags.productId))
      .where(isNull(flags.clearedAt))
      .orderBy(desc(flags.createdAt), desc(flags.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ctx.db.select({ total: count() }).from(flags).where(isNull(flags.clearedAt)),
  ]);
  return { data: rows, total, currentPage: page, totalPages: totalPages(total, limit) };
}

/** An admin clears a flag (recorded in the audit trail); 0 when it was cleared already, 404 when there is none. */
export async function clearFlag(ctx: AppContext, admin: UserRow, id: string): Promise<number> {
  enforce("moderate:reports", admin);
  const [flag] = await ctx.db
    .select({ reason: flags.reason, details: flags.details, productName: cars.name, make: cars.make })
    .from(flags)
    .innerJoin(cars, eq(cars.id, flags.productId))
    .where(eq(flags.id, id))
    .limit(1);
  if (!flag) throw new NotFound("No such flag");
  const [cleared] = await ctx.db.batch([
    ctx.db
      .update(flags)
      .set({ clearedAt: ctx.now().toISOString() })
      .where(and(eq(flags.id, id), isNull(flags.clearedAt)))
      .returning({ id: flags.id }),
    auditEntryIfChanged(ctx, admin, "clear-flag", id, `${flag.productName}: ${flag.details}`),
  ]);
  // Cleared, the car may count as a comparable again (unless another flag of it is open).
  if (cleared.length > 0) await publish(ctx, [{ type: "comparables_changed", makes: [flag.make] }]);
  return cleared.length;
}

/** How many open reports each seller's cars have (the sellers list, the verify confirmation). */
export async function openReportsBySeller(ctx: AppContext, sellerIds: string[]): Promise<Map<string, number>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await ctx.db.all<{ sellerId: string; reports: number }>(sql`
    select p.seller_id as sellerId, count(*) as reports
    from ${reports} r join ${cars} p on p.id = r.product_id
    where p.seller_id in (${sql.join(
      sellerIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by p.seller_id`);
  return new Map(rows.map((row) => [row.sellerId, Number(row.reports)]));
}
