import { DASHBOARD_MENU, SETTINGS_LINK } from "../../app/lib/dashboard-menu";
import { INFO_PAGES, PATHS, pathTo } from "../../app/lib/paths";
import { type Role } from "../../app/lib/roles";
import { app } from "./browser";

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

export type Ids = Awaited<ReturnType<typeof demoIds>>;

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
        pathTo(PATHS.editProduct, { id: ids.sellersCar }),
        pathTo(PATHS.carStatistics, { id: ids.sellersCar }),
        `${PATHS.myProducts}?status=sold&sort=name`,
        `${PATHS.priceSuggestion}?make=Toyota&model=Corolla&purchaseYear=2016&mileageKm=60000`,
      ]
    : []),
];
