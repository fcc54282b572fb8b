import Database from "libsql";
import { createDatabase } from "../app/.server/db/client.ts";
const lite = new Database(process.env.DB ?? "/work/main/.bench/analysis/large.db");
const ids = lite.prepare("select id from products where is_paid = 0 order by id limit 20").all().map((r: any) => r.id);
const db = createDatabase("http://127.0.0.1:1");
// Capture the statements by intercepting the client.
const captured: { sql: string; args: unknown[] }[] = [];
(db as any).$client.batch = async (stmts: any[]) => { captured.push(...stmts.map((s: any) => ({ sql: s.sql, args: s.args }))); throw new Error("captured"); };
(db as any).$client.execute = async (s: any) => { captured.push({ sql: s.sql, args: s.args }); throw new Error("captured"); };
const ctx = { db, now: () => new Date(), cache: new Map(), defer() {} } as any;
const { findCarPage } = await import("../app/.server/services/catalog/car-page.ts");
const { analyseCarPrice } = await import("../app/.server/services/catalog/price-analysis.ts");
const { countOpenBookings } = await import("../app/.server/services/deals/bookings.ts");
const totals = new Map<string, number>();
for (const id of ids) {
  captured.length = 0;
  await findCarPage(ctx, id).catch(() => {});
  const car = lite.prepare("select * from products where id = ?").get(id) as any;
  await analyseCarPrice(ctx, { _id: id, make: car.make, model: car.model, purchaseYear: car.purchase_year, mileageKm: car.mileage_km, createdDate: car.created_at, categoryId: car.category_id, resalePrice: car.resale_price } as any).catch(() => {});
  await countOpenBookings(ctx, id).catch(() => {});
  captured.forEach((s, i) => {
    const st = lite.prepare(s.sql);
    const t = performance.now();
    st.all(...(s.args as any[]).map((a) => (typeof a === "boolean" ? Number(a) : a)));
    const key = `${i}: ${s.sql.slice(0, 90)}`;
    if (id === ids[0] && (i === 2 || i === 4)) console.log(i, s.sql, "\n", lite.prepare(`explain query plan ${s.sql}`).all(...(s.args as any[]).map((a) => (typeof a === "boolean" ? Number(a) : a))).map((r: any) => r.detail).join("\n"));
    totals.set(key, (totals.get(key) ?? 0) + performance.now() - t);
  });
}
for (const [k, v] of totals) console.log((v / ids.length).toFixed(2).padStart(7), k);
