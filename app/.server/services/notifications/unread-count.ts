import { type SQL, sql } from "drizzle-orm";
import { notifications, type users } from "../../db/schema";

/** The user's unread notifications, as a column of a read that has the user's id (the navbar's count, read with the session). */
export const unreadNotificationsOf = (userId: SQL | typeof users.id) =>
  sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null)`.mapWith(
    Number,
  );
