import { beforeAll, describe, expect, it } from "vitest";
import { accessToken, apiJson, postForm, register, request, signIn, sql, uniqueEmail } from "./client";

// Private messages between a buyer and a seller: the contract's rows, privacy, reuse of a
// conversation, refusals, the rate limit, read marks and bad input.

interface Account {
  id: string;
  email: string;
  token: string;
}

let seller: Account;
let buyer: Account;
let otherBuyer: Account;
let admin: Account;
let categoryId: string;

async function account(prefix: string, accountType: "buyer" | "seller"): Promise<Account> {
  const email = uniqueEmail(prefix);
  const id = await register({ email, accountType, name: `${prefix} person` });
  return { id, email, token: await accessToken(email) };
}

/** A car of the seller's own, sold when asked. */
async function sellersCar({ sold = false } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await sql(
    `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at, is_paid)
     values (?, 'Message Car', 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', ?, 'Seller', ?, ?, ?)`,
    [id, categoryId, seller.id, seller.email, new Date().toISOString(), sold ? 1 : 0],
  );
  return id;
}

const get = (path: string, token: string, headers: Record<string, string> = {}) =>
  request(path, { headers: { authorization: `Bearer ${token}`, ...headers } });
const json = async <T>(response: Response) => (await response.json()) as T;

interface Summary {
  _id: string;
  product: { _id: string; productName: string; image: string } | null;
  withName: string;
  lastMessage: { text: string; createdAt: string };
  unread: number;
}
interface Message {
  _id: string;
  mine: boolean;
  text: string;
  createdAt: string;
}

async function start(token: string, carId: string, text: string) {
  return apiJson("/api/conversations", { product_id: carId, text }, { token });
}

async function startedConversation(carId: string, text = "Is the price negotiable?"): Promise<string> {
  const response = await start(buyer.token, carId, text);
  expect(response.status).toBe(201);
  return (await json<{ insertedId: string }>(response)).insertedId;
}

const stored = async () => (await sql("select (select count(*) from messages) as m, (select count(*) from conversations) as c"))[0];

beforeAll(async () => {
  categoryId = String((await sql("select id from categories limit 1"))[0].id);
  [seller, buyer, otherBuyer] = await Promise.all([
    account("msg-seller", "seller"),
    account("msg-buyer", "buyer"),
    account("msg-other", "buyer"),
  ]);
  admin = { id: "", email: "admin@autoreseller.test", token: await accessToken("admin@autoreseller.test") };
});

describe("messages API", () => {
  it("starts a conversation from a car, lists it for both sides and answers in it, oldest message first", async () => {
    const car = await sellersCar();
    const id = await startedConversation(car, "Can I see it on Saturday?");

    const sellersList = await json<Summary[]>(await get("/api/conversations", seller.token));
    expect(sellersList[0]).toEqual({
      _id: id,
      product: { _id: car, productName: "Message Car", image: "/images/x.jpg" },
      withName: "msg-buyer person",
      lastMessage: { text: "Can I see it on Saturday?", createdAt: expect.any(String) },
      unread: 1,
    });

    const answer = await apiJson(`/api/conversations/${id}/messages`, { text: "Yes, after 10 am." }, { token: seller.token });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const thread = await json<Message[]>(await get(`/api/conversations/${id}/messages`, buyer.token));
    expect(thread.map(({ mine, text }) => ({ mine, text }))).toEqual([
      { mine: true, text: "Can I see it on Saturday?" },
      { mine: false, text: "Yes, after 10 am." },
    ]);
    const buyersList = await json<Summary[]>(await get("/api/conversations", buyer.token));
    expect(buyersList[0]).toMatchObject({ _id: id, withName: "msg-seller person", lastMessage: { text: "Yes, after 10 am." }, unread: 0 });
  });

  it("lists conversations by latest activity first", async () => {
    const [older, newer] = [await startedConversation(await sellersCar()), await startedConversation(await sellersCar())];
    let list = await json<Summary[]>(await get("/api/conversations", seller.token));
    expect(list.findIndex((row) => row._id === newer)).toBeLessThan(list.findIndex((row) => row._id === older));
    await apiJson(`/api/conversations/${older}/messages`, { text: "Still there?" }, { token: buyer.token });
    list = await json<Summary[]>(await get("/api/conversations", seller.token));
    expect(list[0]._id).toBe(older);
  });

  it("reuses the buyer's conversation about a car: asking again adds the message to it", async () => {
    const car = await sellersCar();
    const first = await startedConversation(car, "First question");
    const again = await startedConversation(car, "Second question");
    expect(again).toBe(first);
    expect(await sql("select count(*) as n from conversations where product_id = ?", [car])).toEqual([expect.objectContaining({ n: 1 })]);
    const thread = await json<Message[]>(await get(`/api/conversations/${first}/messages`, seller.token));
    expect(thread.map((message) => message.text)).toEqual(["First question", "Second question"]);
  });

  it("refuses a sold car (409), the seller's own car and other non-buyers (403) and an unknown car (404), storing nothing", async () => {
    const before = await stored();
    const sold = await start(buyer.token, await sellersCar({ sold: true }), "Hello");
    expect(sold.status).toBe(409);
    expect((await json<{ message: string }>(sold)).message).toMatch(/sold/);
    const own = await start(seller.token, await sellersCar(), "Hello");
    expect(own.status).toBe(403);
    expect((await start(admin.token, await sellersCar(), "Hello")).status).toBe(403);
    expect((await start(buyer.token, crypto.randomUUID(), "Hello")).status).toBe(404);
    expect((await apiJson("/api/conversations", { product_id: await sellersCar(), text: "Hi" })).status).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it("lets the buyer who paid for a car write to its seller; anyone else about it is refused (409)", async () => {
    const car = await sellersCar({ sold: true });
    await sql(
      `insert into bookings (id, product_id, buyer_id, buyer_name, buyer_email, phone, meeting_location, paid, created_at)
       values (?, ?, ?, 'msg-buyer person', ?, '0171', 'Dhaka', 1, ?)`,
      [crypto.randomUUID(), car, buyer.id, buyer.email, new Date().toISOString()],
    );
    const id = await startedConversation(car, "When can I pick it up?");
    const thread = await json<Message[]>(await get(`/api/conversations/${id}/messages`, seller.token));
    expect(thread.map((message) => message.text)).toEqual(["When can I pick it up?"]);
    const before = await stored();
    expect((await start(otherBuyer.token, car, "Is it still for sale?")).status).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it("keeps a conversation private to its buyer and seller: 404 for another buyer, another seller and admins", async () => {
    const id = await startedConversation(await sellersCar(), "Private question");
    const otherSeller = await account("msg-other-seller", "seller");
    for (const outsider of [otherBuyer, otherSeller, admin]) {
      expect((await get(`/api/conversations/${id}/messages`, outsider.token)).status).toBe(404);
      expect((await apiJson(`/api/conversations/${id}/messages`, { text: "Let me in" }, { token: outsider.token })).status).toBe(404);
      const list = await json<Summary[]>(await get("/api/conversations", outsider.token));
      expect(list.map((row) => row._id)).not.toContain(id);
    }
    expect(await sql("select count(*) as n from messages where text = 'Let me in'")).toEqual([expect.objectContaining({ n: 0 })]);
    expect((await get(`/api/conversations/${crypto.randomUUID()}/messages`, buyer.token)).status).toBe(404);
  });

  it("counts the other side's messages as unread until the thread is read, then none", async () => {
    const id = await startedConversation(await sellersCar(), "One");
    await apiJson(`/api/conversations/${id}/messages`, { text: "Two" }, { token: buyer.token });
    const unreadFor = async (account: Account) =>
      (await json<Summary[]>(await get("/api/conversations", account.token))).find((row) => row._id === id)?.unread;
    expect(await unreadFor(seller)).toBe(2);
    expect(await unreadFor(buyer)).toBe(0);
    await get(`/api/conversations/${id}/messages`, seller.token);
    expect(await unreadFor(seller)).toBe(0);
    await apiJson(`/api/conversations/${id}/messages`, { text: "Three" }, { token: seller.token });
    expect(await unreadFor(buyer)).toBe(1);
    expect(await unreadFor(seller)).toBe(0);
  });

  it("answers 304 to a poll while nothing changed (ETag), and the new messages once one arrives", async () => {
    const id = await startedConversation(await sellersCar(), "Polling");
    const first = await get(`/api/conversations/${id}/messages`, buyer.token);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    await first.arrayBuffer();
    const unchanged = await get(`/api/conversations/${id}/messages`, buyer.token, { "if-none-match": etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("etag")).toBe(etag);
    await apiJson(`/api/conversations/${id}/messages`, { text: "News" }, { token: seller.token });
    const changed = await get(`/api/conversations/${id}/messages`, buyer.token, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await json<Message[]>(changed)).at(-1)?.text).toBe("News");
  });

  it("stores text as sent (trimmed) and answers it as text, markup included", async () => {
    const id = await startedConversation(await sellersCar(), "  <img src=x onerror=alert(1)> & <b>bold</b>  ");
    const thread = await json<Message[]>(await get(`/api/conversations/${id}/messages`, seller.token));
    expect(thread[0].text).toBe("<img src=x onerror=alert(1)> & <b>bold</b>");
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const car = await sellersCar();
    const id = await startedConversation(car, "Valid");
    const before = await stored();
    const bodies: unknown[] = [
      { product_id: car },
      { product_id: car, text: "" },
      { product_id: car, text: "   \n " },
      { product_id: car, text: "x".repeat(2001) },
      { text: "No car" },
      { product_id: car, text: 42 },
    ];
    for (const body of bodies) {
      const response = await apiJson("/api/conversations", body, { token: buyer.token });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(await response.json()).toEqual({ message: expect.any(String), issues: expect.any(Array) });
    }
    for (const body of [{}, { text: "" }, { text: "\u200b " }, { text: "y".repeat(2001) }, { text: "bell\u0007" }]) {
      const response = await apiJson(`/api/conversations/${id}/messages`, body, { token: buyer.token });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    const text = await apiJson(`/api/conversations/${id}/messages`, "not an object", { token: buyer.token });
    expect(text.status).toBe(400);
    expect(await stored()).toEqual(before);
    // 2,000 characters is the most a message may have.
    expect((await apiJson(`/api/conversations/${id}/messages`, { text: "z".repeat(2000) }, { token: buyer.token })).status).toBe(201);
  });

  it("notifies the other side of each message, emailing a side at most once in 15 minutes while it has not read", async () => {
    const emailsTo = async (account: Account) =>
      Number((await sql("select count(*) as n from outgoing_emails where to_address = ?", [account.email]))[0].n);
    const sellersEmails = await emailsTo(seller);
    const id = await startedConversation(await sellersCar(), "Notify me");
    const notificationsOf = (account: Account) =>
      sql("select text, link from notifications where user_id = ? and kind = 'message' and link = ?", [
        account.id,
        `/dashboard/messages/${id}`,
      ]);
    await apiJson(`/api/conversations/${id}/messages`, { text: "Are you there?" }, { token: buyer.token });
    expect(await notificationsOf(seller)).toEqual([
      expect.objectContaining({ text: "New message from msg-buyer person about Message Car" }),
      expect.objectContaining({ text: "New message from msg-buyer person about Message Car" }),
    ]);
    // The first message was emailed; the second, unread within 15 minutes, was not.
    expect(await emailsTo(seller)).toBe(sellersEmails + 1);
    await get(`/api/conversations/${id}/messages`, seller.token);
    // Reading the thread reads its notifications too (the navbar's bell drops them).
    expect(
      await sql("select read_at from notifications where user_id = ? and link = ? and read_at is null", [
        seller.id,
        `/dashboard/messages/${id}`,
      ]),
    ).toEqual([]);
    const buyersEmails = await emailsTo(buyer);
    await apiJson(`/api/conversations/${id}/messages`, { text: "Yes" }, { token: seller.token });
    expect(await notificationsOf(buyer)).toHaveLength(1);
    expect(await emailsTo(buyer)).toBe(buyersEmails + 1);
    // Once the seller has read, the next message is emailed again.
    await apiJson(`/api/conversations/${id}/messages`, { text: "Great" }, { token: buyer.token });
    expect(await emailsTo(seller)).toBe(sellersEmails + 2);
  });

  it("lets one user send 30 messages a minute, then answers 429 with Retry-After and stores nothing more", async () => {
    const chatty = await account("msg-chatty", "buyer");
    const first = await start(chatty.token, await sellersCar(), "Message 1");
    const id = (await json<{ insertedId: string }>(first)).insertedId;
    for (let sent = 2; sent <= 30; sent++) {
      const response = await apiJson(`/api/conversations/${id}/messages`, { text: `Message ${sent}` }, { token: chatty.token });
      expect(response.status).toBe(201);
    }
    const refused = await apiJson(`/api/conversations/${id}/messages`, { text: "Message 31" }, { token: chatty.token });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await json<{ message: string }>(refused)).message).toMatch(/at most 30 a minute/);
    expect((await start(chatty.token, await sellersCar(), "Another car")).status).toBe(429);
    expect(await sql("select count(*) as n from messages where sender_id = ?", [chatty.id])).toEqual([expect.objectContaining({ n: 30 })]);
    // The limit is the sender's: the seller still answers.
    expect((await apiJson(`/api/conversations/${id}/messages`, { text: "Slow down" }, { token: seller.token })).status).toBe(201);
  });
});

describe("messages pages (form posts, without JavaScript)", () => {
  it("starts a conversation from the car's form, answers in the thread and reports it; bad input changes nothing", async () => {
    const [buyerCookie, sellerCookie, adminCookie] = await Promise.all([signIn(buyer.email), signIn(seller.email), signIn(admin.email)]);
    const car = await sellersCar();
    const started = await postForm(`/cars/${car}/message`, { text: "Hello from the page" }, buyerCookie);
    expect(started.status).toBe(302);
    const threadPath = started.headers.get("location")!;
    expect(threadPath).toMatch(/^\/dashboard\/messages\/[0-9a-f-]{36}$/);

    const inbox = await (await request("/dashboard/messages", { headers: { cookie: sellerCookie } })).text();
    expect(inbox).toContain("Hello from the page");
    expect(inbox).toContain("1 unread");

    const before = await stored();
    for (const text of ["", "   ", "x".repeat(2001)]) {
      const refused = await postForm(threadPath, { intent: "send", text }, sellerCookie);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/Write a message|at most 2000 characters/);
    }
    expect((await postForm(`/cars/${car}/message`, { text: " " }, buyerCookie)).status).toBe(400);
    expect(await stored()).toEqual(before);

    const answered = await postForm(threadPath, { intent: "send", text: "Answer from the page" }, sellerCookie);
    expect(answered.status).toBe(302);
    expect(answered.headers.get("location")).toBe(threadPath);
    const thread = await (await request(threadPath, { headers: { cookie: buyerCookie } })).text();
    expect(thread.indexOf("Hello from the page")).toBeLessThan(thread.indexOf("Answer from the page"));
    expect(thread).toContain("$90");

    expect((await request(threadPath, { headers: { cookie: adminCookie } })).status).toBe(404);
    expect((await postForm(threadPath, { intent: "send", text: "Admin" }, adminCookie)).status).toBe(404);
    const otherCookie = await signIn(otherBuyer.email);
    expect((await request(threadPath, { headers: { cookie: otherCookie } })).status).toBe(404);

    const reported = await postForm(threadPath, { intent: "report", reason: "Asks me to pay outside the site" }, buyerCookie);
    expect(reported.status).toBe(200);
    expect(await reported.text()).toContain("our admins will read this conversation");
    expect((await postForm(threadPath, { intent: "report", reason: "" }, buyerCookie)).status).toBe(409);
    const id = threadPath.split("/").at(-1)!;
    expect(await sql("select reason from conversation_reports where conversation_id = ?", [id])).toEqual([
      expect.objectContaining({ reason: "Asks me to pay outside the site" }),
    ]);
    // The report shows the conversation to the admins, in the reported-items area.
    const reportedItems = await (await request("/dashboard/reporteditem", { headers: { cookie: adminCookie } })).text();
    expect(reportedItems).toContain("Asks me to pay outside the site");
    expect(reportedItems).toContain("Answer from the page");
  });
});

describe("the navbar's unread messages", () => {
  it("count every conversation's unread messages for buyers and sellers, and are not offered to admins", async () => {
    const seller2 = await account("msg-nav-seller", "seller");
    const [sellerCookie, adminCookie] = await Promise.all([signIn(seller2.email), signIn(admin.email)]);
    const navbar = async (cookie: string) =>
      (await (await request("/", { headers: { cookie } })).text()).match(/aria-label="Messages[^"]*"/)?.[0];
    expect(await navbar(sellerCookie)).toBe('aria-label="Messages"');
    const carOf = async () => {
      const id = crypto.randomUUID();
      await sql(
        `insert into products (id, name, original_price, resale_price, location, category_id, condition, mobile, description, purchase_year, image, seller_id, seller_name, seller_email, created_at)
         values (?, 'Navbar Car', 100, 90, 'Dhaka', ?, 'Good', '0171', 'd', 2020, '/images/x.jpg', ?, 'Seller', ?, ?)`,
        [id, categoryId, seller2.id, seller2.email, new Date().toISOString()],
      );
      return id;
    };
    const first = await json<{ insertedId: string }>(await start(buyer.token, await carOf(), "First car?"));
    await start(otherBuyer.token, await carOf(), "Second car?");
    await apiJson(`/api/conversations/${first.insertedId}/messages`, { text: "Still there?" }, { token: buyer.token });
    expect(await navbar(sellerCookie)).toBe('aria-label="Messages, 3 unread"');
    await get(`/api/conversations/${first.insertedId}/messages`, seller2.token);
    expect(await navbar(sellerCookie)).toBe('aria-label="Messages, 1 unread"');
    expect(await navbar(adminCookie)).toBeUndefined();
  });
});
