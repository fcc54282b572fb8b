import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiJson, postForm, register, request, signIn, sql, uniqueEmail } from "./client";
import { type ApiDocument, responseChecker } from "./openapi-responses";

// Reviews of sellers (../shared/api-contract.md "Reviews"): only the buyer of a paid booking rates
// its car's seller, once; the seller answers once; admins remove reviews, on the record. Each test
// has sellers of its own, so averages and lists are predictable.

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2099, cvc: "123" };

interface Account {
  id: string;
  email: string;
  token: string;
}

let categoryId: string;
let admin: Account;
let problemsWith: ReturnType<typeof responseChecker>;

async function account(accountType: "buyer" | "seller", name = "Test User"): Promise<Account> {
  const email = uniqueEmail(`review-${accountType}`);
  const id = await register({ email, accountType, name });
  return { id, email, token: await accessToken(email) };
}

async function carOf(seller: Account, name = "Toyota Axio 2017"): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
     values (?, ?, 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2017, '/images/x.jpg', ?, 'Seller', ?, ?)`,
    [id, name, categoryId, seller.id, seller.email, new Date().toISOString()],
  );
  return id;
}

async function book(buyer: Account, carId: string): Promise<string> {
  const booked = await apiJson(
    "/api/bookings",
    { product_id: carId, phone: "01711 000000", meetingLocation: "Banani" },
    { token: buyer.token },
  );
  expect(booked.status).toBe(201);
  return ((await booked.json()) as { insertedId: string }).insertedId;
}

/** Pays for a booking through the payment simulator, as a client would. */
async function pay(buyer: Account, bookingId: string) {
  const intent = await apiJson("/api/payment/create-payment-intent", { bookingId }, { token: buyer.token });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirmed = await apiJson("/api/payment/simulator/confirm", { clientSecret, card: GOOD_CARD }, { token: buyer.token });
  const { id: transactionId } = (await confirmed.json()) as { id: string };
  expect((await apiJson("/api/payment", { bookingId, transactionId }, { token: buyer.token })).status).toBe(201);
}

async function paidBooking(buyer: Account, carId: string): Promise<string> {
  const bookingId = await book(buyer, carId);
  await pay(buyer, bookingId);
  return bookingId;
}

/** A seller whose car the buyer bought: the paid booking to review. */
async function purchase(buyerName = "Rahim Khan") {
  const [seller, buyer] = await Promise.all([account("seller", "Karim Motors"), account("buyer", buyerName)]);
  const bookingId = await paidBooking(buyer, await carOf(seller));
  return { seller, buyer, bookingId };
}

const review = (token: string | undefined, body: unknown) => apiJson("/api/reviews", body, { token });
const json = async <T>(response: Response) => (await response.json()) as T;
const reviewCount = async (bookingId: string) =>
  Number((await sql("select count(*) as n from reviews where booking_id = ?", [bookingId]))[0].n);
const sellerProfile = async (id: string) =>
  json<{ rating: { average: number | null; count: number } }>(await request(`/api/sellers/${id}`));

async function expectDocumented(method: string, path: string, response: Response, status: number) {
  expect(response.status, `${method} ${path}`).toBe(status);
  expect(await problemsWith(method, path, response.clone())).toEqual([]);
}

beforeAll(async () => {
  categoryId = String((await sql("select id from categories limit 1"))[0].id);
  const adminEmail = "admin@autoreseller.test";
  admin = { id: "", email: adminEmail, token: await accessToken(adminEmail) };
  problemsWith = responseChecker((await (await request("/api/openapi.json")).json()) as ApiDocument);
});

describe("POST /api/reviews", () => {
  it("lets only the booker of a paid booking review it, once: 409 before payment and twice, 404 for others", async () => {
    const [seller, buyer, otherBuyer] = await Promise.all([account("seller"), account("buyer"), account("buyer")]);
    const bookingId = await book(buyer, await carOf(seller));

    await expectDocumented("POST", "/api/reviews", await review(buyer.token, { bookingId, rating: 5 }), 409);
    expect((await json<{ message: string }>(await review(buyer.token, { bookingId, rating: 5 }))).message).toMatch(/paid/);

    await pay(buyer, bookingId);
    for (const stranger of [otherBuyer, seller, admin]) {
      await expectDocumented("POST", "/api/reviews", await review(stranger.token, { bookingId, rating: 1 }), 404);
    }
    expect((await review(undefined, { bookingId, rating: 1 })).status).toBe(401);
    await expectDocumented("POST", "/api/reviews", await review(buyer.token, { bookingId: "no-such-booking", rating: 4 }), 404);
    expect(await reviewCount(bookingId)).toBe(0);

    const created = await review(buyer.token, { bookingId, rating: 4, text: "Honest seller, the car was as described." });
    await expectDocumented("POST", "/api/reviews", created, 201);
    const body = await json<{ acknowledged: true; insertedId: string }>(created);
    expect(body).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const { insertedId } = body;
    expect(await sql("select seller_id, rating, text from reviews where id = ?", [insertedId])).toEqual([
      { seller_id: seller.id, rating: 4, text: "Honest seller, the car was as described." },
    ]);

    const again = await review(buyer.token, { bookingId, rating: 1 });
    await expectDocumented("POST", "/api/reviews", again, 409);
    expect((await json<{ message: string }>(again)).message).toBe("You have already rated the seller for this booking");
    expect(await reviewCount(bookingId)).toBe(1);
  });

  it("stays once per booking when two reviews arrive at the same moment", async () => {
    const { buyer, bookingId } = await purchase();
    const answers = await Promise.all([review(buyer.token, { bookingId, rating: 5 }), review(buyer.token, { bookingId, rating: 2 })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await reviewCount(bookingId)).toBe(1);
  });

  it("refuses a booking that lost the car to another buyer (refunded), and one whose seller's account is gone (409)", async () => {
    const [seller, buyer] = await Promise.all([account("seller"), account("buyer")]);
    const lost = await book(buyer, await carOf(seller));
    await sql("update bookings set lost = 1 where id = ?", [lost]);
    expect((await review(buyer.token, { bookingId: lost, rating: 5 })).status).toBe(409);

    const { seller: gone, buyer: orphaned, bookingId } = await purchase();
    // An account is deleted only once its money has finished moving: here, paid out.
    await sql("update payments set status = 'released', released_at = ?, transfer_id = 'tr_reviews_test' where booking_id = ?", [
      new Date().toISOString(),
      bookingId,
    ]);
    const deleted = await request(`/api/users/seller/${gone.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(deleted.status).toBe(200);
    const refused = await review(orphaned.token, { bookingId, rating: 5 });
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe("The seller's account has been closed, so there is no one to rate");
    expect(await reviewCount(bookingId)).toBe(0);
  });

  it("checks the rating (a whole number 1–5) and the text (at most 1,000 characters): 400 with the field's issue, nothing stored", async () => {
    const { buyer, bookingId } = await purchase();
    const ratingMessage = "Choose a rating from 1 to 5 stars";
    for (const rating of [0, 6, 4.5, "5", null, undefined]) {
      const refused = await review(buyer.token, { bookingId, rating });
      await expectDocumented("POST", "/api/reviews", refused, 400);
      expect((await json<{ issues: unknown[] }>(refused)).issues).toEqual([{ path: "rating", message: ratingMessage }]);
    }
    const tooLong = await review(buyer.token, { bookingId, rating: 5, text: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect((await json<{ issues: unknown[] }>(tooLong)).issues).toEqual([{ path: "text", message: "Use at most 1,000 characters" }]);
    expect((await review(buyer.token, { rating: 5 })).status).toBe(400);
    expect(await reviewCount(bookingId)).toBe(0);

    expect((await review(buyer.token, { bookingId, rating: 5, text: "y".repeat(1000) })).status).toBe(201);
  });
});

/** A seller with three reviews by three buyers, written at known moments (oldest first). */
async function reviewedSeller(ratings: [number, number, number], names = ["Rahim Khan", "Madonna", "Nusrat Jahan Chowdhury"]) {
  const seller = await account("seller", "Karim Motors");
  const ids: string[] = [];
  for (const [index, rating] of ratings.entries()) {
    const buyer = await account("buyer", names[index]);
    const bookingId = await paidBooking(buyer, await carOf(seller, `Car ${index + 1}`));
    const { insertedId } = await json<{ insertedId: string }>(
      await review(buyer.token, { bookingId, rating, text: `Review ${index + 1}` }),
    );
    await sql("update reviews set created_at = ? where id = ?", [`2026-0${index + 1}-10T10:00:00.000Z`, insertedId]);
    ids.push(insertedId);
  }
  return { seller, ids };
}

describe("a seller's rating and reviews", () => {
  it("GET /api/sellers/:id carries the average (one decimal) and the count", async () => {
    const fresh = await account("seller");
    expect((await sellerProfile(fresh.id)).rating).toEqual({ average: null, count: 0 });
    const { seller } = await reviewedSeller([5, 4, 4]);
    expect((await sellerProfile(seller.id)).rating).toEqual({ average: 4.3, count: 3 });
  });

  it("GET /api/sellers/:id/reviews: the contract's fields, newest first, paged, buyers by first name and initial", async () => {
    const { seller, ids } = await reviewedSeller([5, 3, 4]);
    const path = `/api/sellers/${seller.id}/reviews?limit=2`;
    const first = await request(path);
    await expectDocumented("GET", path, first, 200);
    expect(await json(first)).toEqual({
      data: [
        { _id: ids[2], rating: 4, text: "Review 3", buyerName: "Nusrat C.", productName: "Car 3", createdAt: "2026-03-10T10:00:00.000Z" },
        { _id: ids[1], rating: 3, text: "Review 2", buyerName: "Madonna", productName: "Car 2", createdAt: "2026-02-10T10:00:00.000Z" },
      ],
      total: 3,
      currentPage: 1,
      totalPages: 2,
    });
    const second = await json<{ data: { _id: string; buyerName: string }[] }>(await request(`${path}&page=2`));
    expect(second.data.map((row) => [row._id, row.buyerName])).toEqual([[ids[0], "Rahim K."]]);
    expect(await json(await request(`${path}&page=3`))).toMatchObject({ data: [], total: 3, currentPage: 3 });
    // The contract's paged list: 5 a page unless asked.
    expect(await json(await request(`/api/sellers/${seller.id}/reviews`))).toMatchObject({ total: 3, totalPages: 1 });
  });

  it("GET /api/sellers/:id/reviews: 404 for unknown ids and users who are not sellers, 400 for a bad page or limit", async () => {
    const buyer = await account("buyer");
    for (const id of ["no-such-user", buyer.id]) {
      await expectDocumented("GET", `/api/sellers/${id}/reviews`, await request(`/api/sellers/${id}/reviews`), 404);
    }
    const seller = await account("seller");
    expect(await json(await request(`/api/sellers/${seller.id}/reviews`))).toEqual({ data: [], total: 0, currentPage: 1, totalPages: 0 });
    for (const query of ["limit=51", "page=0", "limit=x"]) {
      expect((await request(`/api/sellers/${seller.id}/reviews?${query}`)).status, query).toBe(400);
    }
  });
});

describe("answers and removal", () => {
  const answer = (token: string, id: string, text: unknown) => apiJson(`/api/reviews/${id}/answer`, { text }, { token });

  it("the reviewed seller answers a review once; anyone else gets 404; the API list keeps to the contract's fields", async () => {
    const { seller, buyer, bookingId } = await purchase();
    const { insertedId: id } = await json<{ insertedId: string }>(await review(buyer.token, { bookingId, rating: 2 }));
    const otherSeller = await account("seller");
    for (const stranger of [otherSeller, buyer, admin]) {
      await expectDocumented("POST", `/api/reviews/${id}/answer`, await answer(stranger.token, id, "Not mine"), 404);
    }
    await expectDocumented("POST", `/api/reviews/${id}/answer`, await answer(seller.token, id, "   "), 400);
    expect((await answer(seller.token, id, "z".repeat(1001))).status).toBe(400);

    const answered = await answer(seller.token, id, "Sorry to hear it: the service history is in the glovebox.");
    await expectDocumented("POST", `/api/reviews/${id}/answer`, answered, 200);
    expect(await json(answered)).toEqual({ acknowledged: true, modifiedCount: 1 });
    await expectDocumented("POST", `/api/reviews/${id}/answer`, await answer(seller.token, id, "Again"), 409);
    expect(await sql("select answer from reviews where id = ?", [id])).toEqual([
      { answer: "Sorry to hear it: the service history is in the glovebox." },
    ]);
    await expectDocumented("POST", "/api/reviews/nope/answer", await answer(seller.token, "nope", "Hello"), 404);

    const [listed] = (await json<{ data: object[] }>(await request(`/api/sellers/${seller.id}/reviews`))).data;
    expect(Object.keys(listed).sort()).toEqual(["_id", "buyerName", "createdAt", "productName", "rating", "text"]);
  });

  it("an admin removes a review, recorded in the audit trail by names in the same batch; others are refused", async () => {
    const { seller, buyer, bookingId } = await purchase("Anika Rahman");
    const { insertedId: id } = await json<{ insertedId: string }>(await review(buyer.token, { bookingId, rating: 1, text: "Rude words" }));
    const remove = (token: string | undefined) =>
      request(`/api/reviews/${id}`, { method: "DELETE", headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect((await remove(undefined)).status).toBe(401);
    for (const refused of [seller, buyer]) await expectDocumented("DELETE", `/api/reviews/${id}`, await remove(refused.token), 403);
    expect((await sellerProfile(seller.id)).rating).toEqual({ average: 1, count: 1 });

    const removed = await remove(admin.token);
    await expectDocumented("DELETE", `/api/reviews/${id}`, removed, 200);
    expect(await json(removed)).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await sql("select count(*) as n from reviews where id = ?", [id])).toEqual([{ n: 0 }]);
    expect((await sellerProfile(seller.id)).rating).toEqual({ average: null, count: 0 });
    expect(await sql("select action, details from audit_log where target = ?", [id])).toEqual([
      { action: "remove-review", details: "Anika Rahman's 1-star review of Karim Motors (Toyota Axio 2017)" },
    ]);
    await expectDocumented("DELETE", `/api/reviews/${id}`, await remove(admin.token), 404);
    expect(await sql("select count(*) as n from audit_log where target = ?", [id])).toEqual([{ n: 1 }]);
  });
});

describe("pages", () => {
  const page = async (path: string, cookie?: string) => {
    const response = await request(path, { headers: cookie ? { cookie } : {} });
    expect(response.status, path).toBe(200);
    return response.text();
  };

  it("My Orders offers 'Rate the seller' for a paid booking only, takes the rating by a plain form post once, then shows it", async () => {
    const { seller, buyer, bookingId } = await purchase();
    const unpaid = await book(buyer, await carOf(seller, "Honda Vezel 2018"));
    const cookie = await signIn(buyer.email);

    const orders = await page("/dashboard/myorders", cookie);
    expect(orders).toContain(`href="/dashboard/myorders?rate=${bookingId}"`);
    expect(orders).not.toContain(`?rate=${unpaid}`);
    // Without JavaScript the link opens the page's own form: five radio buttons and the text.
    const form = await page(`/dashboard/myorders?rate=${bookingId}`, cookie);
    expect(form.match(/type="radio" [^>]*name="rating"|name="rating" [^>]*type="radio"/g)).toHaveLength(5);

    const missing = await postForm("/dashboard/myorders", { intent: "rate", bookingId, text: "Good" }, cookie);
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Choose a rating from 1 to 5 stars");
    expect((await postForm("/dashboard/myorders", { intent: "rate", bookingId: unpaid, rating: "5" }, cookie)).status).toBe(409);

    const rated = await postForm("/dashboard/myorders", { intent: "rate", bookingId, rating: "4", text: "Smooth handover" }, cookie);
    expect(rated.status).toBe(200);
    expect(await rated.text()).toContain("your rating of the seller is saved");
    expect((await postForm("/dashboard/myorders", { intent: "rate", bookingId, rating: "1" }, cookie)).status).toBe(409);
    const after = await page("/dashboard/myorders", cookie);
    expect(after).toContain("You rated the seller");
    expect(after).toContain('aria-label="4 out of 5 stars"');
    expect(after).not.toContain(`?rate=${bookingId}`);
    expect((await sellerProfile(seller.id)).rating).toEqual({ average: 4, count: 1 });
  });

  it("the seller page shows the average, the count and the reviews; the seller answers once; an admin removes one after confirming", async () => {
    const { seller, ids } = await reviewedSeller([5, 3, 4]);
    const publicPage = await page(`/sellers/${seller.id}`);
    expect(publicPage).toContain("4.0");
    expect(publicPage).toContain("3 reviews");
    expect(publicPage).toContain("Nusrat C.");
    expect(publicPage).toContain("2026-03-10");
    expect(publicPage.indexOf("Review 3")).toBeLessThan(publicPage.indexOf("Review 1"));
    expect(publicPage).not.toContain("Post answer");
    expect(publicPage).not.toContain("?confirm=");

    const sellerCookie = await signIn(seller.email);
    const own = await page(`/sellers/${seller.id}`, sellerCookie);
    expect(own.match(/Post answer/g)).toHaveLength(3);
    const stranger = await account("seller");
    const refused = await postForm(
      `/sellers/${seller.id}`,
      { intent: "answer", id: ids[0], text: "Not mine" },
      await signIn(stranger.email),
    );
    expect(refused.status).toBe(404);
    const blank = await postForm(`/sellers/${seller.id}`, { intent: "answer", id: ids[0], text: "  " }, sellerCookie);
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Write your answer");
    const answered = await postForm(`/sellers/${seller.id}`, { intent: "answer", id: ids[0], text: "Thanks, Rahim!" }, sellerCookie);
    expect(answered.status).toBe(302);
    expect(answered.headers.get("location")).toBe(`/sellers/${seller.id}`);
    expect((await postForm(`/sellers/${seller.id}`, { intent: "answer", id: ids[0], text: "Again" }, sellerCookie)).status).toBe(409);
    const withAnswer = await page(`/sellers/${seller.id}`, sellerCookie);
    expect(withAnswer).toContain("Answer from Karim Motors");
    expect(withAnswer).toContain("Thanks, Rahim!");
    expect(withAnswer.match(/Post answer/g)).toHaveLength(2);

    const adminCookie = await signIn(admin.email);
    expect(await page(`/sellers/${seller.id}`, adminCookie)).toContain(`href="/sellers/${seller.id}?confirm=${ids[1]}#review-${ids[1]}"`);
    expect(await page(`/sellers/${seller.id}?confirm=${ids[1]}`, adminCookie)).toContain("Yes, remove Madonna&#x27;s review");
    expect((await postForm(`/sellers/${seller.id}`, { intent: "remove", id: ids[1] }, sellerCookie)).status).toBe(403);
    const removed = await postForm(`/sellers/${seller.id}?confirm=${ids[1]}`, { intent: "remove", id: ids[1] }, adminCookie);
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe(`/sellers/${seller.id}`);
    expect((await sellerProfile(seller.id)).rating).toEqual({ average: 4.5, count: 2 });
    expect(await page("/dashboard/audit", adminCookie)).toContain("Madonna&#x27;s 3-star review of Karim Motors (Car 2)");
  });

  it("the car page's seller box shows the seller's average next to the name", async () => {
    const { seller } = await reviewedSeller([5, 4, 4]);
    const carPage = await page(`/cars/${await carOf(seller, "Suzuki Swift 2019")}`);
    // The car keeps the name it was listed under ("Seller"); the rating is the account's, read right
    // after it (the star and the dot are drawn by CSS, hidden from screen readers).
    const sellerBox = carPage.slice(carPage.indexOf('aria-labelledby="seller-heading"'));
    expect(sellerBox.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ")).toContain("Seller 4.3 out of 5, 3 reviews");
  });
});

describe("demo data", () => {
  it("has reviews of the sold cars' sellers, counted in their ratings, and seller@'s answered", async () => {
    const [{ id }] = await sql("select id from users where email = 'seller@autoreseller.test'");
    const { rating } = await sellerProfile(String(id));
    expect(rating.count).toBeGreaterThanOrEqual(1);
    const { data } = await json<{ data: { rating: number }[] }>(await request(`/api/sellers/${id}/reviews`));
    expect(data).toHaveLength(rating.count);
    expect(await (await request(`/sellers/${id}`)).text()).toContain("Answer from ");
    expect(Number((await sql("select count(*) as n from reviews"))[0].n)).toBeGreaterThanOrEqual(5);
  });
});
