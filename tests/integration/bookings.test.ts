import { beforeAll, describe, expect, it } from "vitest";
import { type Booking, type Car } from "~/lib/schemas/types";
import { accessToken, apiJson, database, postForm, register, request, signIn, uniqueEmail } from "./client";

let cars: Car[];
let adminToken: string;
let sellerToken: string;

beforeAll(async () => {
  cars = (await (await request("/api/products/advertisement")).json()) as Car[];
  adminToken = await accessToken("admin@autoreseller.test");
  sellerToken = await accessToken("seller@autoreseller.test");
});

async function freshBuyer() {
  const email = uniqueEmail("buyer");
  await register({ email, name: "Fresh Buyer" });
  return { email, token: await accessToken(email) };
}

const book = (token: string, body: Record<string, unknown>) => apiJson("/api/bookings", body, { token });
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("booking rules, through the API", () => {
  it("books a car once per buyer, with name, price and photo from the database", async () => {
    const buyer = await freshBuyer();
    const car = cars[0];
    const created = await book(buyer.token, {
      product_id: car._id,
      phone: "01711 000000",
      meetingLocation: "Gulshan 2",
      resalePrice: 1,
      productName: "Cheap!",
      image: "https://evil.example/x.jpg",
      email: "other@x.test",
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };

    const booking = (await (await request(`/api/booking/${insertedId}`, bearer(buyer.token))).json()) as Booking;
    expect(booking).toEqual({
      _id: insertedId,
      productName: car.productName,
      name: "Fresh Buyer",
      email: buyer.email,
      phone: "01711 000000",
      meetingLocation: "Gulshan 2",
      image: car.image,
      resalePrice: car.resalePrice,
      product_id: car._id,
      paid: false,
      transactionId: null,
      createdAt: expect.any(String),
      // The deal's money, once paid.
      payment: null,
      agreedPrice: null,
      agreedUntil: null,
    });

    const twice = await book(buyer.token, { product_id: car._id, phone: "1", meetingLocation: "x" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ message: "You have already booked this car" });
  });

  it("lets several buyers book the same car", async () => {
    const [first, second] = [await freshBuyer(), await freshBuyer()];
    expect((await book(first.token, { product_id: cars[1]._id, phone: "1", meetingLocation: "x" })).status).toBe(201);
    expect((await book(second.token, { product_id: cars[1]._id, phone: "1", meetingLocation: "x" })).status).toBe(201);
  });

  it("refuses sellers and admins (403), unknown cars (404), sold cars (409) and empty fields (400)", async () => {
    const sellerAttempt = await book(sellerToken, { product_id: cars[0]._id, phone: "1", meetingLocation: "x" });
    expect(sellerAttempt.status).toBe(403);
    expect(await sellerAttempt.json()).toEqual({ message: "Only buyer accounts can book cars" });
    expect((await book(adminToken, { product_id: cars[0]._id, phone: "1", meetingLocation: "x" })).status).toBe(403);

    const buyer = await freshBuyer();
    expect((await book(buyer.token, { product_id: "no-such-car", phone: "1", meetingLocation: "x" })).status).toBe(404);
    const missing = await book(buyer.token, { product_id: cars[0]._id });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort()).toEqual([
      "meetingLocation",
      "phone",
    ]);

    const soldId = await soldCar();
    const sold = await book(buyer.token, { product_id: soldId, phone: "1", meetingLocation: "x" });
    expect(sold.status).toBe(409);
    expect(await sold.json()).toEqual({ message: "This car is already sold" });
    expect((await request("/api/bookings", { method: "POST" })).status).toBe(401);
  });

  it("shows a booking to its buyer and admins only, and orders to their buyer", async () => {
    const owner = await freshBuyer();
    const other = await freshBuyer();
    const { insertedId } = (await (await book(owner.token, { product_id: cars[2]._id, phone: "1", meetingLocation: "x" })).json()) as {
      insertedId: string;
    };
    expect((await request(`/api/booking/${insertedId}`, bearer(other.token))).status).toBe(404);
    expect((await request(`/api/booking/${insertedId}`, bearer(adminToken))).status).toBe(200);
    expect((await request(`/api/booking/${insertedId}`)).status).toBe(401);

    await book(owner.token, { product_id: cars[3]._id, phone: "1", meetingLocation: "x" });
    const orders = (await (await request(`/api/booking/orders/${owner.email}`, bearer(owner.token))).json()) as Booking[];
    expect(orders.map((order) => order.product_id)).toEqual([cars[3]._id, cars[2]._id]);
    expect((await request(`/api/booking/orders/${owner.email}`, bearer(other.token))).status).toBe(404);
    expect((await request(`/api/booking/orders/${owner.email}`, bearer(sellerToken))).status).toBe(403);
    expect((await request(`/api/booking/orders/${owner.email}`, bearer(adminToken))).status).toBe(200);
  });
});

describe("reports", () => {
  it("records one report per user and car", async () => {
    const reporter = await freshBuyer();
    const first = await apiJson("/api/report", { product_id: cars[0]._id, productName: "ignored" }, { token: reporter.token });
    expect(first.status).toBe(201);
    expect((await apiJson("/api/report", { product_id: cars[0]._id }, { token: reporter.token })).status).toBe(409);
    expect((await apiJson("/api/report", { product_id: "nope" }, { token: reporter.token })).status).toBe(404);
    expect((await apiJson("/api/report", { product_id: cars[0]._id })).status).toBe(401);
    expect((await apiJson("/api/report", { product_id: cars[0]._id }, { token: sellerToken })).status).toBe(201);
  });

  it("answers a second report from the page kindly", async () => {
    const email = uniqueEmail("reporter");
    await register({ email });
    const cookie = await signIn(email);
    const first = await postForm(`/report/${cars[1]._id}`, { reason: "scam" }, cookie);
    expect(await first.text()).toContain("Report sent to admin");
    const second = await postForm(`/report/${cars[1]._id}`, { reason: "other" }, cookie);
    expect(second.status).toBe(409);
    const html = await second.text();
    expect(html).toContain("You have already reported this item");
    expect(html).not.toContain("Something went wrong");
  });
});

describe("booking page and My Orders", () => {
  it("asks signed-out visitors to sign in, returning to the car", async () => {
    const html = await (await request(`/book/${cars[0]._id}`)).text();
    expect(html).toContain("Please Signin to book it");
    expect(html).toContain(`/login?redirectTo=%2Fbook%2F${cars[0]._id}`);
  });

  it("books from the page and lists the order with Pay, Paid or sold-to-someone-else", async () => {
    const email = uniqueEmail("orders");
    await register({ email });
    const cookie = await signIn(email);
    const booked = await postForm(`/book/${cars[0]._id}`, { phone: "01800 111222", meetingLocation: "Banani" }, cookie);
    expect(await booked.text()).toContain("Booking confirmed");

    const token = await accessToken(email);
    const [order] = (await (await request(`/api/booking/orders/${email}`, bearer(token))).json()) as Booking[];
    let page = await (await request("/dashboard/myorders", { headers: { cookie } })).text();
    expect(page).toContain(`href="/dashboard/payment/${order._id}"`);

    const lost = await book(token, { product_id: await unsoldCarId(), phone: "1", meetingLocation: "x" });
    const lostId = ((await lost.json()) as { insertedId: string }).insertedId;
    const db = database();
    await db.execute({ sql: "update products set is_paid = 1 where id = (select product_id from bookings where id = ?)", args: [lostId] });
    await db.execute({ sql: "update bookings set paid = 1, transaction_id = 'pi_test' where id = ?", args: [order._id] });
    db.close();
    page = await (await request("/dashboard/myorders", { headers: { cookie } })).text();
    expect(page).toContain("Paid");
    expect(page).toContain("Sold to another buyer");
    expect(page).not.toContain(`href="/dashboard/payment/${order._id}"`);
  });

  it("shows an empty state to a buyer without orders and keeps other roles out", async () => {
    const email = uniqueEmail("empty");
    await register({ email });
    expect(await (await request("/dashboard/myorders", { headers: { cookie: await signIn(email) } })).text()).toContain(
      "You have not booked a car yet.",
    );
    const seller = await request("/dashboard/myorders", { headers: { cookie: await signIn("seller@autoreseller.test") } });
    expect(seller.status).toBe(302);
  });
});

/** A car of the demo sellers that is not sold and not advertised (so other tests' grids stay intact). */
async function unsoldCarId(): Promise<string> {
  const all = (await (await request("/api/products/seller/seller2@autoreseller.test", bearer(adminToken))).json()) as Car[];
  return all.find((car) => !car.isPaid && !car.isAdvertised)!._id;
}

async function soldCar(): Promise<string> {
  const id = await unsoldCarId();
  const db = database();
  await db.execute({ sql: "update products set is_paid = 1 where id = ?", args: [id] });
  db.close();
  return id;
}
