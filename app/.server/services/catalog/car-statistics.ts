import { and, count, eq, gte, sql } from "drizzle-orm";
import { enforce } from "../../auth/enforce";
import { type AppContext } from "../../context";
import { bookings, carViewDays, conversations, favourites, messages, cars } from "../../db/schema";
import { NotFound } from "../../errors";
import { type UserRow } from "../users/users";
import { viewDay } from "./car-views";

// What a seller learns about one of their cars over the last STATS_DAYS days (today included): how
// often its page was opened (car_view_days, the consumer's daily counts), saved, asked about and
// booked. One round trip after the car is found; every count reads an index led by the car (or,
// for messages, by the seller's conversations).

export const STATS_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CarStatistics {
  product: { _id: string; productName: string; isPaid: boolean };
  /** The first day counted (YYYY-MM-DD); the last is today. */
  since: string;
  /** Every day from `since` to today, oldest first, days without views included. */
  days: { day: string; views: number }[];
  views: number;
  saves: number;
  /** Messages the car's buyers-to-be sent about it (the seller's answers are not counted). */
  messages: number;
  bookings: number;
}

/** The first day of the window ending today. */
export function statsSince(now: Date): string {
  return viewDay(new Date(now.getTime() - (STATS_DAYS - 1) * DAY_MS));
}

/** A car's last 30 days, for its seller only (anyone else: 404, their cars' figures are private). */
export async function carStatistics(ctx: AppContext, user: UserRow, carId: string): Promise<CarStatistics> {
  enforce("read:car-stats:own", user);
  const [car] = await ctx.db
    .select({ id: cars.id, name: cars.name, isPaid: cars.isPaid, sellerId: cars.sellerId })
    .from(cars)
    .where(eq(cars.id, carId))
    .limit(1);
  if (!car) throw new NotFound("Product not found");
  enforce("read:car-stats:own", user, car.sellerId === user.id, "Product not found");

  const now = ctx.now();
  const since = statsSince(now);
  const sinceTime = `${since}T00:00:00.000Z`;
  const [viewRows, [saved], [asked], [booked]] = await ctx.db.batch([
    ctx.db
      .select({ day: carViewDays.day, views: carViewDays.views })
      .from(carViewDays)
      .where(and(eq(carViewDays.productId, car.id), gte(carViewDays.day, since))),
    ctx.db
      .select({ n: count() })
      .from(favourites)
      .where(and(eq(favourites.productId, car.id), gte(favourites.createdAt, sinceTime))),
    ctx.db
      .select({ n: count() })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(conversations.sellerId, user.id),
          eq(conversations.productId, car.id),
          sql`${messages.senderId} = ${conversations.buyerId}`,
          gte(messages.createdAt, sinceTime),
        ),
      ),
    ctx.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.productId, car.id), gte(bookings.createdAt, sinceTime))),
  ]);
  const viewsOn = new Map(viewRows.map((row) => [row.day, row.views]));
  const days = Array.from({ length: STATS_DAYS }, (_, index) => {
    const day = viewDay(new Date(Date.parse(sinceTime) + index * DAY_MS));
    return { day, views: viewsOn.get(day) ?? 0 };
  });
  return {
    product: { _id: car.id, productName: car.name, isPaid: car.isPaid },
    since,
    days,
    views: days.reduce((sum, day) => sum + day.views, 0),
    saves: saved.n,
    messages: asked.n,
    bookings: booked.n,
  };
}
