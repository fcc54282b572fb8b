import { Hono } from "hono";
import * as v from "valibot";
import {
  cancelBooking,
  createBooking,
  findBookingFor,
  listOrdersFor,
  listReceivedBookings,
  type Order,
} from "~/.server/services/deals/bookings";
import { createReport } from "~/.server/services/admin/reports";
import { reportSchema } from "~/lib/schemas/admin";
import { emailField } from "~/lib/schemas/fields";
import { bookingShape, createdShape, deletedShape, receiptShape, receivedBookingPageShape, updatedShape } from "~/lib/schemas/responses";
import { findReceipt } from "~/.server/services/deals/receipts";
import { bookingSchema, declineSchema, disputeSchema } from "~/lib/schemas/deals";
import { pagedListQuerySchema } from "~/lib/shared/list-query";
import { confirmHandover, declineBooking, openDispute, refundBySeller } from "~/.server/services/deals/deal-actions";
import { doc } from "../core/openapi";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams, queryParams } from "../core/json-body";
import { deletedAnswer, insertedAnswer, updatedAnswer } from "../core/write-answers";

/** The contract's Booking shape (the page-only flags left out). */
const withoutPageFields = ({
  soldToSomeoneElse: _sold,
  lostToAnotherBuyer: _lost,
  agreementLapsed: _lapsed,
  paymentUnderWay: _paying,
  seller: _seller,
  conversationId: _conversation,
  ...booking
}: Order) => booking;

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
    async (c) => c.json(insertedAnswer(await createBooking(c.var.app, c.var.user, c.req.valid("json"))), 201),
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
    async (c) => {
      await cancelBooking(c.var.app, c.var.user, c.req.param("id"));
      return c.json(deletedAnswer());
    },
  )
  // The deal: what the buyer and the car's seller do with a booking once it is paid (or to decline it before).
  .get(
    "/received",
    doc({
      summary: "Bookings made for the caller's cars, newest first, paged, each with the buyer's name",
      tag: "The deal",
      status: 200,
      description: "A page of bookings",
      response: receivedBookingPageShape,
    }),
    allow("read:bookings-received"),
    queryParams(pagedListQuerySchema),
    async (c) => {
      const { page, limit } = c.req.valid("query");
      const received = await listReceivedBookings(c.var.app, c.var.user, page, limit);
      return c.json({
        ...received,
        data: received.data.map(({ paymentUnderWay: _paying, conversationId: _conversation, paidOut: _paidOut, ...booking }) => booking),
      });
    },
  )
  .get(
    "/:id/receipt",
    doc({
      summary: "A paid booking's receipt: what was paid, to whom, the transaction and where the money stands",
      tag: "The deal",
      status: 200,
      description: "The receipt (amounts in cents). 404 for a booking that is not paid, or not the caller's (admins see every one)",
      response: receiptShape,
      errors: [404],
    }),
    allow("read:receipt:own-or-admin"),
    async (c) => c.json(await findReceipt(c.var.app, c.var.user, c.req.param("id"))),
  )
  .post(
    "/:id/handover",
    doc({
      summary: "The buyer has the car: the held money is released to the seller",
      tag: "The deal",
      status: 200,
      description: "Released (held → released). 409 unless the money is held",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("confirm:handover:own"),
    async (c) => {
      await confirmHandover(c.var.app, c.var.user, c.req.param("id"));
      return c.json(updatedAnswer());
    },
  )
  .post(
    "/:id/dispute",
    doc({
      summary: "The buyer reports a problem: the held money stops until an admin decides",
      tag: "The deal",
      status: 201,
      description: "The dispute (held → disputed). 409 unless the money is held",
      response: createdShape,
      errors: [404, 409],
    }),
    allow("dispute:booking:own"),
    jsonBody(disputeSchema),
    async (c) => c.json(insertedAnswer(await openDispute(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json"))), 201),
  )
  .post(
    "/:id/refund",
    doc({
      summary: "The car's seller gives the whole amount back to the buyer; the car is for sale again",
      tag: "The deal",
      status: 200,
      description: "Refunded (held or disputed → refunded). 409 otherwise",
      response: updatedShape,
      errors: [404, 409],
    }),
    allow("refund:booking:own"),
    async (c) => {
      await refundBySeller(c.var.app, c.var.user, c.req.param("id"));
      return c.json(updatedAnswer());
    },
  )
  .post(
    "/:id/decline",
    doc({
      summary: "The car's seller declines an unpaid booking; the buyer is told why",
      tag: "The deal",
      status: 200,
      description: "Declined (the booking is removed). 409 if paid or while a payment for it is under way",
      response: deletedShape,
      errors: [404, 409],
    }),
    allow("decline:booking:own"),
    jsonBody(declineSchema, { optional: true }),
    async (c) => {
      await declineBooking(c.var.app, c.var.user, c.req.param("id"), c.req.valid("json").reason ?? "");
      return c.json(deletedAnswer());
    },
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
    const { product_id: car_id, reason, note } = c.req.valid("json");
    return c.json(insertedAnswer(await createReport(c.var.app, c.var.user, car_id, { reason, note })), 201);
  },
);
