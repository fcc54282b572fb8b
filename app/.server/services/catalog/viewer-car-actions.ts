import { and, eq, sql } from "drizzle-orm";
import { type SQLiteColumn, unionAll } from "drizzle-orm/sqlite-core";
import { verdict } from "~/lib/accounts/policy";
import { type Role } from "~/lib/accounts/roles";
import { type ViewerCarActions } from "~/lib/catalog/viewer-car-actions";
import { type AppContext } from "../../context";
import { type Viewer } from "../users/users";
import { preparedStatement, type RowsOf, runPrepared } from "../../db/prepared";
import { bookings, favourites, reports } from "../../db/schema";

type Mark = "favourite" | "booked" | "reported";

/**
 * For a page of cars: what the signed-in viewer may do and did with them (saved, booked, reported),
 * read in one statement on the three tables' (user, car) keys. Nobody signed in: nothing done.
 */
export async function viewerCarActionsOnPage(ctx: AppContext, user: Viewer | null, carIds: string[]): Promise<ViewerCarActions> {
  const ids = [...new Set(carIds)];
  if (!user || ids.length === 0) return viewerCarActionsOf(user, []);
  return viewerCarActionsOf(user, await runPrepared(ctx, viewerCarActionsQuery(ctx, user.id, ids)));
}

// Prepared once (db/prepared.ts): the page's car ids go in as one JSON array, whatever their number.
const viewerCarActionRows = preparedStatement(["userId", "carIds"], (ctx, { userId, carIds }) => {
  const mark = (name: Mark) => sql<Mark>`${name}`.as("mark");
  const shown = (carId: SQLiteColumn) => sql`${carId} in (select value from json_each(${carIds}))`;
  // A booking's id while it is unpaid (the next step is paying for it); nothing for the other lists.
  const none = sql<string | null>`null`.as("unpaid_booking_id");
  return unionAll(
    ctx.db
      .select({ mark: mark("favourite"), productId: favourites.productId, unpaidBookingId: none })
      .from(favourites)
      .where(and(eq(favourites.userId, userId), shown(favourites.productId))),
    ctx.db
      .select({
        mark: mark("booked"),
        productId: bookings.productId,
        unpaidBookingId: sql<string | null>`case when ${bookings.paid} then null else ${bookings.id} end`.as("unpaid_booking_id"),
      })
      .from(bookings)
      // A refunded booking is over: the buyer may book the car again.
      .where(and(eq(bookings.buyerId, userId), shown(bookings.productId), eq(bookings.refunded, false))),
    ctx.db
      .select({ mark: mark("reported"), productId: reports.productId, unpaidBookingId: none })
      .from(reports)
      .where(and(eq(reports.reporterId, userId), shown(reports.productId))),
  );
});

/** viewerCarActionsOnPage's statement for a signed-in viewer, to send in a batch with others; viewerCarActionsOf reads its rows. */
export function viewerCarActionsQuery(ctx: AppContext, userId: string, carIds: string[]) {
  return viewerCarActionRows(ctx, { userId, carIds: JSON.stringify(carIds) });
}

export function viewerCarActionsOf(user: { role: Role } | null, rows: RowsOf<ReturnType<typeof viewerCarActionsQuery>>): ViewerCarActions {
  // Visitors see Book Now too: it asks them to sign in.
  const carActions: ViewerCarActions = {
    mayBook: verdict("book:car", user) !== "forbidden",
    favouriteIds: [],
    bookedIds: [],
    unpaidBookings: {},
    reportedIds: [],
  };
  const lists = { favourite: carActions.favouriteIds, booked: carActions.bookedIds, reported: carActions.reportedIds };
  for (const row of rows) {
    lists[row.mark].push(row.productId);
    if (row.unpaidBookingId) carActions.unpaidBookings[row.productId] = row.unpaidBookingId;
  }
  return carActions;
}
