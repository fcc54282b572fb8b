import { asc, count, desc, eq, sql } from "drizzle-orm";
import { listQuerySchema, type ListQuery, totalPages } from "~/lib/shared/list-query";
import { type ReportDetails } from "~/lib/schemas/admin";
import { type PagedList, type Report } from "~/lib/schemas/types";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { cars, reports, users } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { auditEntry } from "./audit";
import { deleteCar } from "../catalog/cars";
import { type UserRow } from "../users/users";

/** Flags a listing for the admins, with why; each user can report a car once. */
export async function createReport(
  ctx: AppContext,
  reporter: UserRow,
  carId: string,
  details: ReportDetails = { reason: "other" },
): Promise<string> {
  enforce("create:report", reporter);
  const [car] = await ctx.db
    .select({ id: cars.id, name: cars.name, sellerName: cars.sellerName })
    .from(cars)
    .where(eq(cars.id, carId))
    .limit(1);
  if (!car) throw new NotFound("Product not found");
  try {
    const [report] = await ctx.db
      .insert(reports)
      .values({
        productId: carId,
        reporterId: reporter.id,
        productName: car.name,
        sellerName: car.sellerName,
        reason: details.reason,
        note: details.note ?? "",
        createdAt: ctx.now().toISOString(),
      })
      .returning({ id: reports.id });
    return report.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict("You have already reported this item. Our admins will look at it.");
    throw error;
  }
}

export type ReportSort = "productName" | "seller";

/** How the reports list may be paged and sorted (page and API alike). */
export const reportsListQuery = listQuerySchema(["productName", "seller"] as const, "productName");

/** One page of reports (one row per report) with who reported and when; one round trip. */
export async function listReports(ctx: AppContext, query: ListQuery<ReportSort>): Promise<PagedList<AdminReport>> {
  const column = query.sort === "productName" ? sql`lower(${reports.productName})` : sql`lower(${reports.sellerName})`;
  const direction = query.order === "asc" ? asc : desc;
  const [rows, [{ total }]] = await ctx.db.batch([
    ctx.db
      .select({ report: reports, reporterName: users.name, reporterEmail: users.email })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .orderBy(direction(column), direction(reports.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ total: count() }).from(reports),
  ]);
  return {
    data: rows.map(({ report, reporterName, reporterEmail }) => ({
      _id: report.id,
      product_id: report.productId,
      productName: report.productName,
      seller: report.sellerName,
      reason: report.reason,
      note: report.note,
      createdAt: report.createdAt,
      reporter: { name: reporterName, email: reporterEmail },
    })),
    total,
    currentPage: query.page,
    totalPages: totalPages(total, query.limit),
  };
}

/** The admin list's row: the contract's Report plus who reported it. */
export type AdminReport = Report & { reporter: { name: string; email: string } };

/** Dismisses every report of a car (the car stays). Unknown car → 404, nothing recorded. */
export async function dismissReports(ctx: AppContext, admin: UserRow, carId: string): Promise<number> {
  const [car] = await ctx.db.select({ name: cars.name, sellerName: cars.sellerName }).from(cars).where(eq(cars.id, carId)).limit(1);
  if (!car) throw new NotFound("Product not found");
  const [deleted] = await ctx.db.batch([
    ctx.db.delete(reports).where(eq(reports.productId, carId)).returning({ id: reports.id }),
    auditEntry(ctx, admin, "dismiss-reports", carId, carInWords(car)),
  ]);
  return deleted.length;
}

/** Removes a reported car with its reports and unpaid bookings, recorded in the same batch; sold cars stay (409). */
export async function deleteReportedItem(ctx: AppContext, admin: UserRow, carId: string): Promise<void> {
  return deleteCar(ctx, admin, carId, (car) => ({
    type: "admin_acted",
    actor: admin,
    action: "delete-item",
    target: carId,
    details: carInWords(car),
    onlyIfChanged: true,
  }));
}

/** How the audit trail names a car: "Toyota Corolla 2017 by Rahim Motors". */
const carInWords = (car: { name: string; sellerName: string }) => `${car.name} by ${car.sellerName}`;
