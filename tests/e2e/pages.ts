import { expect } from "vitest";
import { DASHBOARD_MENU, SETTINGS_LINK } from "../../app/lib/site/dashboard-menu";
import { INFO_PAGES, PATHS, pathTo } from "../../app/lib/shared/paths";
import { roleMay } from "../../app/lib/accounts/policy";
import { type Role } from "../../app/lib/accounts/roles";
import { dealHelpers } from "../support/deal";
import { eventually } from "../support/eventually";
import { app, listCarThroughApi } from "./browser";

// Every page of the app for each role, with the demo rows the pages with an id show: the browser
// tests that walk every page (layout, tap targets) take their lists from here.

export const DEMO_EMAILS: Record<Role, string> = {
  buyer: "buyer@autoreseller.test",
  seller: "seller@autoreseller.test",
  admin: "admin@autoreseller.test",
};

async function firstRow(statement: string, args: string[] = []): Promise<string> {
  const [row] = await app.sql(statement, args);
  if (!row) throw new Error(`The demo data has no row for: ${statement}`);
  return String(Object.values(row)[0]);
}

/** The demo rows the pages with an id show: the longest-named unsold car, its category and seller, the buyer's booking, a seller's car. */
export async function demoIds() {
  const userId = (email: string) => firstRow("select id from users where email = ?", [email]);
  const car = await firstRow("select id from products where is_paid = 0 order by length(name) desc limit 1");
  return {
    car,
    category: await firstRow("select category_id from products where id = ?", [car]),
    seller: await firstRow("select seller_id from products where id = ?", [car]),
    booking: await firstRow("select id from bookings where buyer_id = ? order by paid limit 1", [await userId(DEMO_EMAILS.buyer)]),
    sellersCar: await firstRow("select id from products where seller_id = ? and is_paid = 0 limit 1", [await userId(DEMO_EMAILS.seller)]),
    // The buyer's purchase the demo leaves to rate, and seller@'s review (with its answer).
    paidBooking: await firstRow(
      "select id from bookings b where buyer_id = ? and paid = 1 and not exists (select 1 from reviews r where r.booking_id = b.id) limit 1",
      [await userId(DEMO_EMAILS.buyer)],
    ),
    comparedCars: [car, ...(await app.sql("select id from products where id <> ? order by is_paid desc limit 3", [car]))]
      .map((row) => (typeof row === "string" ? row : String(row.id)))
      .join(","),
    reviewedSeller: await userId(DEMO_EMAILS.seller),
    sellersReview: await firstRow("select id from reviews where seller_id = ? limit 1", [await userId(DEMO_EMAILS.seller)]),
  };
}

/**
 * What the demo leaves empty, made through the API so the walks measure these pages' controls with
 * rows on them: a conversation between buyer@ and seller@ (unread on both sides), an open and a
 * countered offer, a paid car buyer@ reported a problem with (told to seller@ and the admins), a
 * listing flagged as under-priced, a money problem, and a saved search for each role. The cars' names
 * are short: a link on one line is the smallest it gets. Returns the conversation's id.
 */
export async function arrangeRowsOnEveryPage(): Promise<{ thread: string }> {
  const { paidBooking, post } = dealHelpers(app);
  const party = async (email: string) => ({
    email,
    token: await app.accessToken(email),
    id: await firstRow("select id from users where email = ?", [email]),
  });
  const [buyer, seller, admin] = [await party(DEMO_EMAILS.buyer), await party(DEMO_EMAILS.seller), await party(DEMO_EMAILS.admin)];
  const created = async (response: Response) => {
    if (response.status !== 201) throw new Error(`Arranging a row failed: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };

  const talkedAbout = await listCarThroughApi(seller.email, "Suzuki Alto");
  const thread = await created(
    await app.apiJson("/api/conversations", { product_id: talkedAbout, text: "Is the cambelt new?" }, { token: buyer.token }),
  );
  await created(await post(`/api/conversations/${thread}/messages`, seller.token, { text: "Changed last spring, with the receipt." }));

  await created(await post(`/api/products/${talkedAbout}/offers`, buyer.token, { amount: 6000, message: "Cash on Friday" }));
  const countered = await listCarThroughApi(seller.email, "Toyota Vitz");
  const offer = await created(await post(`/api/products/${countered}/offers`, buyer.token, { amount: 6000 }));
  expect((await post(`/api/offers/${offer}/counter`, seller.token, { amount: 6500 })).status).toBe(200);

  const disputed = await paidBooking(buyer, await listCarThroughApi(seller.email, "Honda Fit"));
  await created(await post(`/api/bookings/${disputed}/dispute`, buyer.token, { reason: "not_as_described", note: "The seats are torn" }));

  // Far under the demo's many Corolla Axios: the listings queue flags it a moment later.
  const cheap = await listCarThroughApi(seller.email, "Cheap Axio", {
    make: "Toyota",
    model: "Corolla Axio",
    purchaseYear: 2016,
    mileageKm: 60000,
    resalePrice: 2000,
  });
  await eventually(
    () => app.sql("select id from flags where product_id = ?", [cheap]),
    (rows) => rows.length > 0,
  );
  // Reconciliation finds money problems only against a provider; the pages read them from this table.
  await app.sql(
    "insert into money_problems (id, kind, key, booking_id, amount, detail, created_at) values (?, 'unknown_charge', ?, ?, 120000, ?, ?)",
    [
      crypto.randomUUID(),
      `layout-${crypto.randomUUID()}`,
      disputed,
      "A charge of $1,200.00 the ledger does not know",
      new Date().toISOString(),
    ],
  );

  for (const { token } of [buyer, seller, admin]) {
    await created(await app.apiJson("/api/saved-searches", { query: "make=Toyota&maxPrice=20000" }, { token }));
  }
  return { thread };
}

export type Ids = Awaited<ReturnType<typeof demoIds>> & Awaited<ReturnType<typeof arrangeRowsOnEveryPage>>;

/** The public pages whose content depends on who is signed in (which buttons a car offers, the booking form). */
export const carPages = (ids: Ids) => [
  PATHS.home,
  PATHS.search,
  pathTo(PATHS.car, { id: ids.car }),
  pathTo(PATHS.category, { id: ids.category }),
  pathTo(PATHS.seller, { id: ids.seller }),
  pathTo(PATHS.seller, { id: ids.reviewedSeller }),
  pathTo(PATHS.book, { id: ids.car }),
  pathTo(PATHS.report, { id: ids.car }),
];

/** Every public page, seen signed out; signed in, the others differ only in the navbar's links. */
export const signedOutPages = (ids: Ids) => [
  ...carPages(ids),
  PATHS.categories,
  // Four cars side by side (the longest name among them), one sold.
  `${PATHS.compare}?ids=${ids.comparedCars}`,
  PATHS.blog,
  ...INFO_PAGES.map((slug) => `/${slug}`),
  `${PATHS.search}?q=toyota&sort=price-asc`,
  "/no-such-page",
  PATHS.login,
  PATHS.register,
  PATHS.forgotPassword,
  pathTo(PATHS.resetPassword, { token: "not-a-token" }),
  pathTo(PATHS.verifyEmail, { token: "not-a-token" }),
  pathTo(PATHS.confirmEmailChange, { token: "not-a-token" }),
];

/** The role's dashboard: home, its menu, settings, and the pages its rows open. */
export const dashboardPages = (role: Role, ids: Ids) => [
  PATHS.dashboard,
  ...DASHBOARD_MENU[role].map((link) => link.to),
  SETTINGS_LINK.to,
  ...(roleMay(role, "read:inbox") ? [pathTo(PATHS.messageThread, { id: ids.thread })] : []),
  ...(role === "buyer"
    ? [
        pathTo(PATHS.payment, { id: ids.booking }),
        `${PATHS.myOrders}?rate=${ids.paidBooking}`,
        pathTo(PATHS.receipt, { id: ids.paidBooking }),
      ]
    : []),
  ...(role === "admin" ? [`${pathTo(PATHS.seller, { id: ids.reviewedSeller })}?confirm=${ids.sellersReview}`] : []),
  ...(role === "seller"
    ? [
        pathTo(PATHS.editCar, { id: ids.sellersCar }),
        pathTo(PATHS.carStatistics, { id: ids.sellersCar }),
        `${PATHS.myCars}?status=sold&sort=name`,
        `${PATHS.priceSuggestion}?make=Toyota&model=Corolla&purchaseYear=2016&mileageKm=60000`,
      ]
    : []),
];
