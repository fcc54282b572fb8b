import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { marketplace } from "../../../../tests/support/marketplace";
import { startTestDatabase } from "../../../../tests/support/test-database";
import { auditLog, cars, reports } from "../../db/schema";
import { Conflict, NotFound } from "../../errors";
import { createReport, deleteReportedItem, dismissReports, listReports } from "./reports";

let database: Awaited<ReturnType<typeof startTestDatabase>>;
beforeAll(async () => {
  database = await startTestDatabase();
});
afterAll(() => database.stop());

function setup() {
  const ctx = database.context();
  const rows = marketplace(ctx);
  const reportsOf = (carId: string) => ctx.db.$count(reports, eq(reports.productId, carId));
  const audited = (action: string, carId: string) => ctx.db.$count(auditLog, and(eq(auditLog.action, action), eq(auditLog.target, carId)));
  return { ctx, ...rows, reportsOf, audited };
}

describe("createReport", () => {
  it("flags a car once per user; other users may flag it too", async () => {
    const { ctx, account, car, reportsOf } = setup();
    const id = await car(await account("seller"));
    const buyer = await account("buyer");
    await createReport(ctx, buyer, id);
    await expect(createReport(ctx, buyer, id)).rejects.toThrow(
      new Conflict("You have already reported this item. Our admins will look at it."),
    );
    await createReport(ctx, await account("seller", "other-seller"), id);
    expect(await reportsOf(id)).toBe(2);
    await expect(createReport(ctx, buyer, crypto.randomUUID())).rejects.toThrow(NotFound);
  });

  it("stores why (a reason, `other` when not given) and the reporter's note", async () => {
    const { ctx, account, car } = setup();
    const id = await car(await account("seller"));
    const withReason = await createReport(ctx, await account("buyer"), id, { reason: "scam", note: "Asked for a deposit by wire" });
    const plain = await createReport(ctx, await account("buyer"), id);
    const stored = await ctx.db
      .select({ id: reports.id, reason: reports.reason, note: reports.note })
      .from(reports)
      .where(eq(reports.productId, id));
    expect(stored.sort((a, b) => (a.id === withReason ? -1 : b.id === withReason ? 1 : 0))).toEqual([
      { id: withReason, reason: "scam", note: "Asked for a deposit by wire" },
      { id: plain, reason: "other", note: "" },
    ]);
    const { data } = await listReports(ctx, { page: 1, limit: 50, sort: "productName", order: "asc" });
    expect(data.find((report) => report._id === withReason)).toMatchObject({ reason: "scam", note: "Asked for a deposit by wire" });
  });

  it("lists reports with the car, its seller and who reported, sorted by the car's name", async () => {
    const { ctx, account, car } = setup();
    const seller = await account("seller");
    const reporter = await account("buyer");
    const ids = [await car(seller), await car(seller)];
    await ctx.db.update(cars).set({ name: "zz Last Car" }).where(eq(cars.id, ids[0]));
    await ctx.db.update(cars).set({ name: "AA First Car" }).where(eq(cars.id, ids[1]));
    for (const id of ids) await createReport(ctx, reporter, id);

    const { data, total } = await listReports(ctx, { page: 1, limit: 50, sort: "productName", order: "asc" });
    expect(data.length).toBe(total);
    const mine = data.filter((report) => ids.includes(report.product_id));
    expect(mine.map((report) => [report.productName, report.seller, report.reporter.email])).toEqual([
      ["AA First Car", seller.name, reporter.email],
      ["zz Last Car", seller.name, reporter.email],
    ]);
  });
});

describe("dismissReports", () => {
  it("removes every report of the car, keeps the car, and records who dismissed them", async () => {
    const { ctx, account, car, carRow, reportsOf, audited } = setup();
    const admin = await account("admin");
    const id = await car(await account("seller"));
    await createReport(ctx, await account("buyer"), id);
    await createReport(ctx, await account("buyer"), id);

    expect(await dismissReports(ctx, admin, id)).toBe(2);
    expect(await reportsOf(id)).toBe(0);
    expect(await carRow(id)).toBeDefined();
    expect(await audited("dismiss-reports", id)).toBe(1);
  });

  it("answers 404 for an unknown car and records nothing", async () => {
    const { ctx, account, audited } = setup();
    const unknown = crypto.randomUUID();
    await expect(dismissReports(ctx, await account("admin"), unknown)).rejects.toThrow(NotFound);
    expect(await audited("dismiss-reports", unknown)).toBe(0);
  });
});

describe("deleteReportedItem", () => {
  it("removes the car with its reports, recorded once; a second delete finds nothing", async () => {
    const { ctx, account, car, carRow, reportsOf, audited } = setup();
    const admin = await account("admin");
    const id = await car(await account("seller"));
    await createReport(ctx, await account("buyer"), id);

    await expect(deleteReportedItem(ctx, admin, id)).resolves.toBeUndefined();
    expect(await carRow(id)).toBeUndefined();
    expect(await reportsOf(id)).toBe(0);
    await expect(deleteReportedItem(ctx, admin, id)).rejects.toThrow(NotFound);
    expect(await audited("delete-item", id)).toBe(1);
  });

  it("keeps a sold car and its reports, and records nothing", async () => {
    const { ctx, account, car, reportsOf, audited } = setup();
    const id = await car(await account("seller"));
    await createReport(ctx, await account("buyer"), id);
    await ctx.db.update(cars).set({ isPaid: true }).where(eq(cars.id, id));

    await expect(deleteReportedItem(ctx, await account("admin"), id)).rejects.toThrow(Conflict);
    expect(await reportsOf(id)).toBe(1);
    expect(await audited("delete-item", id)).toBe(0);
  });
});
