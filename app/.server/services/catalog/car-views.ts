import { sql } from "drizzle-orm";
import { type AppContext } from "../../context";
import { type CarViewJob } from "../../queue-jobs";

// A car page's views are counted without a database write per view: the request puts one small
// message on the views queue (VIEWS_QUEUE), and the queue's consumer adds a whole batch up per car
// and day, one upsert each, in one round trip (car_view_days). Cache hits count too: the Worker
// counts the answer, not the render (workers/car-views.ts).

const OWN_CAR_VIEW = "car-view:own";

/** The day a view is counted on: its UTC date. */
export const viewDay = (date: Date) => date.toISOString().slice(0, 10);

/** The car page's loader marks a seller's look at their own car, which is not counted. */
export function markOwnCarView(ctx: AppContext): void {
  ctx.cache.set(OWN_CAR_VIEW, true);
}

export function isOwnCarView(ctx: AppContext): boolean {
  return ctx.cache.has(OWN_CAR_VIEW);
}

/** Puts one view on the queue. Never throws: a lost view must not fail the page; it is logged. */
export async function countCarView(ctx: AppContext, productId: string): Promise<void> {
  try {
    await ctx.viewsQueue.send({ productId, day: viewDay(ctx.now()) });
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "car-view-enqueue-failed", productId, error: String(error) }));
  }
}

export interface DayViews extends CarViewJob {
  views: number;
}

/** A batch's messages added up per car and day; malformed messages are dropped. */
export function addUpViews(bodies: readonly unknown[]): DayViews[] {
  const totals = new Map<string, DayViews>();
  for (const body of bodies) {
    const { productId, day } = (body ?? {}) as Partial<Record<string, unknown>>;
    if (typeof productId !== "string" || typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day)) continue;
    const key = `${productId} ${day}`;
    const total = totals.get(key) ?? { productId, day, views: 0 };
    total.views += 1;
    totals.set(key, total);
  }
  return [...totals.values()];
}

/**
 * The views queue's consumer: one upsert per car and day in the batch, all in one transaction (so a
 * retried batch was never half counted). A car deleted meanwhile is skipped. Returns the rows written.
 */
export async function recordCarViews(ctx: AppContext, bodies: readonly unknown[]): Promise<number> {
  const counts = addUpViews(bodies);
  if (counts.length === 0) return 0;
  const [first, ...rest] = counts.map(({ productId, day, views }) =>
    ctx.db.run(sql`
      insert into car_view_days (product_id, day, views)
      select id, ${day}, ${views} from products where id = ${productId}
      on conflict (product_id, day) do update set views = views + excluded.views`),
  );
  await ctx.db.batch([first, ...rest]);
  return counts.length;
}
