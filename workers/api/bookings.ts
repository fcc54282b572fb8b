import { Hono } from "hono";
import * as v from "valibot";
import { cancelBooking, createBooking, findBookingFor, listOrdersFor, type Order } from "~/.server/services/bookings";
import { createReport } from "~/.server/services/reports";
import { bookingSchema, reportSchema } from "~/lib/schemas/bookings";
import { emailField } from "~/lib/schemas/fields";
import { bookingShape, createdShape, deletedShape } from "~/lib/schemas/responses";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { allow } from "./auth";
import { jsonBody, pathParams } from "./json-body";

/** The contract's Booking shape (the page-only flags left out). */
const withoutPageFields = ({ soldToSomeoneElse: _sold, paymentUnderWay: _paying, ...booking }: Order) => booking;

export const bookingsApi = new Hono<WorkerEnv>()
  .post(
    "/",
    doc({
      summary: "Book a car (names, price and photo come from the server)",
      tag: "Bookings and reports",
      status: 201,
      description: "Created",
      response: createdShape,
      errors: [404, 409],
    }),
    allow("book:car"),
    jsonBody(bookingSchema),
    async (c) => c.json({ acknowledged: true, insertedId: await createBooking(c.var.app, c.var.user, c.req.valid("json")) }, 201),
  )
  // Only the booker cancels, and only while unpaid: a paid booking, or one being paid for, stays (409).
  .delete(
    "/:id",
    doc({
      summary: "Cancel an unpaid booking of one's own (the car may be booked again)",
      tag: "Bookings and reports",
      status: 200,
      description:
        "Cancelled. 404 for a booking that is not the caller's (admins included) or no longer exists; 409 when it is paid, or while a card payment for it is under way (started in the last 30 minutes)",
      response: deletedShape,
      errors: [404, 409],
    }),
    allow("cancel:booking:own"),
    async (c) => c.json({ acknowledged: true, deletedCount: await cancelBooking(c.var.app, c.var.user, c.req.param("id")) }),
  );

export const bookingApi = new Hono<WorkerEnv>()
  // A buyer's own orders (or any buyer's, for an admin); another buyer's list does not exist for them.
  .get(
    "/orders/:email",
    doc({
      summary: "A buyer's orders, newest first",
      tag: "Bookings and reports",
      status: 200,
      description: "The orders",
      response: v.array(bookingShape),
    }),
    allow("read:orders:self-or-admin"),
    pathParams(v.object({ email: emailField })),
    async (c) => {
      const caller = c.var.user;
      const { email } = c.req.valid("param");
      return c.json((await listOrdersFor(c.var.app, caller, email)).map(withoutPageFields));
    },
  )
  .get(
    "/:id",
    doc({ summary: "One booking", tag: "Bookings and reports", status: 200, description: "The booking", response: bookingShape }),
    allow("read:booking:own-or-admin"),
    async (c) => c.json(withoutPageFields(await findBookingFor(c.var.app, c.var.user, c.req.param("id")))),
  );

export const reportApi = new Hono<WorkerEnv>().post(
  "/",
  doc({
    summary: "Report a listing to the admins (once per user and car), with a reason and an optional note",
    tag: "Bookings and reports",
    status: 201,
    description: "Created",
    response: createdShape,
    errors: [404, 409],
  }),
  allow("create:report"),
  jsonBody(reportSchema),
  async (c) => {
    const { product_id, reason, note } = c.req.valid("json");
    return c.json({ acknowledged: true, insertedId: await createReport(c.var.app, c.var.user, product_id, { reason, note }) }, 201);
  },
);
