import { Hono } from "hono";
import * as v from "valibot";
import { NotFound } from "~/.server/errors";
import { createBooking, findBookingFor, listBuyerOrders, type Order } from "~/.server/services/bookings";
import { createReport } from "~/.server/services/reports";
import { findUserByEmail } from "~/.server/services/users";
import { bookingSchema, reportSchema } from "~/lib/schemas/bookings";
import { emailField } from "~/lib/schemas/fields";
import { doc } from "./openapi";
import { type WorkerEnv } from "../hono-env";
import { requireApiRole, requireApiUser } from "./auth";
import { parseInput, readJson } from "./json-body";

/** The contract's Booking shape (the page-only flag left out). */
const withoutPageFields = ({ soldToSomeoneElse: _, ...booking }: Order) => booking;

export const bookingsApi = new Hono<WorkerEnv>().post("/", doc({ summary: "Book a car (names, price and photo come from the server)", tag: "Bookings and reports", access: "buyer", body: bookingSchema, status: 201, description: "Created: { acknowledged, insertedId }" }), async (c) => {
  const buyer = await requireApiUser(c);
  const id = await createBooking(c.var.app, buyer, await readJson(c, bookingSchema));
  return c.json({ acknowledged: true, insertedId: id }, 201);
});

export const bookingApi = new Hono<WorkerEnv>()
  // A buyer's own orders (or any buyer's, for an admin); another buyer's list does not exist for them.
  .get("/orders/:email", doc({ summary: "A buyer's orders, newest first", tag: "Bookings and reports", access: "self or admin", status: 200, description: "[Booking]" }), async (c) => {
    const caller = await requireApiRole(c, "buyer", "admin");
    const { email } = parseInput(v.object({ email: emailField }), { email: c.req.param("email") });
    const buyerId = caller.role === "admin" ? (await findUserByEmail(c.var.app, email))?.id : caller.email === email ? caller.id : undefined;
    if (!buyerId) throw new NotFound("No orders found for this email");
    return c.json((await listBuyerOrders(c.var.app, buyerId)).map(withoutPageFields));
  })
  .get("/:id", doc({ summary: "One booking", tag: "Bookings and reports", access: "booker or admin", status: 200, description: "Booking" }), async (c) => {
    const user = await requireApiUser(c);
    return c.json(withoutPageFields(await findBookingFor(c.var.app, user, c.req.param("id"))));
  });

export const reportApi = new Hono<WorkerEnv>().post("/", doc({ summary: "Report a listing to the admins (once per user and car)", tag: "Bookings and reports", access: "user", body: reportSchema, status: 201, description: "Created: { acknowledged, insertedId }" }), async (c) => {
  const user = await requireApiUser(c);
  const { product_id } = await readJson(c, reportSchema);
  return c.json({ acknowledged: true, insertedId: await createReport(c.var.app, user, product_id) }, 201);
});
