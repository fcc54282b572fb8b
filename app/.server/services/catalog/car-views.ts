import { sql } from "drizzle-orm";
import { type AppContext } from "../../context";

// A car page's views are counted without a database write per view: the request puts one small
// message on the views queue (VIEWS_QUEUE), and the queue's consumer adds a whole batch up per car
// and day in one round trip (car_view_days). Cache hits count too: the Worker counts the answer,
// not the render (workers/car-views.ts).
//
// A visitor counts once per car and UTC day, however often they open the page. Who the visitor is:
// the signed-in user, else the client's IP address with its browser's user agent (there is no
// visitor cookie: anonymous visitors carry none). Nothing of that leaves the request in clear: the
// message carries a keyed hash (HMAC-SHA-256 with the session secret) of who, which car and which
// day, so it links nobody across cars or days and cannot be reversed without the secret. The
// consumer keeps each hash as an abuse-limit counter (rate_limits, `car-view:<car>:<day>:<hash>`) until the day
// after the view's, shared by every isolate and data centre, then the Cron Trigger forgets it.

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

/** Who is looking, before hashing: the signed-in user once known, else the client's address and browser. */
export function viewerOf(ctx: AppContext, request: Request): string {
  const userId = ctx.cache.get("user-id");
  if (typeof userId === "string") return `user:${userId}`;
  return `ip:${ctx.clientIp}\nua:${request.headers.get("user-agent") ?? ""}`;
}

/** The keyed hash a view carries instead of its viewer: 128 bits of HMAC-SHA-256 over viewer, car and day. */
export async function viewerHash(ctx: AppContext, viewer: string, carId: string, day: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new Uint8Array(ctx.sessionSecret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`car-view\n${viewer}\n${carId}\n${day}`));
  return [...new Uint8Array(signature).slice(0, 16)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Puts one view on the queue, `viewer` (viewerOf) hashed. Never throws: a lost view must not fail the page; it is logged. */
export async function countCarView(ctx: AppContext, carId: string, viewer: string): Promise<void> {
  try {
    const day = viewDay(ctx.now());
    await ctx.viewsQueue.send({ productId: carId, day, visitor: await viewerHash(ctx, viewer, carId, day) });
  } catch (error) {
    console.error(JSON.stringify({ requestId: ctx.requestId, event: "car-view-enqueue-failed", productId: carId, error: String(error) }));
  }
}

export interface DayViews {
  productId: string;
  day: string;
  /** The visitor's hash: this view counts only if the visitor has no view of the car that day yet. */
  visitor?: string;
  views: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const VISITOR = /^[0-9a-f]{32}$/;

/**
 * A batch's messages: one view per visitor, car and day, and those without a visitor (sent before
 * views had one) added up per car and day; malformed messages are dropped.
 */
export function addUpViews(bodies: readonly unknown[]): DayViews[] {
  const totals = new Map<string, DayViews>();
  for (const body of bodies) {
    const { productId: carId, day, visitor } = (body ?? {}) as Partial<Record<string, unknown>>;
    if (typeof carId !== "string" || typeof day !== "string" || !DAY.test(day)) continue;
    if (visitor !== undefined && (typeof visitor !== "string" || !VISITOR.test(visitor))) continue;
    const key = `${carId} ${day} ${visitor ?? ""}`;
    const total = totals.get(key) ?? { productId: carId, day, ...(visitor === undefined ? {} : { visitor }), views: 0 };
    total.views = visitor === undefined ? total.views + 1 : 1;
    totals.set(key, total);
  }
  return [...totals.values()];
}

/** How long a visitor's view is remembered: until the end of the day after its own (a late retry still finds it). */
const rememberedUntil = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000 + 2 * 86_400;

/**
 * The views queue's consumer, all in one transaction (so a retried batch was never half counted):
 * a visitor's view adds one to the car's day unless that visitor's hash is already remembered for
 * it (another batch, isolate or data centre counted it), and is then remembered; views without a
 * visitor are added as they come. A car deleted meanwhile is skipped. Returns the views considered.
 */
export async function recordCarViews(ctx: AppContext, bodies: readonly unknown[]): Promise<number> {
  const counts = addUpViews(bodies);
  if (counts.length === 0) return 0;
  const [first, ...rest] = counts.flatMap(({ productId: carId, day, visitor, views }) => {
    if (visitor === undefined) {
      return [
        ctx.db.run(sql`
          insert into car_view_days (product_id, day, views)
          select id, ${day}, ${views} from products where id = ${carId}
          on conflict (product_id, day) do update set views = views + excluded.views`),
      ];
    }
    const key = `car-view:${carId}:${day}:${visitor}`;
    return [
      ctx.db.run(sql`
        insert into car_view_days (product_id, day, views)
        select id, ${day}, 1 from products where id = ${carId} and not exists (select 1 from rate_limits where key = ${key})
        on conflict (product_id, day) do update set views = views + 1`),
      ctx.db.run(
        sql`insert into rate_limits (key, count, reset_at) values (${key}, 1, ${rememberedUntil(day)}) on conflict (key) do nothing`,
      ),
    ];
  });
  await ctx.db.batch([first, ...rest]);
  return counts.length;
}
