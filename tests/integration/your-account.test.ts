import { describe, expect, it } from "vitest";
import { dealHelpers } from "../support/deal";
import {
  accessToken,
  apiJson,
  appUrl,
  DEMO_PASSWORD,
  mailTo,
  postForm,
  register,
  request,
  signIn,
  sql,
  stack,
  uniqueEmail,
} from "./client";

// Your account and your data: take it (export), change its address (by link), close it (what goes,
// what stays under "Deleted user", refused while money moves, the address free again), and an
// admin's delete doing the same.

const { party, carOf, paidBooking, post } = dealHelpers(stack);
const DEMO_SELLER = "seller@autoreseller.test";
const adminToken = () => accessToken("admin@autoreseller.test");

const closeOwn = (token: string, body: unknown) => apiJson("/api/me", body, { method: "DELETE", token });
const count = async (statement: string, args: (string | number)[]) => Number((await sql(statement, args))[0].n);

async function startConversation(buyerToken: string, carId: string, text: string): Promise<string> {
  const response = await apiJson("/api/conversations", { product_id: carId, text }, { token: buyerToken });
  expect(response.status).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** A finished deal: paid, reviewed and handed over, so the money went to the demo seller (nothing moving). */
async function finishedDeal(buyer: { token: string }) {
  const carId = await carOf(DEMO_SELLER, 9000);
  const bookingId = await paidBooking(buyer as never, carId);
  expect((await apiJson("/api/reviews", { bookingId, rating: 4, text: "Honest seller" }, { token: buyer.token })).status).toBe(201);
  expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
  const [payment] = await sql("select status, transfer_id from payments where booking_id = ?", [bookingId]);
  expect(payment).toMatchObject({ status: "released", transfer_id: expect.any(String) });
  return { carId, bookingId };
}

describe("closing your account (DELETE /api/me)", () => {
  it("ends every session and token, removes what goes, keeps money records, reviews and messages under 'Deleted user'", async () => {
    const buyer = await party("buyer", "closing-buyer");
    const { bookingId } = await finishedDeal(buyer);
    // Things that go: an unpaid booking, a favourite, a saved search, notifications, a second session.
    const unpaidCar = await carOf(DEMO_SELLER, 8000);
    expect(
      (await apiJson("/api/bookings", { product_id: unpaidCar, phone: "01711 000000", meetingLocation: "Dhaka" }, { token: buyer.token }))
        .status,
    ).toBe(201);
    expect(
      (await request(`/api/favourites/${unpaidCar}`, { method: "PUT", headers: { authorization: `Bearer ${buyer.token}` } })).status,
    ).toBe(200);
    expect((await apiJson("/api/saved-searches", { query: "make=Toyota" }, { token: buyer.token })).status).toBe(201);
    const conversationId = await startConversation(buyer.token, unpaidCar, "Is it still for sale?");
    const cookie = await signIn(buyer.email);
    const sellerToken = await accessToken(DEMO_SELLER);
    expect((await apiJson(`/api/conversations/${conversationId}/messages`, { text: "Yes, it is." }, { token: sellerToken })).status).toBe(
      201,
    );
    expect(await count("select count(*) as n from notifications where user_id = ?", [buyer.id])).toBeGreaterThan(0);

    // A wrong password changes nothing.
    const wrong = await closeOwn(buyer.token, { password: "Wrong-password1!" });
    expect(wrong.status).toBe(403);
    expect(await count("select count(*) as n from users where id = ?", [buyer.id])).toBe(1);

    const closed = await closeOwn(buyer.token, { password: DEMO_PASSWORD });
    expect(closed.status).toBe(200);
    expect(await closed.json()).toEqual({ acknowledged: true, deletedCount: 1 });

    // Sign-in, the token and the other session end.
    expect((await request("/api/favourites", { headers: { authorization: `Bearer ${buyer.token}` } })).status).toBe(401);
    expect((await request("/api/favourites", { headers: { cookie } })).status).toBe(401);
    expect((await apiJson("/api/jwt", { email: buyer.email, password: DEMO_PASSWORD })).status).toBe(401);
    expect(await count("select count(*) as n from sessions where user_id = ?", [buyer.id])).toBe(0);

    // What goes.
    expect(await count("select count(*) as n from bookings where buyer_id = ? and paid = 0", [buyer.id])).toBe(0);
    expect(await count("select count(*) as n from bookings where product_id = ? and paid = 0", [unpaidCar])).toBe(0);
    for (const table of ["favourites", "saved_searches", "notifications"]) {
      expect(await count(`select count(*) as n from ${table} where user_id = ?`, [buyer.id]), table).toBe(0);
    }

    // What stays: the paid booking, its payment, ledger rows and receipt, the review, the messages.
    expect((await sql("select buyer_id, buyer_name, buyer_email, phone from bookings where id = ?", [bookingId]))[0]).toMatchObject({
      buyer_id: null,
      buyer_name: "Deleted user",
      buyer_email: "",
      phone: "",
    });
    expect(await count("select count(*) as n from payments where booking_id = ?", [bookingId])).toBe(1);
    expect(await count("select count(*) as n from ledger_entries where booking_id = ?", [bookingId])).toBeGreaterThanOrEqual(3);
    expect((await sql("select text, rating from reviews where booking_id = ?", [bookingId]))[0]).toMatchObject({
      text: "Honest seller",
      rating: 4,
    });
    const sellerReviews = (await (
      await request(`/api/sellers/${(await sql("select id from users where email = ?", [DEMO_SELLER]))[0].id}/reviews`)
    ).json()) as {
      data: { text: string; buyerName?: string }[];
    };
    expect(sellerReviews.data.find((review) => review.text === "Honest seller")).toBeTruthy();

    // The seller still reads the conversation, the buyer now "Deleted user", and cannot write into it.
    const inbox = (await (await request("/api/conversations", { headers: { authorization: `Bearer ${sellerToken}` } })).json()) as {
      _id: string;
      withName: string;
    }[];
    expect(inbox.find((row) => row._id === conversationId)?.withName).toBe("Deleted user");
    const thread = (await (
      await request(`/api/conversations/${conversationId}/messages`, { headers: { authorization: `Bearer ${sellerToken}` } })
    ).json()) as { text: string; mine: boolean }[];
    expect(thread.map((message) => message.text)).toEqual(["Is it still for sale?", "Yes, it is."]);
    expect((await apiJson(`/api/conversations/${conversationId}/messages`, { text: "Hello?" }, { token: sellerToken })).status).toBe(409);

    // The address registers again as a new, empty account.
    const newId = await register({ email: buyer.email });
    expect(newId).not.toBe(buyer.id);
    const fresh = await accessToken(buyer.email);
    expect(await (await request("/api/favourites", { headers: { authorization: `Bearer ${fresh}` } })).json()).toEqual([]);
    expect(await (await request("/api/conversations", { headers: { authorization: `Bearer ${fresh}` } })).json()).toEqual([]);
  });

  it("refuses while money is held, with the way to those deals, and changes nothing", async () => {
    const buyer = await party("buyer", "held-closing");
    const bookingId = await paidBooking(buyer, await carOf(DEMO_SELLER, 7000));
    const refused = await closeOwn(buyer.token, { password: DEMO_PASSWORD });
    expect(refused.status).toBe(409);
    const { message } = (await refused.json()) as { message: string };
    expect(message).toMatch(/Finish your open deals first/);
    expect(message).toContain("/dashboard/myorders");
    expect(await count("select count(*) as n from users where id = ?", [buyer.id])).toBe(1);
    expect((await sql("select buyer_name from bookings where id = ?", [bookingId]))[0].buyer_name).not.toBe("Deleted user");

    // The page says so too, with a link.
    const cookie = await signIn(buyer.email);
    const page = await postForm("/dashboard/settings?close=1", { intent: "close-account", password: DEMO_PASSWORD }, cookie);
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain("Finish your open deals first");
    expect(html).toContain('href="/dashboard/myorders"');
  });

  it("closes a seller's account: unsold cars leave the catalogue, the buyer keeps the conversation", async () => {
    const sellerEmail = uniqueEmail("closing-seller");
    const sellerId = await stack.registerSeller({ email: sellerEmail });
    const sellerToken = await accessToken(sellerEmail);
    const carId = await carOf(sellerEmail, 6000);
    const buyer = await party("buyer", "keeps-thread");
    const conversationId = await startConversation(buyer.token, carId, "Can I see it Friday?");
    expect((await apiJson(`/api/conversations/${conversationId}/messages`, { text: "Sure." }, { token: sellerToken })).status).toBe(201);

    expect((await closeOwn(sellerToken, { password: DEMO_PASSWORD })).status).toBe(200);
    expect((await request(`/api/products/${carId}`)).status).toBe(404);
    expect(await count("select count(*) as n from users where id = ?", [sellerId])).toBe(0);
    const inbox = (await (await request("/api/conversations", { headers: { authorization: `Bearer ${buyer.token}` } })).json()) as {
      _id: string;
      withName: string;
    }[];
    expect(inbox.find((row) => row._id === conversationId)?.withName).toBe("Deleted user");
    const thread = (await (
      await request(`/api/conversations/${conversationId}/messages`, { headers: { authorization: `Bearer ${buyer.token}` } })
    ).json()) as { text: string; mine: boolean }[];
    expect(thread).toEqual([
      expect.objectContaining({ text: "Can I see it Friday?", mine: true }),
      expect.objectContaining({ text: "Sure.", mine: false }),
    ]);
  });

  it("an account without a password confirms with DELETE soon after signing in; a token alone is not enough", async () => {
    const buyer = await party("buyer", "no-password");
    const cookie = await signIn(buyer.email);
    await sql("update users set password_hash = null where id = ?", [buyer.id]);
    expect((await closeOwn(buyer.token, { confirm: "DELETE" })).status).toBe(403);
    const viaSession = (body: unknown) =>
      request("/api/me", {
        method: "DELETE",
        headers: { cookie, origin: appUrl, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await viaSession({ confirm: "delete me" })).status).toBe(403);
    await sql("update sessions set created_at = ? where user_id = ?", [new Date(Date.now() - 11 * 60 * 1000).toISOString(), buyer.id]);
    expect((await viaSession({ confirm: "DELETE" })).status).toBe(403);
    await sql("update sessions set created_at = ? where user_id = ?", [new Date().toISOString(), buyer.id]);
    const closed = await viaSession({ confirm: "DELETE" });
    expect(closed.status).toBe(200);
    expect(closed.headers.get("set-cookie")).toMatch(/ar_session=;/);
    expect(await count("select count(*) as n from users where id = ?", [buyer.id])).toBe(0);
  });
});

describe("an admin's delete does the same, without the password", () => {
  it("deletes a buyer with payment history: records stay under 'Deleted user', the rest goes, the address is free", async () => {
    const buyer = await party("buyer", "admin-deletes");
    const { bookingId } = await finishedDeal(buyer);
    expect((await apiJson("/api/saved-searches", { query: "make=Honda" }, { token: buyer.token })).status).toBe(201);
    const deleted = await request(`/api/users/buyer/${buyer.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await request("/api/favourites", { headers: { authorization: `Bearer ${buyer.token}` } })).status).toBe(401);
    expect(await count("select count(*) as n from saved_searches where user_id = ?", [buyer.id])).toBe(0);
    expect((await sql("select buyer_name from bookings where id = ?", [bookingId]))[0].buyer_name).toBe("Deleted user");
    expect(await count("select count(*) as n from payments where booking_id = ?", [bookingId])).toBe(1);
    expect(await count("select count(*) as n from reviews where booking_id = ?", [bookingId])).toBe(1);
    expect(await register({ email: buyer.email })).not.toBe(buyer.id);
  });

  it("refuses while money is held for the person", async () => {
    const buyer = await party("buyer", "admin-held");
    await paidBooking(buyer, await carOf(DEMO_SELLER, 5000));
    const refused = await request(`/api/users/buyer/${buyer.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Finish your open deals first/);
  });
});

describe("your data (GET /api/me/export)", () => {
  it("is a JSON attachment of the caller's data and no one else's, 5 a day", async () => {
    const buyer = await party("buyer", "exporter");
    const other = await party("buyer", "someone-else");
    const { bookingId } = await finishedDeal(buyer);
    await finishedDeal(other);
    expect((await apiJson("/api/saved-searches", { query: "make=Nissan" }, { token: buyer.token })).status).toBe(201);
    expect((await apiJson("/api/saved-searches", { query: "make=Mazda" }, { token: other.token })).status).toBe(201);

    const response = await request("/api/me/export", { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.json"$/);
    const data = (await response.json()) as Record<string, unknown> & {
      account: { email: string };
      bookings: { id: string }[];
      payments: unknown[];
      receipts: { bookingId: string }[];
      reviews: { written: { text: string }[] };
      savedSearches: { query: string }[];
      sections: Record<string, string>;
    };
    for (const section of [
      "account",
      "listings",
      "bookings",
      "payments",
      "receipts",
      "offers",
      "messages",
      "reviews",
      "favourites",
      "savedSearches",
      "notifications",
    ]) {
      expect(data, section).toHaveProperty(section);
      expect(data.sections[section], section).toEqual(expect.any(String));
    }
    expect(data.account.email).toBe(buyer.email);
    expect(data.bookings.map((row) => row.id)).toEqual([bookingId]);
    expect(data.payments).toHaveLength(1);
    expect(data.receipts.map((row) => row.bookingId)).toEqual([bookingId]);
    expect(data.reviews.written.map((row) => row.text)).toEqual(["Honest seller"]);
    expect(data.savedSearches.map((row) => row.query)).toEqual(["make=Nissan"]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Mazda");
    expect(text).not.toContain(DEMO_SELLER);
    expect(text).not.toMatch(/password_?hash|\$argon|\$2[aby]\$|pbkdf2/i);

    for (let index = 2; index <= 5; index++) {
      expect((await request("/api/me/export", { headers: { authorization: `Bearer ${buyer.token}` } })).status).toBe(200);
    }
    const sixth = await request("/api/me/export", { headers: { authorization: `Bearer ${buyer.token}` } });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another account's allowance is its own.
    expect((await request("/api/me/export", { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(200);
  });

  it("lists a seller's cars with their photos' URLs", async () => {
    const sellerEmail = uniqueEmail("export-seller");
    await stack.registerSeller({ email: sellerEmail });
    const carId = await carOf(sellerEmail);
    const data = (await (
      await request("/api/me/export", { headers: { authorization: `Bearer ${await accessToken(sellerEmail)}` } })
    ).json()) as {
      listings: { id: string; photos: string[] }[];
    };
    expect(data.listings).toEqual([
      expect.objectContaining({ id: carId, photos: [expect.stringMatching(/^https?:\/\/.+\/images\/x\.jpg$/)] }),
    ]);
  });
});

describe("changing your email address (POST /api/me/email)", () => {
  it("sends a link to the new address and a notice to the old; nothing changes until the link is followed", async () => {
    const buyer = await party("buyer", "moving");
    const newEmail = uniqueEmail("moved");
    expect((await apiJson("/api/me/email", { email: newEmail, password: "Wrong-password1!" }, { token: buyer.token })).status).toBe(403);
    expect(await mailTo(newEmail)).toEqual([]);

    const asked = await apiJson("/api/me/email", { email: newEmail, password: DEMO_PASSWORD }, { token: buyer.token });
    expect(asked.status).toBe(202);
    const [confirmation] = await mailTo(newEmail);
    const link = confirmation.links.find((url) => url.includes("/confirm-email-change/"));
    expect(link).toBeTruthy();
    expect((await mailTo(buyer.email)).some((mail) => mail.text.includes(newEmail))).toBe(true);

    // Nothing changed yet: the old address signs in, the new one does not, and opening the link only asks.
    expect((await sql("select email from users where id = ?", [buyer.id]))[0].email).toBe(buyer.email);
    expect((await apiJson("/api/jwt", { email: newEmail, password: DEMO_PASSWORD })).status).toBe(401);
    const path = new URL(link!).pathname;
    const page = await request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(newEmail);
    expect((await sql("select email from users where id = ?", [buyer.id]))[0].email).toBe(buyer.email);

    const followed = await postForm(path, { intent: "confirm" });
    expect(followed.status).toBe(200);
    expect(await followed.text()).toContain(`Your email address is now ${newEmail}`);
    expect((await sql("select email, email_verified from users where id = ?", [buyer.id]))[0]).toMatchObject({
      email: newEmail,
      email_verified: 1,
    });
    expect((await apiJson("/api/jwt", { email: buyer.email, password: DEMO_PASSWORD })).status).toBe(401);
    expect((await apiJson("/api/jwt", { email: newEmail, password: DEMO_PASSWORD })).status).toBe(200);
    // The link works once.
    expect(await (await postForm(path, {})).text()).toContain("invalid or has expired");
  });

  it("signs out everywhere when asked to, and refuses an address that has an account (409)", async () => {
    const buyer = await party("buyer", "moving-out");
    const cookie = await signIn(buyer.email);
    expect((await apiJson("/api/me/email", { email: DEMO_SELLER, password: DEMO_PASSWORD }, { token: buyer.token })).status).toBe(409);
    const newEmail = uniqueEmail("moved-out");
    expect(
      (await apiJson("/api/me/email", { email: newEmail, password: DEMO_PASSWORD, signOutOthers: true }, { token: buyer.token })).status,
    ).toBe(202);
    expect((await request("/api/favourites", { headers: { cookie } })).status).toBe(200);
    const link = (await mailTo(newEmail))[0].links.find((url) => url.includes("/confirm-email-change/"))!;
    expect((await postForm(new URL(link).pathname, { intent: "confirm" })).status).toBe(200);
    expect((await request("/api/favourites", { headers: { cookie } })).status).toBe(401);
    expect(await count("select count(*) as n from sessions where user_id = ?", [buyer.id])).toBe(0);
  });
});

describe("signed-in devices (Account settings)", () => {
  it("lists each session with its browser, and signs out one or everywhere else", async () => {
    const email = uniqueEmail("devices");
    await register({ email });
    const firefox = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0";
    const signInWith = async (userAgent: string) => {
      const response = await request("/login", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: appUrl, "user-agent": userAgent },
        body: new URLSearchParams({ email, password: DEMO_PASSWORD, redirectTo: "/" }),
      });
      return (response.headers.get("set-cookie") ?? "").split(";")[0];
    };
    const here = await signInWith(
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36",
    );
    const there = await signInWith(firefox);
    const third = await signInWith(firefox);
    const page = await (await request("/dashboard/settings", { headers: { cookie: here } })).text();
    expect(page).toContain("Chrome on Android");
    expect(page).toContain("Firefox on Windows");
    expect(page).toContain("(this device)");

    const [{ id: thereId }] = await sql(
      "select id from sessions where user_id = (select id from users where email = ?) and user_agent = ? order by created_at limit 1",
      [email, firefox],
    );
    const one = await postForm("/dashboard/settings", { intent: "sign-out-device", session: String(thereId) }, here);
    expect(one.status).toBe(200);
    expect((await request("/api/favourites", { headers: { cookie: there } })).status).toBe(401);
    expect((await request("/api/favourites", { headers: { cookie: third } })).status).toBe(200);

    // Another account's session cannot be named.
    const [{ id: foreign }] = await sql("select id from sessions where user_id <> (select id from users where email = ?) limit 1", [email]);
    expect((await postForm("/dashboard/settings", { intent: "sign-out-device", session: String(foreign) }, here)).status).toBe(404);

    expect((await postForm("/dashboard/settings", { intent: "sign-out-everywhere" }, here)).status).toBe(200);
    expect((await request("/api/favourites", { headers: { cookie: third } })).status).toBe(401);
    expect((await request("/api/favourites", { headers: { cookie: here } })).status).toBe(200);
  });
});
