import { type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { database } from "./client";

// The constraints the business relies on hold in the database itself, whatever the code above does.
let db: Client;
const id = () => crypto.randomUUID();
const now = () => new Date().toISOString();

beforeAll(() => {
  db = database();
});
afterAll(() => db.close());

async function insertUser(email: string, role = "buyer") {
  const userId = id();
  await db.execute({
    sql: "insert into users (id, name, email, role, created_at) values (?, ?, ?, ?, ?)",
    args: [userId, "Test", email, role, now()],
  });
  return userId;
}

async function insertCar(sellerId: string) {
  const [category] = (await db.execute("select id from categories limit 1")).rows;
  const carId = id();
  await db.execute({
    sql: `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile,
          description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
          values (?, 'Car', 100, 90, 'Dhaka', ?, 'Good', '017', 'd', 2020, '/images/x', ?, 'S', 's@x.test', ?)`,
    args: [carId, category.id, sellerId, now()],
  });
  return carId;
}

describe("schema constraints", () => {
  it("keeps emails unique whatever their letter case", async () => {
    const email = `case-${id()}@example.test`;
    await insertUser(email);
    await expect(insertUser(email.toUpperCase())).rejects.toThrow(/UNIQUE/);
  });

  it("refuses an unknown role", async () => {
    await expect(insertUser(`role-${id()}@example.test`, "superuser")).rejects.toThrow(/CHECK/);
  });

  it("keeps category names unique whatever their letter case", async () => {
    await db.execute({
      sql: "insert into categories (id, name, image, created_at) values (?, ?, '/i', ?)",
      args: [id(), "Convertible X", now()],
    });
    await expect(
      db.execute({
        sql: "insert into categories (id, name, image, created_at) values (?, ?, '/i', ?)",
        args: [id(), "convertible x", now()],
      }),
    ).rejects.toThrow(/UNIQUE/);
  });

  it("enforces foreign keys: a product needs an existing category", async () => {
    const sellerId = await insertUser(`fk-${id()}@example.test`, "seller");
    await expect(
      db.execute({
        sql: `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile,
              description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
              values (?, 'Car', 100, 90, 'Dhaka', 'no-such-category', 'Good', '017', 'd', 2020, '/i', ?, 'S', 's', ?)`,
        args: [id(), sellerId, now()],
      }),
    ).rejects.toThrow(/FOREIGN KEY/);
  });

  it("allows one booking per buyer and car, and one payment per car", async () => {
    const sellerId = await insertUser(`s-${id()}@example.test`, "seller");
    const buyerId = await insertUser(`b-${id()}@example.test`);
    const carId = await insertCar(sellerId);
    const book = () =>
      db.execute({
        sql: "insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, created_at) values (?, ?, ?, 'B', 'b', '1', 'Dhaka', ?)",
        args: [id(), carId, buyerId, now()],
      });
    await book();
    await expect(book()).rejects.toThrow(/UNIQUE/);

    const pay = (transactionId: string) =>
      db.execute({
        sql: "insert into payments (id, transaction_id, product_id, buyer_email, amount, created_at) values (?, ?, ?, 'b', 9000, ?)",
        args: [id(), transactionId, carId, now()],
      });
    await pay(`pi_${id()}`);
    await expect(pay(`pi_${id()}`)).rejects.toThrow(/UNIQUE/);
  });

  it("removes a deleted user's sessions and keeps their sold car with a cleared seller", async () => {
    const sellerId = await insertUser(`del-${id()}@example.test`, "seller");
    await db.execute({
      sql: "insert into sessions (id, user_id, expires_at, created_at) values (?, ?, ?, ?)",
      args: [id(), sellerId, now(), now()],
    });
    const carId = await insertCar(sellerId);
    await db.execute({ sql: "delete from users where id = ?", args: [sellerId] });
    const sessions = await db.execute({ sql: "select count(*) as n from sessions where user_id = ?", args: [sellerId] });
    expect(sessions.rows[0].n).toBe(0);
    const car = await db.execute({ sql: "select seller_id, seller_name from products where id = ?", args: [carId] });
    expect(car.rows[0]).toMatchObject({ seller_id: null, seller_name: "S" });
  });
});
