import { afterEach, describe, expect, it } from "vitest";
import { dealHelpers, type Party } from "../support/deal";
import { accessToken, apiJson, postForm, request, signIn, sql, stack } from "./client";

// The deal offline, with the built-in simulator: money held until the handover, released to the
// seller's payout account (less the fee) or refunded, disputes decided by an admin, the scheduled
// release, and races. After every test the ledger must balance.

const { party, carOf, book, paidBooking, post, booking, expectLedgerBalances, runScheduled, ledgerOf, notificationsOf } =
  dealHelpers(stack);
const DEMO_SELLER = "seller@autoreseller.test";

afterEach(expectLedgerBalances);

const demoSeller = async (): Promise<Party> => ({
  email: DEMO_SELLER,
  token: await accessToken(DEMO_SELLER),
  id: (await sql("select id from users where email = ?", [DEMO_SELLER]))[0].id as string,
});
const admin = () => accessToken("admin@autoreseller.test");

describe("the whole deal with the simulator", () => {
  it("holds the money and reserves the car, then pays the seller less the fee at the handover, once", async () => {
    const seller = await demoSeller();
    const buyer = await party("buyer", "deal-buyer");
    const carId = await carOf(DEMO_SELLER, 18000);
    const bookingId = await paidBooking(buyer, carId);

    const held = await booking(buyer, bookingId);
    expect(held.paid).toBe(true);
    expect(held.payment).toMatchObject({ status: "held", amount: 1_800_000, fee: 90_000, sellerAmount: 1_710_000, releasedAt: null });
    expect(Date.parse(held.payment!.releaseAt) - Date.parse(held.payment!.paidAt)).toBe(168 * 3_600_000);
    expect(await notificationsOf(seller.id, "sale")).toEqual([expect.stringContaining("$18,000.00")]);
    // The car is reserved: its price and the listing stay as they are while the money is held.
    expect((await apiJson(`/api/products/${carId}`, { resalePrice: 100 }, { method: "PATCH", token: seller.token })).status).toBe(409);
    expect(
      (await request(`/api/products/${carId}`, { method: "DELETE", headers: { authorization: `Bearer ${seller.token}` } })).status,
    ).toBe(409);

    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(409);
    expect((await booking(buyer, bookingId)).payment).toMatchObject({ status: "released", releasedAt: expect.any(String) });
    expect(await ledgerOf(bookingId)).toEqual(
      expect.arrayContaining([
        { kind: "charge", amount: 1_800_000, providerId: expect.stringMatching(/^pi_sim_/) },
        { kind: "fee", amount: 90_000, providerId: expect.stringMatching(/^pi_sim_/) },
        { kind: "transfer", amount: 1_710_000, providerId: expect.stringMatching(/^tr_sim_/) },
      ]),
    );
    expect(await notificationsOf(seller.id, "payout")).toContainEqual(expect.stringContaining("$17,100.00"));
  });

  it("lets the seller give the money back: the buyer is refunded in full, the car is for sale again and may be booked again", async () => {
    const seller = await demoSeller();
    const buyer = await party("buyer", "refunded-buyer");
    const other = await party("seller", "other-seller");
    const carId = await carOf(DEMO_SELLER);
    const bookingId = await paidBooking(buyer, carId);

    expect((await post(`/api/bookings/${bookingId}/refund`, other.token)).status).toBe(404);
    expect((await post(`/api/bookings/${bookingId}/refund`, buyer.token)).status).toBe(403);
    expect((await post(`/api/bookings/${bookingId}/refund`, seller.token)).status).toBe(200);
    expect((await post(`/api/bookings/${bookingId}/refund`, seller.token)).status).toBe(409);
    const refunded = await booking(buyer, bookingId);
    expect(refunded).toMatchObject({ paid: false, payment: { status: "refunded", refundedAt: expect.any(String) } });
    expect(await ledgerOf(bookingId)).toEqual([
      { kind: "charge", amount: 1_800_000, providerId: expect.stringMatching(/^pi_sim_/) },
      { kind: "refund", amount: 1_800_000, providerId: expect.stringMatching(/^re_sim_/) },
    ]);
    expect((await sql("select is_paid from products where id = ?", [carId]))[0].is_paid).toBe(0);
    await book(buyer, carId);
  });
});

describe("disputes", () => {
  async function disputed() {
    const buyer = await party("buyer", "unhappy-buyer");
    const bookingId = await paidBooking(buyer, await carOf(DEMO_SELLER));
    const opened = await post(`/api/bookings/${bookingId}/dispute`, buyer.token, {
      reason: "not_as_described",
      note: "The mileage is wrong",
    });
    expect(opened.status).toBe(201);
    const { insertedId } = (await opened.json()) as { insertedId: string };
    return { buyer, bookingId, disputeId: insertedId };
  }

  it("stop the money until an admin decides; released to the seller when the admin says so", async () => {
    const { buyer, bookingId, disputeId } = await disputed();
    expect((await booking(buyer, bookingId)).payment?.status).toBe("disputed");
    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(409);
    expect((await post(`/api/bookings/${bookingId}/dispute`, buyer.token, { reason: "other" })).status).toBe(409);

    const token = await admin();
    const open = (await (await request("/api/admin/disputes?limit=50", { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { _id: string; bookingId: string; reason: string; note: string; amount: number; resolution: null }[];
    };
    expect(open.data).toContainEqual(
      expect.objectContaining({
        _id: disputeId,
        bookingId,
        reason: "not_as_described",
        note: "The mileage is wrong",
        amount: 1_800_000,
        resolution: null,
      }),
    );
    expect((await post(`/api/admin/disputes/${disputeId}/resolve`, token, { outcome: "maybe" })).status).toBe(400);
    expect((await post(`/api/admin/disputes/${disputeId}/resolve`, token, { outcome: "release" })).status).toBe(200);
    expect((await post(`/api/admin/disputes/${disputeId}/resolve`, token, { outcome: "refund" })).status).toBe(409);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("released");
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind).sort()).toEqual(["charge", "fee", "transfer"]);
  });

  it("refund the buyer when the admin says so", async () => {
    const { buyer, bookingId, disputeId } = await disputed();
    expect((await post(`/api/admin/disputes/${disputeId}/resolve`, await admin(), { outcome: "refund" })).status).toBe(200);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("refunded");
    const resolved = (await (
      await request("/api/admin/disputes?status=resolved&limit=50", { headers: { authorization: `Bearer ${await admin()}` } })
    ).json()) as { data: { _id: string; resolution: string }[] };
    expect(resolved.data).toContainEqual(expect.objectContaining({ _id: disputeId, resolution: "refund" }));
  });

  it("refuse hostile bodies with 400 and change nothing", async () => {
    const buyer = await party("buyer", "hostile-buyer");
    const bookingId = await paidBooking(buyer, await carOf(DEMO_SELLER));
    for (const body of [{ reason: "because" }, { reason: "other", note: "x".repeat(1001) }, {}, { reason: ["other"] }]) {
      expect((await post(`/api/bookings/${bookingId}/dispute`, buyer.token, body)).status).toBe(400);
    }
    expect((await booking(buyer, bookingId)).payment?.status).toBe("held");
  });
});

describe("the scheduled release", () => {
  it("releases held money past its release date, and only that", async () => {
    const buyer = await party("buyer", "patient-buyer");
    const due = await paidBooking(buyer, await carOf(DEMO_SELLER));
    const notYet = await paidBooking(buyer, await carOf(DEMO_SELLER));
    await sql("update payments set release_at = ? where booking_id = ?", [new Date(Date.now() - 60_000).toISOString(), due]);
    await runScheduled();
    expect((await booking(buyer, due)).payment?.status).toBe("released");
    expect((await booking(buyer, notYet)).payment?.status).toBe("held");
    expect((await ledgerOf(due)).map((entry) => entry.kind)).toContain("transfer");
  });
});

describe("a seller without a payout account", () => {
  it("has the money due once released, and transferred once their account is ready", async () => {
    const seller = await party("seller", "new-seller");
    const buyer = await party("buyer", "their-buyer");
    const bookingId = await paidBooking(buyer, await carOf(seller.email, 10000));
    const account = () => request("/api/payouts/account", { headers: { authorization: `Bearer ${seller.token}` } });
    expect(await (await account()).json()).toEqual({ status: "none", payoutsEnabled: false });

    expect((await post(`/api/bookings/${bookingId}/handover`, buyer.token)).status).toBe(200);
    const payouts = async () =>
      (await (await request("/api/payouts", { headers: { authorization: `Bearer ${seller.token}` } })).json()) as Record<string, number>;
    expect(await payouts()).toMatchObject({ held: 0, disputed: 0, due: 950_000, paidOut: 0 });

    const link = (await (await post("/api/payouts/account", seller.token)).json()) as { url: string };
    expect(new URL(link.url).pathname).toBe("/dashboard/payouts/simulator");
    expect(await (await account()).json()).toEqual({ status: "pending", payoutsEnabled: false });
    const cookie = await signIn(seller.email);
    // "Set up payouts" stays on the address the browser used (a path, not APP_ORIGIN's host).
    const onboarding = await postForm("/dashboard/payouts", { intent: "onboard" }, cookie);
    expect(onboarding.status).toBe(302);
    expect(onboarding.headers.get("location")).toMatch(/^\/dashboard\/payouts\/simulator\?account=/);
    const ready = await postForm("/dashboard/payouts/simulator", { intent: "ready" }, cookie);
    expect(ready.status).toBe(302);
    expect(await (await account()).json()).toEqual({ status: "ready", payoutsEnabled: true });
    expect(await payouts()).toMatchObject({ due: 0, paidOut: 950_000, total: 3 });
  });

  it("seller2@ of the demo has none; the other demo sellers are ready", async () => {
    const rows = await sql(
      "select u.email, p.status from users u left join payout_accounts p on p.user_id = u.id where u.email in ('seller@autoreseller.test', 'seller2@autoreseller.test') order by u.email",
    );
    expect(rows.map((row) => [row.email, row.status])).toEqual([
      ["seller2@autoreseller.test", null],
      ["seller@autoreseller.test", "ready"],
    ]);
  });
});

describe("bookings before payment", () => {
  it("lets the car's seller see and decline a booking, and tells the buyer why", async () => {
    const seller = await party("seller", "declining-seller");
    const buyer = await party("buyer", "declined-buyer");
    const carId = await carOf(seller.email);
    const bookingId = await book(buyer, carId);
    const received = (await (await request("/api/bookings/received", { headers: { authorization: `Bearer ${seller.token}` } })).json()) as {
      data: { _id: string; buyerName: string; payment: null }[];
      total: number;
    };
    expect(received).toMatchObject({ total: 1, data: [{ _id: bookingId, buyerName: "declined-buyer Person", payment: null }] });
    expect((await post(`/api/bookings/${bookingId}/decline`, buyer.token, {})).status).toBe(403);
    expect((await post(`/api/bookings/${bookingId}/decline`, seller.token, { reason: "x".repeat(301) })).status).toBe(400);
    expect((await post(`/api/bookings/${bookingId}/decline`, seller.token, { reason: "Sold at the garage" })).status).toBe(200);
    expect((await post(`/api/bookings/${bookingId}/decline`, seller.token)).status).toBe(404);
    expect(await notificationsOf(buyer.id, "booking_declined")).toEqual([expect.stringContaining("Sold at the garage")]);

    const paidId = await paidBooking(buyer, carId);
    expect((await post(`/api/bookings/${paidId}/decline`, seller.token)).status).toBe(409);
    expect((await post(`/api/bookings/${paidId}/handover`, buyer.token)).status).toBe(200);
  });
});

describe("races", () => {
  it("a burst of handovers, refunds, disputes and scheduled runs moves a booking's money once", async () => {
    const seller = await demoSeller();
    for (let round = 0; round < 2; round++) {
      const buyer = await party("buyer", "racing-buyer");
      const bookingId = await paidBooking(buyer, await carOf(DEMO_SELLER));
      await sql("update payments set release_at = ? where booking_id = ?", [new Date(Date.now() - 1000).toISOString(), bookingId]);
      const calls = Array.from({ length: 10 }, (_, index) => {
        if (index % 4 === 0) return post(`/api/bookings/${bookingId}/handover`, buyer.token);
        if (index % 4 === 1) return post(`/api/bookings/${bookingId}/refund`, seller.token);
        if (index % 4 === 2) return post(`/api/bookings/${bookingId}/dispute`, buyer.token, { reason: "other" });
        return request(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent("*/10 * * * *")}`);
      });
      const statuses = (await Promise.all(calls)).map((response) => response.status);
      const succeeded = (kind: number) => statuses.filter((status, index) => index % 4 === kind && status < 300).length;
      // One handover or one refund at most, never both (a dispute may come first and a refund after it).
      expect(succeeded(0) + succeeded(1)).toBeLessThanOrEqual(1);
      expect(succeeded(2)).toBeLessThanOrEqual(1);
      expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
      const kinds = (await ledgerOf(bookingId)).map((entry) => entry.kind);
      expect(kinds.filter((kind) => kind === "charge")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "refund").length + kinds.filter((kind) => kind === "transfer").length).toBeLessThanOrEqual(1);
    }
  });

  it("ten handovers at once release once and transfer once", async () => {
    const buyer = await party("buyer", "eager-buyer");
    const bookingId = await paidBooking(buyer, await carOf(DEMO_SELLER));
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => post(`/api/bookings/${bookingId}/handover`, buyer.token)))).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    expect((await ledgerOf(bookingId)).map((entry) => entry.kind).sort()).toEqual(["charge", "fee", "transfer"]);
  });
});

describe("the deal's pages, without JavaScript", () => {
  const page = async (path: string, cookie: string) => {
    const response = await request(path, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("lets the buyer confirm the handover and report a problem from My Orders, with the release date shown", async () => {
    const buyer = await party("buyer", "page-buyer");
    const cookie = await signIn(buyer.email);
    const handedOver = await paidBooking(buyer, await carOf(DEMO_SELLER));
    const troubled = await paidBooking(buyer, await carOf(DEMO_SELLER));
    const orders = await page("/dashboard/myorders", cookie);
    expect(orders).toContain("I have the car");
    expect(orders).toContain("Released to the seller on");

    expect((await postForm("/dashboard/myorders", { intent: "handover", id: handedOver }, cookie)).status).toBe(200);
    expect((await booking(buyer, handedOver)).payment?.status).toBe("released");

    expect(await page(`/dashboard/myorders?dispute=${troubled}`, cookie)).toContain("What went wrong?");
    const bad = await postForm("/dashboard/myorders", { intent: "dispute", id: troubled, reason: "because" }, cookie);
    expect(bad.status).toBe(400);
    expect((await booking(buyer, troubled)).payment?.status).toBe("held");
    const reported = await postForm(
      "/dashboard/myorders",
      { intent: "dispute", id: troubled, reason: "not_handed_over", note: "No show" },
      cookie,
    );
    expect(reported.status).toBe(200);
    expect((await booking(buyer, troubled)).payment?.status).toBe("disputed");
  });

  it("shows the car's page buyer what comes next, and how many booked it to the next buyer", async () => {
    const buyer = await party("buyer", "car-page-buyer");
    const carId = await carOf(DEMO_SELLER);
    await book(await party("buyer", "first-booker"), carId);
    expect(await page(`/cars/${carId}`, await signIn(buyer.email))).toContain("1 buyer has booked this car");
    await paidBooking(buyer, carId);
    const carPage = await page(`/cars/${carId}`, await signIn(buyer.email));
    expect(carPage).toContain("Your purchase");
    expect(carPage).toContain("I have the car");
  });

  it("lets the seller decline a booking and give held money back from their pages", async () => {
    const seller = await party("seller", "page-seller");
    const cookie = await signIn(seller.email);
    const buyer = await party("buyer", "page-booker");
    const declined = await book(buyer, await carOf(seller.email));
    expect(await page("/dashboard/bookings", cookie)).toContain("Decline booking");
    expect((await postForm("/dashboard/bookings", { id: declined, reason: "Not for sale now" }, cookie)).status).toBe(200);
    expect(await sql("select id from bookings where id = ?", [declined])).toEqual([]);

    const sold = await paidBooking(buyer, await carOf(seller.email));
    const sales = await page("/dashboard/sales", cookie);
    expect(sales).toContain("Released on");
    expect(sales).toContain("$17,100.00");
    expect(await page(`/dashboard/sales?confirm=${sold}`, cookie)).toContain("give page-booker Person the money back");
    expect((await postForm("/dashboard/sales", { intent: "refund", id: sold }, cookie)).status).toBe(200);
    expect((await booking(buyer, sold)).payment?.status).toBe("refunded");
    expect(await page("/dashboard", cookie)).toContain("Set up your payout account");
    expect(await page("/dashboard/payouts", cookie)).toContain("Not set up");
  });

  it("lets an admin see a dispute with both parties and their conversation, and resolve it", async () => {
    const buyer = await party("buyer", "talking-buyer");
    const carId = await carOf(DEMO_SELLER);
    await apiJson("/api/conversations", { product_id: carId, text: "Is the car still at the garage?" }, { token: buyer.token });
    const bookingId = await paidBooking(buyer, carId);
    const opened = await post(`/api/bookings/${bookingId}/dispute`, buyer.token, { reason: "not_handed_over" });
    const { insertedId } = (await opened.json()) as { insertedId: string };
    const cookie = await signIn("admin@autoreseller.test");
    const disputes = await page("/dashboard/disputes", cookie);
    expect(disputes).toContain("Is the car still at the garage?");
    expect(disputes).toContain(buyer.email);
    expect(disputes).toContain(DEMO_SELLER);
    expect((await postForm("/dashboard/disputes", { intent: "resolve", id: insertedId, outcome: "release" }, cookie)).status).toBe(200);
    expect((await booking(buyer, bookingId)).payment?.status).toBe("released");
    expect(await page("/dashboard/money", cookie)).toContain("The ledger balances");
  });
});
