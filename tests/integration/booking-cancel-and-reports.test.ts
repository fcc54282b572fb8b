import { beforeAll, describe, expect, it } from "vitest";
import { REPORT_REASONS } from "~/lib/schemas/catalog";
import { type Booking, type PagedList, type Report } from "~/lib/schemas/types";
import { accessToken, apiJson, postForm, register, registerSeller, request, signIn, sql, uniqueEmail } from "./client";
import { type ApiDocument, responseChecker } from "./openapi-responses";

// A buyer cancels an unpaid booking (never a paid one, nor one being paid for); reports carry a
// reason and an optional note, which the admins see.

let problemsWith: ReturnType<typeof responseChecker>;
let adminToken: string;
let sellerToken: string;
let sellerEmail: string;
let categoryId: string;

beforeAll(async () => {
  problemsWith = responseChecker((await (await request("/api/openapi.json")).json()) as ApiDocument);
  adminToken = await accessToken("admin@autoreseller.test");
  sellerEmail = uniqueEmail("cancel-seller");
  await registerSeller({ email: sellerEmail, name: "Cancel Seller" });
  sellerToken = await accessToken(sellerEmail);
  categoryId = String((await sql("select id from categories limit 1"))[0].id);
});

/** A fresh unsold car of this file's seller, named so that it sorts first in the admins' list. */
async function freshCar(name = `0 Cancel Test Car ${crypto.randomUUID().slice(0, 8)}`): Promise<{ id: string; name: string }> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     values (?, ?, 30000, 25000, 'Dhaka', ?, 'Good', '0171', 'A car for the cancel tests.', 2019, '/images/x.jpg', (select id from users where email = ?), 'Cancel Seller', ?, ?)`,
    [id, name, categoryId, sellerEmail, sellerEmail, new Date().toISOString()],
  );
  return { id, name };
}

async function freshBuyer(label = "cancel-buyer") {
  const email = uniqueEmail(label);
  await register({ email, name: "Cancelling Buyer" });
  return { email, token: await accessToken(email) };
}

async function book(token: string, carId: string): Promise<string> {
  const response = await apiJson("/api/bookings", { product_id: carId, phone: "01711 000000", meetingLocation: "Gulshan" }, { token });
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

const cancel = (id: string, token?: string) =>
  request(`/api/bookings/${id}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const ordersOf = async (buyer: { email: string; token: string }) =>
  (await (await request(`/api/booking/orders/${buyer.email}`, bearer(buyer.token))).json()) as Booking[];

async function expectAnswer(response: Response, path: string, status: number, body: unknown) {
  const clone = response.clone();
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
  expect(await problemsWith("DELETE", path, clone)).toEqual([]);
}

describe("DELETE /api/bookings/:id", () => {
  it("cancels the booker's unpaid booking: gone from their orders, and the car can be booked again", async () => {
    const buyer = await freshBuyer();
    const car = await freshCar();
    const id = await book(buyer.token, car.id);
    expect((await ordersOf(buyer)).map((order) => order._id)).toEqual([id]);

    await expectAnswer(await cancel(id, buyer.token), `/api/bookings/${id}`, 200, { acknowledged: true, deletedCount: 1 });
    expect(await ordersOf(buyer)).toEqual([]);
    expect((await request(`/api/booking/${id}`, bearer(buyer.token))).status).toBe(404);
    expect(await sql("select id from bookings where id = ?", [id])).toEqual([]);

    // Cancelled means gone: the same id again is not found, and the buyer may book the car anew.
    await expectAnswer(await cancel(id, buyer.token), `/api/bookings/${id}`, 404, { message: "Booking not found" });
    const again = await book(buyer.token, car.id);
    expect((await ordersOf(buyer)).map((order) => order._id)).toEqual([again]);
  });

  it("is the booker's alone: another buyer, the car's seller and admins get 404, nobody signed in 401; the booking stays", async () => {
    const buyer = await freshBuyer();
    const other = await freshBuyer("other-buyer");
    const id = await book(buyer.token, (await freshCar()).id);

    await expectAnswer(await cancel(id, other.token), `/api/bookings/${id}`, 404, { message: "Booking not found" });
    await expectAnswer(await cancel(id, adminToken), `/api/bookings/${id}`, 404, { message: "Booking not found" });
    await expectAnswer(await cancel(id, sellerToken), `/api/bookings/${id}`, 404, { message: "Booking not found" });
    expect((await cancel(id)).status).toBe(401);
    expect((await cancel("no-such-booking", buyer.token)).status).toBe(404);
    expect((await ordersOf(buyer)).map((order) => order._id)).toEqual([id]);
  });

  it("refuses a paid booking (409): it stays for the records", async () => {
    const buyer = await freshBuyer();
    const car = await freshCar();
    const id = await book(buyer.token, car.id);
    await sql("update bookings set paid = 1, transaction_id = 'pi_cancel_test' where id = ?", [id]);
    await sql("update products set is_paid = 1 where id = ?", [car.id]);

    await expectAnswer(await cancel(id, buyer.token), `/api/bookings/${id}`, 409, {
      message: "This booking is paid and cannot be cancelled",
    });
    expect(await sql("select paid from bookings where id = ?", [id])).toEqual([expect.objectContaining({ paid: 1 })]);
  });

  it("refuses while a payment for this booking is under way (409), and allows it once the half hour has passed", async () => {
    const buyer = await freshBuyer();
    const id = await book(buyer.token, (await freshCar()).id);
    const intent = await apiJson("/api/payment/create-payment-intent", { bookingId: id }, { token: buyer.token });
    expect(intent.status).toBe(200);

    const underWay = { message: "A payment for this booking is under way. Try again in half an hour." };
    await expectAnswer(await cancel(id, buyer.token), `/api/bookings/${id}`, 409, underWay);
    expect((await ordersOf(buyer)).map((order) => order._id)).toEqual([id]);

    await sql("update bookings set payment_started_at = ? where id = ?", [new Date(Date.now() - 31 * 60 * 1000).toISOString(), id]);
    expect((await cancel(id, buyer.token)).status).toBe(200);
  });

  it("is not held back by another buyer paying for the same car", async () => {
    const [payer, canceller] = [await freshBuyer("payer"), await freshBuyer()];
    const car = await freshCar();
    const paying = await book(payer.token, car.id);
    const id = await book(canceller.token, car.id);
    expect((await apiJson("/api/payment/create-payment-intent", { bookingId: paying }, { token: payer.token })).status).toBe(200);

    expect((await cancel(id, canceller.token)).status).toBe(200);
    expect((await cancel(paying, payer.token)).status).toBe(409);
  });
});

describe("My Orders: Cancel booking", () => {
  it("asks first, then cancels, says so with a toast and the order is gone", async () => {
    const buyer = await freshBuyer();
    const car = await freshCar();
    const id = await book(buyer.token, car.id);
    const cookie = await signIn(buyer.email);

    const page = await (await request("/dashboard/myorders", { headers: { cookie } })).text();
    expect(page).toContain(`href="/dashboard/myorders?confirm=${id}"`);
    expect(page).toContain(`aria-label="Cancel booking: ${car.name}"`);
    expect(page).not.toContain("Are you sure?");

    const asking = await (await request(`/dashboard/myorders?confirm=${id}`, { headers: { cookie } })).text();
    expect(asking).toContain("Are you sure?");
    expect(asking).toContain(`Yes, cancel my booking of ${car.name}`);
    expect(asking).toContain("Keep the booking");

    const done = await postForm(`/dashboard/myorders?confirm=${id}`, { intent: "cancel", id }, cookie);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard/myorders");
    expect(decodeURIComponent(done.headers.getSetCookie().join())).toContain("Booking cancelled");
    expect(await sql("select id from bookings where id = ?", [id])).toEqual([]);
    const after = await (await request("/dashboard/myorders", { headers: { cookie } })).text();
    expect(after).not.toContain(car.name);
  });

  it("offers no Cancel for a paid order or one being paid for, and refuses the post all the same", async () => {
    const buyer = await freshBuyer();
    const [paidCar, payingCar] = [await freshCar(), await freshCar()];
    const paid = await book(buyer.token, paidCar.id);
    const paying = await book(buyer.token, payingCar.id);
    await sql("update bookings set paid = 1, transaction_id = 'pi_page_test' where id = ?", [paid]);
    await sql("update bookings set payment_started_at = ? where id = ?", [new Date().toISOString(), paying]);
    const cookie = await signIn(buyer.email);

    const page = await (await request("/dashboard/myorders", { headers: { cookie } })).text();
    expect(page).not.toContain("Cancel booking");
    expect(page).toContain("Payment under way: it cannot be cancelled now");
    expect(await (await request(`/dashboard/myorders?confirm=${paying}`, { headers: { cookie } })).text()).not.toContain("Are you sure?");

    const refused = await postForm("/dashboard/myorders", { intent: "cancel", id: paying }, cookie);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("A payment for this booking is under way");
    const paidRefused = await postForm("/dashboard/myorders", { intent: "cancel", id: paid }, cookie);
    expect(paidRefused.status).toBe(409);
    expect(await paidRefused.text()).toContain("This booking is paid and cannot be cancelled");
    const someoneElses = await postForm("/dashboard/myorders", { intent: "cancel", id: paid }, await signIn("buyer2@autoreseller.test"));
    expect(someoneElses.status).toBe(404);
    expect((await sql("select id from bookings where id in (?, ?)", [paid, paying])).length).toBe(2);
  });
});

describe("reports with a reason and a note", () => {
  const report = (token: string, body: Record<string, unknown>) => apiJson("/api/report", body, { token });
  const stored = async (id: string) => (await sql("select reason, note from reports where id = ?", [id]))[0];

  it("stores each listed reason with its note, and `other` with an empty note when none is given", async () => {
    const car = await freshCar();
    for (const reason of REPORT_REASONS) {
      const reporter = await freshBuyer("reporter");
      const response = await report(reporter.token, { product_id: car.id, reason, note: `  Because: ${reason}  ` });
      expect(response.status).toBe(201);
      const { insertedId } = (await response.json()) as { insertedId: string };
      expect({ ...(await stored(insertedId)) }).toEqual({ reason, note: `Because: ${reason}` });
    }
    const silent = await freshBuyer("reporter");
    const response = await report(silent.token, { product_id: car.id });
    expect(response.status).toBe(201);
    expect({ ...(await stored(((await response.json()) as { insertedId: string }).insertedId)) }).toEqual({ reason: "other", note: "" });
  });

  it("refuses an unknown reason, a note over 500 characters or with control characters (400 on that field), storing nothing", async () => {
    const reporter = await freshBuyer("reporter");
    const car = await freshCar();
    const issuesOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path);
    };
    expect(await issuesOf(await report(reporter.token, { product_id: car.id, reason: "spam" }))).toEqual(["reason"]);
    expect(await issuesOf(await report(reporter.token, { product_id: car.id, reason: "" }))).toEqual(["reason"]);
    expect(await issuesOf(await report(reporter.token, { product_id: car.id, note: "x".repeat(501) }))).toEqual(["note"]);
    expect(await issuesOf(await report(reporter.token, { product_id: car.id, note: "bell \u0007" }))).toEqual(["note"]);
    expect(await issuesOf(await report(reporter.token, { product_id: car.id, note: 42 }))).toEqual(["note"]);
    expect(await sql("select id from reports where product_id = ?", [car.id])).toEqual([]);
    expect((await report(reporter.token, { product_id: car.id, reason: "scam", note: "y".repeat(500) })).status).toBe(201);
  });

  it("GET /api/report shows the admins each report's reason and note", async () => {
    const car = await freshCar();
    const reporter = await freshBuyer("reporter");
    const created = await report(reporter.token, { product_id: car.id, reason: "sold_elsewhere", note: "Sold at the Gulshan market" });
    const { insertedId } = (await created.json()) as { insertedId: string };
    const response = await request("/api/report?limit=50&sort=productName&order=asc", bearer(adminToken));
    const clone = response.clone();
    const list = (await response.json()) as PagedList<Report>;
    expect(list.data.find((row) => row._id === insertedId)).toMatchObject({
      product_id: car.id,
      productName: car.name,
      reason: "sold_elsewhere",
      note: "Sold at the Gulshan market",
    });
    const document = (await (await request("/api/openapi.json")).json()) as ApiDocument;
    expect(await responseChecker(document)("GET", "/api/report", clone)).toEqual([]);
  });

  it("reports from the page with a chosen reason and note, which the admins' table shows", async () => {
    const car = await freshCar(`0 Page Reported Car ${crypto.randomUUID().slice(0, 8)}`);
    const email = uniqueEmail("page-reporter");
    await register({ email });
    const cookie = await signIn(email);

    const form = await (await request(`/report/${car.id}`, { headers: { cookie } })).text();
    for (const label of ["Scam or fraud", "Wrong information", "Sold elsewhere", "Offensive", "Other"]) expect(form).toContain(label);

    const unchosen = await postForm(`/report/${car.id}`, { note: "No reason given" }, cookie);
    expect(unchosen.status).toBe(400);
    expect(await unchosen.text()).toContain("Choose a reason");
    const sent = await postForm(`/report/${car.id}`, { reason: "wrong_info", note: "The mileage is wrong & the year too" }, cookie);
    expect(await sent.text()).toContain("Report sent to admin");

    const table = await (
      await request("/dashboard/reporteditem?limit=50&sort=productName&order=asc", {
        headers: { cookie: await signIn("admin@autoreseller.test") },
      })
    ).text();
    const row = table.slice(table.indexOf(car.name), table.indexOf("</tr>", table.indexOf(car.name)));
    expect(row).toContain("Wrong information");
    expect(row).toContain("The mileage is wrong &amp; the year too");
  });
});
