// Every page's URL, declared once: app/routes.ts builds the route table from these, and the menu,
// links, redirects and the payment page's CSP (app/.server/web/content-security-policy.ts) use them.

export const PATHS = {
  home: "/",
  homeAlias: "/home",
  blog: "/blog",
  login: "/login",
  loginTwoFactor: "/login/two-factor",
  register: "/register",
  forgotPassword: "/forgot-password",
  resetPassword: "/reset-password/:token",
  verifyEmail: "/verify-email/:token",
  confirmEmailChange: "/confirm-email-change/:token",
  devOutbox: "/dev/outbox",
  categories: "/categories",
  category: "/category/:id",
  search: "/cars",
  car: "/cars/:id",
  seller: "/sellers/:id",
  book: "/book/:id",
  compare: "/compare",
  report: "/report/:id",
  messageSeller: "/cars/:id/message",
  makeOffer: "/cars/:id/offer",
  unsubscribe: "/unsubscribe",
  favourite: "/favourites/:productId",
  personalPageData: "/visitor-parts",
  logout: "/logout",
  oauthStart: "/auth/:provider",
  oauthCallback: "/auth/:provider/callback",
  dashboard: "/dashboard",
  settings: "/dashboard/settings",
  addCar: "/dashboard/addproduct",
  myCars: "/dashboard/myproducts",
  editCar: "/dashboard/myproducts/:id/edit",
  carStatistics: "/dashboard/myproducts/:id/statistics",
  priceSuggestion: "/dashboard/addproduct/price-suggestion",
  myOrders: "/dashboard/myorders",
  receipt: "/dashboard/myorders/:id/receipt",
  payment: "/dashboard/payment/:id",
  allSellers: "/dashboard/allsellers",
  allBuyers: "/dashboard/allbuyers",
  reportedItems: "/dashboard/reporteditem",
  flags: "/dashboard/flags",
  addCategory: "/dashboard/addcategory",
  audit: "/dashboard/audit",
  emailProblems: "/dashboard/email-problems",
  favourites: "/dashboard/favourites",
  savedSearches: "/dashboard/saved-searches",
  notifications: "/dashboard/notifications",
  messages: "/dashboard/messages",
  messageThread: "/dashboard/messages/:id",
  // The deal: the seller's bookings, sales and payouts, the admins' disputes and money.
  receivedBookings: "/dashboard/bookings",
  sales: "/dashboard/sales",
  offers: "/dashboard/offers",
  myOffers: "/dashboard/my-offers",
  payouts: "/dashboard/payouts",
  payoutsSimulator: "/dashboard/payouts/simulator",
  disputes: "/dashboard/disputes",
  money: "/dashboard/money",
  moneyProblems: "/dashboard/money-problems",
} as const;

/** The information pages, one route module for all (the footer links most; every verified badge the last). */
export const INFO_PAGES = ["about", "contact", "jobs", "press-kit", "verified-sellers"] as const;
export const VERIFIED_SELLERS_PATH = "/verified-sellers" satisfies `/${(typeof INFO_PAGES)[number]}`;

type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page's URL with its parameters filled in, e.g. `pathTo(PATHS.book, { id })`. */
export function pathTo<Path extends string>(path: Path, params: Record<ParamsOf<Path>, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name]));
}

/** For app/routes.ts: the part of `path` below its parent route's path (no leading slash). */
export function below(parent: string, path: string): string {
  if (!path.startsWith(parent)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length).replace(/^\//, "");
}

/** The first part of a parameterised path, for matching URLs that start with it. */
export function prefixOf(path: string): string {
  return path.slice(0, path.indexOf(":"));
}
