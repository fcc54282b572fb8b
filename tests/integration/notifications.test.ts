import { NOTIFICATION_KIND_LIST } from "~/lib/notifications/notification-kinds";
import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import { startFileStack } from "../support/file-stack";
import { eventually, mailboxAt } from "../support/eventually";
import { uniqueEmail } from "../support/http-client";

// Notifications: created in the same batch as the change that causes them, each emailed through the
// queue (with a one-click unsubscribe) unless its kind was opted out of; listed, counted and marked
// read by their owner only.

const site = await startFileStack("stripe");
const mailbox = mailboxAt(site.emailApiUrl!);
const SELLER = "seller@autoreseller.test";

interface Account {
  id: string;
  email: string;
  token: string;
}
interface NotificationPage {
  data: { _id: string; kind: string; text: string; link: string; createdAt: string; read: boolean }[];
  total: number;
  currentPage: number;
  totalPages: number;
  unread: number;
}

let sellerToken: string;
let categoryId: string;

async function account(prefix: string, accountType = "buyer"): Promise<Account> {
  const email = uniqueEmail(prefix);
  const id = accountType === "seller" ? await site.registerSeller({ email }) : await site.register({ email, accountType });
  return { id, email, token: await site.accessToken(email) };
}

/** A car at this price (the demo seller's unless said), so its price can be cut or raised. */
async function car(name: string, price: number, { seller = SELLER, make = null as string | null } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await site.sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at, make)
     values (?, ?, ?, ?, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', (select id from users where email = ?), 'Seller', ?, ?, ?)`,
    [id, name, price + 1000, price, categoryId, seller, seller, new Date().toISOString(), make],
  );
  return id;
}

const api = (path: string, token: string, init: { method?: string; body?: unknown } = {}) =>
  site.request(path, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
const notificationsOf = async (who: Account, query = "") =>
  (await (await api(`/api/notifications${query}`, who.token)).json()) as NotificationPage;
const save = async (who: Account, carId: string) =>
  expect((await api(`/api/favourites/${carId}`, who.token, { method: "PUT" })).status).toBe(200);
const setPrice = async (carId: string, resalePrice: number) =>
  expect((await api(`/api/products/${carId}`, sellerToken, { method: "PATCH", body: { resalePrice } })).status).toBe(200);
/** The notification emails written for an address (written in the causing batch, so no waiting). */
const emailsWrittenTo = async (address: string, kindWords: string) =>
  site.sql("select subject, headers from outgoing_emails where to_address = ? and text like ?", [address, `%${kindWords}%`]);

beforeAll(async () => {
  sellerToken = await site.accessToken(SELLER);
  categoryId = await site.firstCategoryId();
});

describe("price drops", () => {
  it("notify each user who saved the car once, with one email each carrying a one-click unsubscribe; a raise notifies nobody", async () => {
    const [first, second, bystander] = [await account("drop-a"), await account("drop-b"), await account("drop-c")];
    const carId = await car("Toyota Corolla 2017", 10000);
    await save(first, carId);
    await save(second, carId);
    // The seller saved their own car too: they made the change, so they are not told of it.
    expect((await api(`/api/favourites/${carId}`, sellerToken, { method: "PUT" })).status).toBe(200);

    await setPrice(carId, 10500);
    expect((await notificationsOf(first)).total).toBe(0);

    await setPrice(carId, 9000);
    for (const who of [first, second]) {
      const page = await notificationsOf(who);
      expect(page).toMatchObject({ total: 1, unread: 1, currentPage: 1, totalPages: 1 });
      expect(page.data[0]).toMatchObject({
        kind: "price_drop",
        text: "Toyota Corolla 2017 dropped to $9,000 (was $10,500)",
        link: `/cars/${carId}`,
        read: false,
      });
      expect(await emailsWrittenTo(who.email, "price drops")).toHaveLength(1);
      const box = await eventually(
        () => mailbox(who.email),
        (state) => state.delivered.some((mail) => mail.subject.includes("dropped")),
      );
      const mail = box.delivered.find((delivered) => delivered.subject.includes("dropped"))!;
      expect(mail.text).toContain(`${site.appUrl}/cars/${carId}`);
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.headers?.["List-Unsubscribe"]).toMatch(
        new RegExp(`^<${site.appUrl}/unsubscribe\\?user=${who.id}&kind=price_drop&signature=[\\w-]+>$`),
      );
    }
    expect((await notificationsOf(bystander)).total).toBe(0);
    const sellerSees = (await (await api("/api/notifications?limit=50", sellerToken)).json()) as NotificationPage;
    expect(sellerSees.data.filter((item) => item.link === `/cars/${carId}`)).toEqual([]);

    await setPrice(carId, 9500);
    expect((await notificationsOf(first)).total).toBe(1);
    expect(await emailsWrittenTo(first.email, "price drops")).toHaveLength(1);
  });
});

describe("email that respects people", () => {
  it("sends at most one price-drop email per user and car a day, and keeps every drop's notification", async () => {
    const saver = await account("drop-daily");
    const carId = await car("Nissan Sunny 2014", 8000);
    await save(saver, carId);
    for (let price = 7999; price >= 7990; price--) await setPrice(carId, price);
    expect((await notificationsOf(saver, "?limit=50")).total).toBe(10);
    expect(await emailsWrittenTo(saver.email, "price drops")).toHaveLength(1);

    // A day later, the next drop is emailed again.
    const dayAgo = new Date(Date.now() - 25 * 3600_000).toISOString();
    await site.sql(
      "update notifications set created_at = ?, emailed_at = case when emailed_at is null then null else ? end where user_id = ?",
      [dayAgo, dayAgo, saver.id],
    );
    await setPrice(carId, 7900);
    expect((await notificationsOf(saver, "?limit=50")).total).toBe(11);
    expect(await emailsWrittenTo(saver.email, "price drops")).toHaveLength(2);
  });

  it("emails a saved search's new matches as one digest an hour, the first at once, keeping each notification", async () => {
    const owner = await account("digest-owner");
    const make = `Digest${crypto.randomUUID().slice(0, 6)}`;
    const response = await api("/api/saved-searches", owner.token, { method: "POST", body: { query: `make=${make}` } });
    expect(response.status).toBe(201);
    const searchId = ((await response.json()) as { insertedId: string }).insertedId;
    const matchesOf = async () => (await notificationsOf(owner, "?limit=50")).data.filter((item) => item.kind === "new_match");
    const digests = () => emailsWrittenTo(owner.email, "new cars matching");

    const first = await car(`${make} One`, 5000, { make });
    await site.sendToListingsQueue([first]);
    await eventually(matchesOf, (found) => found.length === 1);
    await eventually(digests, (mails) => mails.length === 1);

    const later = [await car(`${make} Two`, 6000, { make }), await car(`${make} Three`, 7000, { make })];
    await site.sendToListingsQueue(later);
    await eventually(matchesOf, (found) => found.length === 3);
    const run = () => site.request(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
    expect((await run()).status).toBe(200);
    expect(await digests()).toHaveLength(1);

    // An hour after the last digest, the next run sends one listing both.
    await site.sql("update saved_searches set matches_emailed_at = ? where id = ?", [
      new Date(Date.now() - 61 * 60_000).toISOString(),
      searchId,
    ]);
    expect((await run()).status).toBe(200);
    const sent = await site.sql(
      "select subject, text from outgoing_emails where to_address = ? and text like ? order by created_at, rowid",
      [owner.email, "%new cars matching%"],
    );
    expect(sent).toHaveLength(2);
    expect(String(sent[1].subject)).toBe("2 new matches for your saved search");
    expect(String(sent[1].text)).toContain(`${make} Two`);
    expect(String(sent[1].text)).toContain(`${make} Three`);
    expect(String(sent[1].text)).not.toContain(`${make} One`);
    expect((await run()).status).toBe(200);
    expect(await digests()).toHaveLength(2);
    expect(await matchesOf()).toHaveLength(3);
  });
});

describe("new listings matching saved searches", () => {
  const saveSearch = async (who: Account, query: string) => {
    const response = await api("/api/saved-searches", who.token, { method: "POST", body: { query } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const newMatches = async (who: Account) => (await notificationsOf(who)).data.filter((item) => item.kind === "new_match");

  it("notify each matching search's owner once (never the seller), on the queue, also when the listing is delivered twice", async () => {
    const [owner, keyword, tooDear, otherMake, marker] = await Promise.all(
      ["match-owner", "match-keyword", "match-dear", "match-other", "match-marker"].map((prefix) => account(prefix)),
    );
    const seller = await account("match-seller", "seller");
    const ownerSearch = await saveSearch(owner, "make=Subaru&maxPrice=20000");
    await saveSearch(owner, "q=outback");
    await saveSearch(keyword, "q=outback");
    await saveSearch(tooDear, "make=subaru&maxPrice=5000");
    await saveSearch(otherMake, "make=Ford");
    await saveSearch(seller, "make=Subaru");
    await saveSearch(marker, "make=Markerbrand");
    expect(await site.sql("select make, category_id from saved_searches where id = ?", [ownerSearch])).toEqual([
      expect.objectContaining({ make: "subaru", category_id: null }),
    ]);

    const jpeg = await renderJpeg(carPhotoSvg({ body: "sedan", color: "#475569", seed: 3 }));
    const uploaded = await site.uploadImage(jpeg, "car.jpg", "image/jpeg", seller.token);
    const image = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const added = await api("/api/products/add", seller.token, {
      method: "POST",
      body: {
        productName: "Subaru Outback 2016",
        originalPrice: 21000,
        resalePrice: 15000,
        location: "Dhaka",
        categoryId,
        condition: "Good",
        mobile: "+880 1711-000000",
        productDescription: "Matched by the notification tests.",
        purchaseYear: 2016,
        make: "Subaru",
        image,
      },
    });
    expect(added.status).toBe(201);
    const carId = ((await added.json()) as { insertedId: string }).insertedId;

    const [match] = await eventually(
      () => newMatches(owner),
      (found) => found.length > 0,
    );
    expect(match).toMatchObject({
      text: "New match for “Subaru under $20,000”: Subaru Outback 2016 at $15,000",
      link: `/cars/${carId}`,
    });
    await eventually(
      () => newMatches(keyword),
      (found) => found.length === 1,
    );

    // Delivered again, then a listing only the marker's search matches: once it is matched, so are those before it.
    const markerCar = await car("Markerbrand One 2020", 5000, { make: "Markerbrand" });
    await site.sendToListingsQueue([carId, carId, markerCar]);
    await eventually(
      () => newMatches(marker),
      (found) => found.length === 1,
    );
    expect(await newMatches(owner)).toHaveLength(1);
    expect(await newMatches(keyword)).toHaveLength(1);
    expect(await emailsWrittenTo(owner.email, "new cars matching")).toHaveLength(1);
    for (const nobody of [tooDear, otherMake, seller]) expect(await newMatches(nobody), nobody.email).toEqual([]);
  });
});

describe("the Cron Trigger's sweep of new listings", () => {
  it("matches a listing whose enqueue never happened, 10 to 20 minutes after it was made", async () => {
    const watcher = await account("sweep-watcher");
    const response = await api("/api/saved-searches", watcher.token, { method: "POST", body: { query: "make=Sweepmobile" } });
    expect(response.status).toBe(201);
    const carId = await car("Sweepmobile Classic 2010", 4000, { make: "Sweepmobile" });
    await site.sql("update products set created_at = ? where id = ?", [new Date(Date.now() - 15 * 60_000).toISOString(), carId]);

    const run = await site.request("/cdn-cgi/local/scheduled?cron=*/10+*+*+*+*");
    expect(run.status).toBe(200);
    await run.arrayBuffer();
    const found = await eventually(
      () => notificationsOf(watcher),
      (page) => page.total > 0,
    );
    expect(found.data.map((item) => [item.kind, item.link])).toEqual([["new_match", `/cars/${carId}`]]);
  });
});

describe("bookings and sales", () => {
  it("tell the seller of a booking, the buyer who paid that they bought it, and the other bookers that it was sold", async () => {
    const seller = await account("sale-seller", "seller");
    const [firstPayer, latePayer] = [await account("sale-first-payer"), await account("sale-late-payer")];
    const carId = await car("Nissan Leaf 2019", 7000, { seller: seller.email });
    const book = async (who: Account) => {
      const response = await api("/api/bookings", who.token, {
        method: "POST",
        body: { product_id: carId, phone: "1", meetingLocation: "Gulshan" },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { insertedId: string }).insertedId;
    };
    const bookingId = await book(firstPayer);
    await book(latePayer);
    const sellerSees = await notificationsOf(seller);
    // Linked to the seller's Bookings, where a booking is answered (in the app and in the email).
    expect(sellerSees.data.map((item) => [item.kind, item.text, item.link])).toEqual([
      ["booking", "Test User booked your Nissan Leaf 2019", "/dashboard/bookings"],
      ["booking", "Test User booked your Nissan Leaf 2019", "/dashboard/bookings"],
    ]);
    expect(await emailsWrittenTo(seller.email, "bookings of your cars")).toHaveLength(2);
    const [bookedMail] = await site.sql("select text from outgoing_emails where to_address = ? and text like '%booked your%'", [
      seller.email,
    ]);
    expect(String(bookedMail.text)).toMatch(/https?:\/\/[^\s]+\/dashboard\/bookings\b/);

    const intent = await api("/api/payment/create-payment-intent", firstPayer.token, { method: "POST", body: { bookingId } });
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const intentId = clientSecret.split("_secret_")[0];
    await fetch(`${site.stripeApiUrl}/__control/payment_intents/${intentId}/succeed`, { method: "POST" });
    // Recorded, then reported again (as the webhook would): still one sale, one notification each.
    for (const status of [201, 200]) {
      const paid = await api("/api/payment", firstPayer.token, { method: "POST", body: { bookingId, transactionId: intentId } });
      expect(paid.status).toBe(status);
    }

    const [bought] = (await notificationsOf(firstPayer)).data;
    expect(bought).toMatchObject({
      kind: "sold",
      text: expect.stringMatching(/^You bought Nissan Leaf 2019 for \$7,000\.00\. The money is held until \d{4}-\d{2}-\d{2}: confirm/),
      link: `/dashboard/myorders/${bookingId}/receipt`,
    });
    // The email carries the amount, the release date and the receipt's absolute link.
    const [boughtMail] = await site.sql("select text from outgoing_emails where to_address = ? and text like '%You bought%'", [
      firstPayer.email,
    ]);
    expect(String(boughtMail.text)).toMatch(
      /\$7,000\.00[\s\S]*held until \d{4}-\d{2}-\d{2}[\s\S]*https?:\/\/[^\s]+\/dashboard\/myorders\/[^\s]+\/receipt/,
    );
    expect((await notificationsOf(latePayer)).data.map((item) => [item.kind, item.text])).toEqual([
      ["sold", "Nissan Leaf 2019, which you booked, was sold to someone else"],
    ]);
    expect(await emailsWrittenTo(latePayer.email, "sales of cars you booked")).toHaveLength(1);
    // The seller hears of the payment once (`sale`), however often it is reported.
    const afterSale = await notificationsOf(seller);
    expect(afterSale.total).toBe(3);
    expect(afterSale.data[0]).toMatchObject({ kind: "sale", text: expect.stringContaining("A buyer paid $") });
    expect(await emailsWrittenTo(seller.email, "payments for your cars")).toHaveLength(1);
  });
});

describe("disputes and refunds", () => {
  const ADMIN = "admin@autoreseller.test";
  /** A buyer's paid booking of a fresh car of `seller`: the booking's id. */
  async function paidBooking(buyer: Account, seller: Account, name: string, price: number) {
    const carId = await car(name, price, { seller: seller.email });
    const booked = await api("/api/bookings", buyer.token, {
      method: "POST",
      body: { product_id: carId, phone: "1", meetingLocation: "Gulshan" },
    });
    const { insertedId: bookingId } = (await booked.json()) as { insertedId: string };
    const intent = await api("/api/payment/create-payment-intent", buyer.token, { method: "POST", body: { bookingId } });
    const intentId = ((await intent.json()) as { clientSecret: string }).clientSecret.split("_secret_")[0];
    await fetch(`${site.stripeApiUrl}/__control/payment_intents/${intentId}/succeed`, { method: "POST" });
    expect((await api("/api/payment", buyer.token, { method: "POST", body: { bookingId, transactionId: intentId } })).status).toBe(201);
    return bookingId;
  }
  const mailsOf = async (address: string, kindWords: string) =>
    (await site.sql("select text from outgoing_emails where to_address = ? and text like ?", [address, `%${kindWords}%`])).map((row) =>
      String(row.text),
    );
  const latest = async (who: Account, kind: string) => (await notificationsOf(who)).data.find((item) => item.kind === kind);

  it("tell the seller and every admin of a dispute, both sides of its decision, each by email with the amount, the car and a link", async () => {
    const seller = await account("dispute-seller", "seller");
    const buyer = await account("dispute-buyer");
    const admin = { id: "", email: ADMIN, token: await site.accessToken(ADMIN) };
    const bookingId = await paidBooking(buyer, seller, "Nissan Fairlady Z", 22700);

    const opened = await api(`/api/bookings/${bookingId}/dispute`, buyer.token, {
      method: "POST",
      body: { reason: "not_as_described", note: "Scratched" },
    });
    expect(opened.status).toBe(201);
    expect(await latest(seller, "dispute_opened")).toMatchObject({
      text: expect.stringMatching(/reported a problem with your Nissan Fairlady Z\. The \$22,700\.00 is held/),
      link: "/dashboard/sales",
    });
    expect(await latest(admin, "dispute_opened")).toMatchObject({
      text: expect.stringContaining("Nissan Fairlady Z ($22,700.00)"),
      link: "/dashboard/disputes",
    });
    for (const [address, path] of [
      [seller.email, "/dashboard/sales"],
      [ADMIN, "/dashboard/disputes"],
    ]) {
      const mails = (await mailsOf(address, "problems reported with a sale")).filter((text) => text.includes("Nissan Fairlady Z"));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain("$22,700.00");
      expect(mails[0]).toMatch(new RegExp(`https?://[^\\s]+${path}\\b`));
    }
    expect(await latest(buyer, "dispute_opened")).toBeUndefined();

    const [dispute] = await site.sql("select id from disputes where booking_id = ?", [bookingId]);
    const resolved = await api(`/api/admin/disputes/${String(dispute.id)}/resolve`, admin.token, {
      method: "POST",
      body: { outcome: "refund" },
    });
    expect(resolved.status).toBe(200);
    // Again: already resolved, and no one is told twice.
    await api(`/api/admin/disputes/${String(dispute.id)}/resolve`, admin.token, { method: "POST", body: { outcome: "refund" } });
    expect(await latest(buyer, "dispute_resolved")).toMatchObject({
      text: "An admin decided the problem you reported with Nissan Fairlady Z: $22,700.00 is given back to your card.",
      link: "/dashboard/myorders",
    });
    expect(await latest(seller, "dispute_resolved")).toMatchObject({
      text: expect.stringContaining("$22,700.00 is given back to the buyer and the sale is undone"),
      link: "/dashboard/sales",
    });
    for (const address of [buyer.email, seller.email]) {
      const mails = await mailsOf(address, "decisions on reported problems");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/Nissan Fairlady Z[\s\S]*\$22,700\.00[\s\S]*https?:\/\/\S+\/dashboard\/(myorders|sales)/);
    }
  });

  it("tell the buyer the amount back and the seller the sale undone when the seller gives the money back", async () => {
    const seller = await account("refund-seller", "seller");
    const buyer = await account("refund-buyer");
    const bookingId = await paidBooking(buyer, seller, "Toyota Corolla 2016", 9100);
    for (const status of [200, 409]) {
      expect((await api(`/api/bookings/${bookingId}/refund`, seller.token, { method: "POST" })).status).toBe(status);
    }
    expect(await latest(buyer, "refunded")).toMatchObject({
      text: expect.stringContaining("gave back your $9,100.00 for Toyota Corolla 2016"),
      link: "/dashboard/myorders",
    });
    expect(await latest(seller, "refunded")).toMatchObject({
      text: "You gave back $9,100.00 for Toyota Corolla 2016: the sale is undone and the car is for sale again.",
      link: "/dashboard/sales",
    });
    for (const address of [buyer.email, seller.email]) {
      const mails = await mailsOf(address, "you get these emails for: refunds");
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatch(/\$9,100\.00 for Toyota Corolla 2016[\s\S]*https?:\/\/\S+\/dashboard\/(myorders|sales)/);
    }
  });
});

describe("unsubscribing", () => {
  const unsubscribeLinkOf = async (address: string) => {
    const [mail] = await site.sql("select headers from outgoing_emails where to_address = ? and headers is not null", [address]);
    return /^<(.+)>$/.exec((JSON.parse(String(mail.headers)) as Record<string, string>)["List-Unsubscribe"])![1];
  };
  const optOuts = async (who: Account) =>
    (await site.sql("select kind from email_opt_outs where user_id = ?", [who.id])).map((row) => row.kind);

  it("with the email's one-click link (a POST without session or Origin) stops that kind's email, not its notifications", async () => {
    const who = await account("unsub-link");
    const carId = await car("Honda Civic 2018", 8000);
    await save(who, carId);
    await setPrice(carId, 7800);
    const link = await unsubscribeLinkOf(who.email);

    const page = await site.request(link.replace(site.appUrl, ""));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("price drops on cars you saved");
    expect(await optOuts(who)).toEqual([]);

    const forged = new URL(link);
    forged.searchParams.set("kind", "message");
    for (const method of ["GET", "POST"]) {
      const refused = await fetch(forged, {
        method,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: method === "POST" ? "List-Unsubscribe=One-Click" : undefined,
      });
      expect(refused.status, method).toBe(400);
      await refused.arrayBuffer();
    }
    expect(await optOuts(who)).toEqual([]);

    // As a mail client sends it (RFC 8058): no cookie, no Origin.
    const oneClick = await fetch(link, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain("You will no longer get emails about: price drops on cars you saved");
    expect(await optOuts(who)).toEqual(["price_drop"]);

    await setPrice(carId, 7500);
    expect((await notificationsOf(who)).total).toBe(2);
    expect(await emailsWrittenTo(who.email, "price drops")).toHaveLength(1);
  });

  it("in account settings stops and restarts a kind's email", async () => {
    const who = await account("unsub-settings");
    const cookie = await site.signIn(who.email);
    const carId = await car("Mazda 3 2019", 12000);
    await save(who, carId);
    const settings = await (await site.request("/dashboard/settings", { headers: { cookie } })).text();
    expect(settings).toMatch(/<input[^>]*name="email-price_drop"[^>]*checked=""/);

    // Every other kind stays on.
    const others = Object.fromEntries(
      NOTIFICATION_KIND_LIST.filter((kind) => kind !== "price_drop").map((kind) => [`email-${kind}`, "on"]),
    );
    const saved = await site.postForm("/dashboard/settings", { intent: "email-choices", ...others }, cookie);
    expect(saved.status).toBe(200);
    expect(await optOuts(who)).toEqual(["price_drop"]);
    await setPrice(carId, 11500);
    expect((await notificationsOf(who)).total).toBe(1);
    expect(await emailsWrittenTo(who.email, "price drops")).toHaveLength(0);

    await site.postForm("/dashboard/settings", { intent: "email-choices", ...others, "email-price_drop": "on" }, cookie);
    expect(await optOuts(who)).toEqual([]);
    await setPrice(carId, 11000);
    expect(await emailsWrittenTo(who.email, "price drops")).toHaveLength(1);

    const refused = await site.postForm("/dashboard/settings", { intent: "email-choices", "email-sold": "yes" }, cookie);
    expect(refused.status).toBe(400);
    expect(await optOuts(who)).toEqual([]);
  });
});

describe("GET and POST /api/notifications", () => {
  let owner: Account;
  let other: Account;
  let ids: string[];

  beforeAll(async () => {
    [owner, other] = [await account("list-owner"), await account("list-other")];
    // Seven of the owner's, a second apart (ids[0] the oldest), and one of someone else's.
    ids = [];
    for (let index = 0; index < 7; index++) {
      const id = crypto.randomUUID();
      ids.push(id);
      await site.sql(
        "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, ?, 'message', ?, '/dashboard', ?, ?)",
        [id, owner.id, `Message ${index}`, `test:${id}`, new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString()],
      );
    }
    await site.sql(
      "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, ?, 'message', 'Theirs', '/dashboard', 'test:theirs', ?)",
      [crypto.randomUUID(), other.id, new Date().toISOString()],
    );
  });

  it("pages the caller's own, newest first, with the total and the unread count", async () => {
    const first = await notificationsOf(owner);
    expect(first).toMatchObject({ total: 7, currentPage: 1, totalPages: 2, unread: 7 });
    expect(first.data.map((item) => item.text)).toEqual(["Message 6", "Message 5", "Message 4", "Message 3", "Message 2"]);
    const last = await notificationsOf(owner, "?page=3&limit=3");
    expect(last).toMatchObject({ total: 7, currentPage: 3, totalPages: 3, unread: 7 });
    expect(last.data.map((item) => item._id)).toEqual([ids[0]]);
    expect((await notificationsOf(owner, "?page=9")).data).toEqual([]);
  });

  it("marks some or all read, only the caller's own", async () => {
    const marked = await api("/api/notifications/read", owner.token, { method: "POST", body: { ids: [ids[6], ids[5]] } });
    expect(await marked.json()).toEqual({ acknowledged: true, modifiedCount: 2 });
    const again = await api("/api/notifications/read", owner.token, { method: "POST", body: { ids: [ids[6]] } });
    expect(await again.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const page = await notificationsOf(owner);
    expect(page.unread).toBe(5);
    expect(page.data.map((item) => item.read)).toEqual([true, true, false, false, false]);

    // Someone else's ids change nothing, and "all" means the caller's all.
    const theirs = await api("/api/notifications/read", other.token, { method: "POST", body: { ids: [ids[0]] } });
    expect(await theirs.json()).toEqual({ acknowledged: true, modifiedCount: 0 });
    const all = await api("/api/notifications/read", other.token, { method: "POST", body: {} });
    expect(await all.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
    expect((await notificationsOf(owner)).unread).toBe(5);
    const everything = await api("/api/notifications/read", owner.token, { method: "POST", body: {} });
    expect(await everything.json()).toEqual({ acknowledged: true, modifiedCount: 5 });
    expect((await notificationsOf(owner)).unread).toBe(0);
  });

  it("answers 400 with a message for bad input, changing nothing", async () => {
    const fresh = await account("list-bad");
    await site.sql(
      "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, ?, 'message', 'Unread', '/', 'test:bad', ?)",
      [crypto.randomUUID(), fresh.id, new Date().toISOString()],
    );
    for (const query of ["?page=0", "?page=x", "?limit=51", "?limit=-1"]) {
      const response = await api(`/api/notifications${query}`, fresh.token);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toHaveProperty("message");
    }
    for (const body of [{ ids: [] }, { ids: "all" }, { ids: [1] }, { ids: Array.from({ length: 51 }, () => crypto.randomUUID()) }]) {
      const response = await api("/api/notifications/read", fresh.token, { method: "POST", body });
      expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(await response.json()).toHaveProperty("message");
    }
    expect((await notificationsOf(fresh)).unread).toBe(1);
  });
});

describe("the bell and the notifications page", () => {
  it("shows the unread count in the navbar and marks one or all read with form posts", async () => {
    const who = await account("page");
    const rows = [crypto.randomUUID(), crypto.randomUUID()];
    for (const [index, id] of rows.entries()) {
      await site.sql(
        "insert into notifications (id, user_id, kind, text, link, source_key, created_at) values (?, ?, 'booking', ?, '/dashboard/myproducts', ?, ?)",
        [id, who.id, `Page note ${index}`, `test:${id}`, new Date(Date.UTC(2026, 1, 1, 0, 0, index)).toISOString()],
      );
    }
    const cookie = await site.signIn(who.email);
    const home = await (await site.request("/", { headers: { cookie } })).text();
    expect(home).toContain('aria-label="Notifications, 2 unread"');
    expect(home).toContain('href="/dashboard/notifications"');

    const page = await (await site.request("/dashboard/notifications", { headers: { cookie } })).text();
    expect(page).toContain("Page note 1");
    expect(page).toContain("Mark all as read");

    const one = await site.postForm("/dashboard/notifications", { intent: "read", id: rows[0] }, cookie);
    expect(one.status).toBe(200);
    expect(await one.text()).toContain('aria-label="Notifications, 1 unread"');
    const all = await site.postForm("/dashboard/notifications", { intent: "read-all" }, cookie);
    expect(all.status).toBe(200);
    const after = await all.text();
    expect(after).toContain('aria-label="Notifications"');
    expect(after).not.toContain("Mark all as read");
  });

  it("says so when there is nothing yet", async () => {
    const who = await account("page-empty");
    const cookie = await site.signIn(who.email);
    const page = await (await site.request("/dashboard/notifications", { headers: { cookie } })).text();
    expect(page).toContain("No notifications yet");
  });
});
