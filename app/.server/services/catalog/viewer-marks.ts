import { and, eq, inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { verdict } from "~/lib/policy";
import { type Role } from "~/lib/roles";
import { type ViewerMarks } from "~/lib/viewer-marks";
import { getSessionUser } from "../../auth/guards";
import { type AppContext } from "../../context";
import { bookings, favourites, reports } from "../../db/schema";

type Mark = "favourite" | "booked" | "reported";

/**
 * For a page of cars: what the signed-in viewer may do and did with them (saved, booked, reported),
 * read in one statement on the three tables' (user, product) keys. Nobody signed in: nothing done.
 */
export async function viewerMarksOnPage(ctx: AppContext, request: Request, productIds: string[]): Promise<ViewerMarks> {
  const user = await getSessionUser(ctx, request);
  const ids = [...new Set(productIds)];
  if (!user || ids.length === 0) return viewerMarksOf(user, []);
  return viewerMarksOf(user, await viewerMarksQuery(ctx, user.id, ids));
}

/** viewerMarksOnPage's statement for a signed-in viewer, to send in a batch with others; viewerMarksOf reads its rows. */
export function viewerMarksQuery(ctx: AppContext, userId: string, productIds: string[]) {
  const mark = (name: Mark) => sql<Mark>`${name}`.as("mark");
  // A booking's id while it is unpaid (the next step is paying for it); nothing for the other marks.
  const none = sql<string | null>`null`.as("unpaid_booking_id");
  return unionAll(
    ctx.db
      .select({ mark: mark("favourite"), productId: favourites.productId, unpaidBookingId: none })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), inArray(favourites.productId, productIds))),
    ctx.db
      .select({
        mark: mark("booked"),
        productId: bookings.productId,
        unpaidBookingId: sql<string | null>`case when ${bookings.paid} then null else ${bookings.id} end`.as("unpaid_booking_id"),
      })
      .from(bookings)
      // A refunded booking is over: the buyer may book the car again.
      .where(and(eq(bookings.buyerId, userId), inArray(bookings.productId, productIds), eq(bookings.refunded, false))),
    ctx.db
      .select({ mark: mark("reported"), productId: reports.productId, unpaidBookingId: none })
      .from(reports)
      .where(and(eq(reports.reporterId, userId), inArray(reports.productId, productIds))),
  );
}

export function viewerMarksOf(user: { role: Role } | null, rows: Awaited<ReturnType<typeof viewerMarksQuery>>): ViewerMarks {
  // Visitors see Book Now too: it asks them to sign in.
  const marks: ViewerMarks = {
    mayBook: verdict("book:car", user) !== "forbidden",
    favouriteIds: [],
    bookedIds: [],
    unpaidBookings: {},
    reportedIds: [],
  };
  const lists = { favourite: marks.favouriteIds, booked: marks.bookedIds, reported: marks.reportedIds };
  for (const row of rows) {
    lists[row.mark].push(row.productId);
    if (row.unpaidBookingId) marks.unpaidBookings[row.productId] = row.unpaidBookingId;
  }
  return marks;
}
