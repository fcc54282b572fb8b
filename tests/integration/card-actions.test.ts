import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiJson, register, request, signIn, sql, uniqueEmail } from "./client";

// What a car's card and page offer the viewer: Book Now only to those who may book (buyers, and
// visitors who are asked to sign in), "Booked" to a buyer who booked it, "Reported" to a user who
// reported it, from the page's own HTML.

let categoryId: string;

/** A fresh car for sale by the verified demo seller: the newest of its category, so the first card there. */
async function freshCar(): Promise<{ id: string; name: string }> {
  const id = crypto.randomUUID();
  const name = `Card Actions Car ${id.slice(0, 8)}`;
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     values (?, ?, 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', (select id from users where email = 'seller@autoreseller.test'), 'Seller', 'seller@autoreseller.test', ?)`,
    [id, name, categoryId, new Date(Date.now() + 60_000).toISOString()],
  );
  return { id, name };
}

/** The car's card on its category page, and the price box of its own page (where its actions are). */
async function viewsOf(carId: string, cookie?: string): Promise<{ card: string; page: string }> {
  const headers = cookie ? { cookie } : undefined;
  const category = cookie ? await (await request(`/category/${categoryId}`, { headers })).text() : "";
  const card = category.split("<article").find((part) => part.includes(`/cars/${carId}"`)) ?? "";
  const carPage = await (await request(`/cars/${carId}`, { headers })).text();
  const page = carPage.slice(carPage.indexOf('aria-labelledby="price-heading"'), carPage.indexOf('aria-labelledby="seller-heading"'));
  return { card, page };
}

beforeAll(async () => {
  categoryId = String((await sql("select id from categories limit 1"))[0].id);
});

describe("a car's actions for its viewer", () => {
  it("offers Book Now to buyers and visitors, no booking at all to sellers (owner or not) and admins, and Edit instead of Report to its owner", async () => {
    const car = await freshCar();
    const buyer = await viewsOf(car.id, await signIn("buyer@autoreseller.test"));
    expect(buyer.card).toContain(`href="/book/${car.id}"`);
    expect(buyer.page).toContain(`href="/book/${car.id}"`);
    expect((await viewsOf(car.id)).page).toContain(`href="/book/${car.id}"`);

    for (const email of ["seller@autoreseller.test", "seller2@autoreseller.test", "admin@autoreseller.test"]) {
      const { card, page } = await viewsOf(car.id, await signIn(email));
      expect(card, email).toContain(car.name);
      for (const html of [card, page]) {
        expect(html, email).not.toContain("/book/");
        expect(html, email).not.toContain("Book Now");
      }
      const owner = email === "seller@autoreseller.test";
      expect(page.includes(`href="/report/${car.id}"`), email).toBe(!owner);
      expect(page.includes(`href="/dashboard/myproducts/${car.id}/edit"`), email).toBe(owner);
    }
  });

  it("shows Pay now, linking to the booking's payment, to the buyer who booked the car, and Book Now to other buyers", async () => {
    const car = await freshCar();
    const email = uniqueEmail("booked");
    await register({ email });
    const booked = await apiJson(
      "/api/bookings",
      { product_id: car.id, phone: "01711 000000", meetingLocation: "Banani" },
      {
        token: await accessToken(email),
      },
    );
    expect(booked.status).toBe(201);

    const { card, page } = await viewsOf(car.id, await signIn(email));
    for (const html of [card, page]) {
      expect(html).not.toContain(`href="/book/${car.id}"`);
      expect(html).toMatch(new RegExp(`<a[^>]*href="/dashboard/payment/[^"]+"[^>]*>Pay now</a>`));
    }
    expect((await viewsOf(car.id, await signIn("buyer@autoreseller.test"))).card).toContain(`href="/book/${car.id}"`);
  });

  it("shows Reported instead of Report this item to a user who reported the car, and only to them", async () => {
    const car = await freshCar();
    const email = uniqueEmail("reported");
    await register({ email });
    const sent = await apiJson("/api/report", { product_id: car.id, reason: "scam" }, { token: await accessToken(email) });
    expect(sent.status).toBe(201);

    const { card, page } = await viewsOf(car.id, await signIn(email));
    for (const html of [card, page]) {
      expect(html).not.toContain(`href="/report/${car.id}"`);
      expect(html).not.toContain("Report this item");
      expect(html).toContain("Reported");
    }
    expect((await viewsOf(car.id, await signIn("buyer2@autoreseller.test"))).card).toContain(`href="/report/${car.id}"`);
  });
});
