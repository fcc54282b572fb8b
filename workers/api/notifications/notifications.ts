import { Hono } from "hono";
import { listNotifications, markNotificationsRead } from "~/.server/services/notifications/notifications";
import { pagedListQuerySchema } from "~/lib/shared/list-query";
import { markReadSchema } from "~/lib/schemas/notifications";
import { notificationPageShape, updatedShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, queryParams } from "../core/json-body";
import { doc } from "../core/openapi";
import { updatedAnswer } from "../core/write-answers";

const TAG = "Notifications";

/** The caller's own notifications: nobody reads or marks anyone else's. */
export const notificationsApi = new Hono<WorkerEnv>()
  .get(
    "/",
    doc({
      summary: "The caller's notifications, newest first, paged, with the unread count",
      tag: TAG,
      status: 200,
      description:
        "A page of notifications (kind: price_drop, new_match, message, booking, sold, sale, payout or booking_declined) and `unread`, the caller's unread count",
      response: notificationPageShape,
    }),
    allow("read:notifications"),
    queryParams(pagedListQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      return c.json(await listNotifications(c.var.app, c.var.user, page, limit));
    },
  )
  .post(
    "/read",
    doc({
      summary: "Mark the caller's notifications read: those listed in `ids`, or all without it",
      tag: TAG,
      status: 200,
      description: "Marked; modifiedCount counts those that were unread (ids of anyone else's notifications change nothing)",
      response: updatedShape,
    }),
    allow("mark-read:notifications"),
    jsonBody(markReadSchema),
    async (c) => c.json(updatedAnswer(await markNotificationsRead(c.var.app, c.var.user, c.req.valid("json").ids))),
  );
